import { plainText } from './presentation/plainText';
import { t } from './l10n';

/**
 * A connection read from the address a user copies: the browser's address bar on the service's web portal, or its
 * API definition page (Swagger UI). Pure, so the Add Connection input validates with it as the user types and a
 * table-driven test names every shape.
 *
 * The rule, applied to the path after the origin (query and fragment are dropped):
 * 1. A segment ending in `_` (`orchestrator_`) after two logical names is the service segment: the two names before
 *    it are the account and the tenant, anything before them part of the service URL, and everything after it is
 *    cut. The identity provider is then `<serviceUrl>/identity_`.
 * 2. Otherwise the path is cut at the first known trailing part: the API's `odata`, `api`, `swagger`, `signalr`, and
 *    the portal's page words in PORTAL_PAGES (`jobs`, `queues`, `home`, …). What is left:
 *    - two names or more: cloud without a service segment (the spec's `/<account>/<tenant>/odata/…`, which the local
 *      sandbox serves); the last two are the account and the tenant, anything before them part of the service URL.
 *      The identity provider is `<serviceUrl>/identity`;
 *    - one segment: on-premises, the segment is the virtual directory (`/Orchestrator`);
 *    - none: on-premises at the root. A bare host is ambiguous (a cloud host without a tenant): on-premises, with a
 *      note saying how to get the cloud reading.
 * The guess can be wrong (a tenant named like a page word, a cloud page not listed): Add Connection shows what was
 * derived, and every field can be changed before saving.
 */

/** Path parts after which nothing names the tenant: the API's roots. */
export const API_PARTS = ['odata', 'api', 'swagger', 'signalr'] as const;

/** The web portal's page words (the first path part of a page inside a tenant or an on-premises portal). */
export const PORTAL_PAGES = [
  'home',
  'jobs',
  'processes',
  'packages',
  'libraries',
  'queues',
  'assets',
  'robots',
  'machines',
  'folders',
  'triggers',
  'schedules',
  'monitoring',
  'logs',
  'audit',
  'alerts',
  'users',
  'roles',
  'settings',
  'tenant',
  'webhooks',
  'credentials',
  'buckets',
  'testing',
] as const;

export interface DerivedCloud {
  kind: 'cloud';
  /** The origin, plus any path before the account. */
  serviceUrl: string;
  account: string;
  tenant: string;
  serviceSegment?: string;
  identityUrl: string;
  portalUrl: string;
  /** Where the guess may be wrong, in the user's words. */
  notes: string[];
}

export interface DerivedOnPremises {
  kind: 'onPremises';
  /** The origin plus the virtual directory, if any. */
  serviceUrl: string;
  identityUrl?: string;
  portalUrl: string;
  notes: string[];
}

export type DerivedConnection = DerivedCloud | DerivedOnPremises;
export type Derivation = DerivedConnection | { kind: 'refused'; refusal: string };

const LOGICAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const SERVICE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9-]{0,126}_$/;
/** Service segments of a tenant that are not the orchestration service. */
const OTHER_SERVICES = new Map([
  ['ideas_', t('idea service')],
  ['identity_', t('identity provider')],
]);

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const TRAILING = new Set<string>([...API_PARTS, ...PORTAL_PAGES]);

const refused = (refusal: string): Derivation => ({ kind: 'refused', refusal });
const quoted = (text: string) => `'${plainText(text, { maxLength: 80 })}'`;

/** What the pasted address says about the connection, or why it cannot be used (a sentence for the user). */
export function deriveConnection(pasted: string): Derivation {
  let text = pasted.trim();
  if (!text) return refused(t('Paste the address of your tenant, for example https://cloud.example.com/acme/main.'));
  if (/\s/.test(text)) return refused(t('An address has no spaces: paste the whole address from the address bar.'));
  // The address bar may hide the scheme; a host name with a dot and nothing before it reads as https.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/|$)/i.test(text))
    // l10n: code (an address)
    text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused(t('{0} is not an address: paste it whole, starting with https://.', quoted(text)));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refused(
      t(
        'Paste an https:// address (or http:// for a local service), not one starting with {0}.',
        quoted(url.protocol.slice(0, -1)),
      ),
    );
  if (url.username || url.password) return refused(t('Leave the user name and password out of the address.'));
  if (url.protocol === 'http:' && !LOCAL_HOSTS.includes(url.hostname))
    return refused(t('Use https:// for {0}: tokens must not travel unencrypted.', quoted(url.hostname)));
  const parts = url.pathname.split('/').filter(Boolean);
  const lower = parts.map((p) => p.toLowerCase());
  if (lower[0] === 'identity' || lower[0] === 'identity_')
    return refused(t("This is the identity provider's address: paste the address of a page of your tenant."));

  const segmentAt = parts.findIndex((p, i) => i >= 2 && SERVICE_SEGMENT.test(p));
  // Other services of the same tenant live beside the orchestration service; their address is not its address.
  if (segmentAt >= 0 && OTHER_SERVICES.has(lower[segmentAt]!))
    return refused(
      t(
        "This is the address of the tenant's {0}: paste the address of a page of the orchestration service (…/{1}/{2}/orchestrator_/…); the idea service's URL can be added afterwards with Edit Connection.",
        OTHER_SERVICES.get(lower[segmentAt]!)!,
        parts[segmentAt - 2]!,
        parts[segmentAt - 1]!,
      ),
    );
  // A service part (`portal_`, an organization's page) before two names: no tenant in the address.
  const serviceAt = parts.findIndex((p) => p.endsWith('_'));
  if (segmentAt < 0 && serviceAt >= 0 && serviceAt < 2)
    return refused(
      t(
        '{0} comes before an account and a tenant: paste the address of a page inside your tenant (https://<host>/<account>/<tenant>/…).',
        quoted(parts[serviceAt]!),
      ),
    );
  const cut = segmentAt >= 0 ? segmentAt : lower.findIndex((p) => TRAILING.has(p));
  const named = cut >= 0 ? parts.slice(0, cut) : parts;
  const notes: string[] = [];

  if (segmentAt < 0 && named.length < 2) {
    const serviceUrl = `${url.origin}${named.length ? `/${named[0]}` : ''}`;
    if (named.length === 0 && cut < 0)
      notes.push(
        t(
          'Only a host was given, so this reads as on-premises. For a cloud tenant, paste the address of a page inside it (https://<host>/<account>/<tenant>/…).',
        ),
      );
    return { kind: 'onPremises', serviceUrl, portalUrl: serviceUrl, notes };
  }

  const prefix = named.slice(0, -2);
  const [account, tenant] = named.slice(-2) as [string, string];
  for (const [what, name] of [
    ['account', account],
    ['tenant', tenant],
  ] as const)
    if (!LOGICAL_NAME.test(name))
      return refused(
        t(
          '{0} cannot be the {1} (letters, digits, - and _ only): paste the address of a page inside your tenant.',
          quoted(decodeSafely(name)),
          what,
        ),
      );
  const serviceUrl = `${url.origin}${prefix.map((p) => `/${p}`).join('')}`;
  if (prefix.length > 0)
    notes.push(t('The path before the account (/{0}) is kept as part of the service URL.', prefix.join('/')));
  const serviceSegment = segmentAt >= 0 ? parts[segmentAt] : undefined;
  const tenantUrl = `${serviceUrl}/${account}/${tenant}`;
  return {
    kind: 'cloud',
    serviceUrl,
    account,
    tenant,
    ...(serviceSegment ? { serviceSegment } : {}),
    identityUrl: `${serviceUrl}/${serviceSegment ? 'identity_' : 'identity'}`,
    portalUrl: serviceSegment ? `${tenantUrl}/${serviceSegment}` : tenantUrl,
    notes,
  };
}

function decodeSafely(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
