import { IDENTITY_SEGMENT, ORCHESTRATOR_SEGMENT, otherServiceName } from './platformServices';
import { quoted, readPastedAddress, type PastedAddress } from './pastedAddress';
import { plainText } from './presentation/plainText';
import { t } from './l10n';

/**
 * A connection read from the address a user copies: the browser's address bar on the service's web portal, on a page
 * of another service of the same tenant, or the API definition page (Swagger UI). Pure, so the Add Connection input
 * validates with it as the user types and a table-driven test names every shape. pastedAddress.ts reads the text as
 * an address first (scheme, credentials, host, escapes); this reads its path (query and fragment are dropped):
 * 1. A service segment after two logical names: `orchestrator_` is the orchestration service's own; the two names
 *    before it are the account and the tenant, anything before them part of the service URL, everything after it
 *    cut, and the identity provider is `<serviceUrl>/identity_`. Another service's segment (platformServices.ts:
 *    `actions_`, `portal_`, `ideas_`, …) names the same account and tenant: the connection uses `orchestrator_` of
 *    that tenant, and a note says which service the address was. A segment neither list knows is asked about.
 * 2. Otherwise the path is cut at the API's root (`odata`, `api`, `swagger`, `signalr`), else at the first of the web
 *    portal's page words (PORTAL_PAGES). What is left:
 *    - two names or more: cloud without a service segment (the spec's `/<account>/<tenant>/odata/…`, which the local
 *      sandbox serves); the last two are the account and the tenant, anything before them part of the service URL.
 *      The identity provider is `<serviceUrl>/identity`;
 *    - one segment: on-premises, the segment is the virtual directory (`/Orchestrator`);
 *    - none: on-premises at the root. A bare host is ambiguous (a cloud host without a tenant): on-premises, with a
 *      note saying how to get the cloud reading.
 *    When the page word cut at could as well be a tenant's name (`/acme/home`, `/Orchestrator/jobs`, a tenant named
 *    `Testing`) and the cloud reading fits too, both readings are offered and the user chooses: nothing is guessed.
 * Add Connection shows what was derived, and every field can be changed before saving.
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
  /** Where the guess may be wrong, or what the address was, in the user's words. */
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

/** One way to read an address that can be read more than one way, as the user chooses it. */
export interface AddressReading {
  label: string;
  detail: string;
  derived: DerivedConnection;
}

/** An address with more than one fitting reading: the question, and the readings to choose from. */
export interface AmbiguousAddress {
  kind: 'ambiguous';
  question: string;
  readings: AddressReading[];
}

export type Derivation = DerivedConnection | AmbiguousAddress | { kind: 'refused'; refusal: string };

const LOGICAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const SERVICE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9-]{0,126}_$/;
const API_ROOTS = new Set<string>(API_PARTS);
const PAGE_WORDS = new Set<string>(PORTAL_PAGES);

const refused = (refusal: string): Derivation => ({ kind: 'refused', refusal });

/** What the pasted address says about the connection, the readings to choose from, or why it cannot be used. */
export function deriveConnection(pasted: string): Derivation {
  const address = readPastedAddress(pasted);
  if (address.kind === 'refused') return address;
  const { names } = address;
  const lower = names.map((p) => p.toLowerCase());
  if (lower[0] === 'identity' || lower[0] === IDENTITY_SEGMENT || lower[1] === IDENTITY_SEGMENT)
    return refused(t("This is the identity provider's address: paste the address of a page of your tenant."));

  const segmentAt = serviceSegmentAt(lower);
  if (segmentAt >= 0) return fromServiceSegment(address, segmentAt);
  // A service part (`portal_`, an organization's page) before two names: no tenant in the address.
  const serviceAt = names.findIndex((p) => SERVICE_SEGMENT.test(p));
  if (serviceAt >= 0 && serviceAt < 2) {
    const service = otherServiceName(names[serviceAt]!);
    return refused(
      service
        ? t(
            '{0} comes before an account and a tenant: this is a page of the {1} that names no tenant. Paste the address of a page inside your tenant (https://<host>/<account>/<tenant>/…).',
            quoted(names[serviceAt]!),
            service,
          )
        : t(
            '{0} comes before an account and a tenant: paste the address of a page inside your tenant (https://<host>/<account>/<tenant>/…).',
            quoted(names[serviceAt]!),
          ),
    );
  }

  const apiAt = lower.findIndex((p) => API_ROOTS.has(p));
  // The API's root comes right after the service's own path: nothing before it is a page.
  if (apiAt >= 0) return fromNames(address, apiAt, apiAt);
  const pageAt = lower.findIndex((p) => PAGE_WORDS.has(p));
  if (pageAt < 0) return fromNames(address, names.length, names.length);
  const reading = fromNames(address, pageAt, pageAt);
  if (reading.kind !== 'onPremises') return reading;
  // The page word may be a tenant's name (`Testing`) or the portal's page: when the cloud reading fits too, ask.
  const nextPage = lower.findIndex((p, i) => i > pageAt && PAGE_WORDS.has(p));
  const cut = nextPage < 0 ? names.length : nextPage;
  const cloud = fromNames(address, cut, cut);
  if (cloud.kind !== 'cloud') return reading;
  return {
    kind: 'ambiguous',
    question: t(
      "Is {0} a tenant's name, or a page of an on-premises service? Choose how to read the address.",
      quoted(names[pageAt]!),
    ),
    readings: [
      {
        label: t('$(cloud) Cloud: account {0}, tenant {1}', cloud.account, cloud.tenant),
        detail: t('The API is at {0}/{1}/{2}', cloud.serviceUrl, cloud.account, cloud.tenant),
        derived: cloud,
      },
      {
        label:
          reading.serviceUrl === address.origin
            ? t('$(server) On-premises, at the root of the host')
            : t('$(server) On-premises, in {0}', plainText(`/${address.raw.slice(0, pageAt).join('/')}`)),
        detail: t('{0} is a page of the web portal; the API is at {1}', quoted(names[pageAt]!), reading.serviceUrl),
        derived: reading,
      },
    ],
  };
}

/** Where the service segment is: `orchestrator_`, else another service's, else any `…_` part, after two names. */
function serviceSegmentAt(lower: string[]): number {
  const after = (test: (p: string) => boolean) => lower.findIndex((p, i) => i >= 2 && test(p));
  const own = after((p) => p === ORCHESTRATOR_SEGMENT);
  if (own >= 0) return own;
  const other = after((p) => otherServiceName(p) !== undefined);
  return other >= 0 ? other : after((p) => SERVICE_SEGMENT.test(p));
}

function fromServiceSegment(address: PastedAddress, at: number): Derivation {
  const segment = address.names[at]!;
  if (segment.toLowerCase() === ORCHESTRATOR_SEGMENT) return cloudOf(address, at, segment, []);
  const service = otherServiceName(segment);
  if (service)
    return cloudOf(address, at, ORCHESTRATOR_SEGMENT, [
      t(
        'This was the address of the {0} ({1}); the connection uses the orchestration service of the same tenant.',
        service,
        segment,
      ),
    ]);
  // A segment nobody listed: a deployment's own name for the orchestration service, or another service's page.
  const own = cloudOf(address, at, segment, []);
  const other = cloudOf(address, at, ORCHESTRATOR_SEGMENT, [
    t(
      'This was the address of another service ({0}); the connection uses the orchestration service of the same tenant.',
      segment,
    ),
  ]);
  if (own.kind !== 'cloud' || other.kind !== 'cloud') return own;
  return {
    kind: 'ambiguous',
    question: t('Is {0} where the orchestration service is, or another service of the tenant?', quoted(segment)),
    readings: [
      {
        label: t('$(server-process) {0} is the orchestration service', segment),
        detail: t('The API is at {0}', own.portalUrl),
        derived: own,
      },
      {
        label: t('$(link) {0} is another service of the tenant', segment),
        detail: t('The API is at {0}', other.portalUrl),
        derived: other,
      },
    ],
  };
}

/**
 * The connection named by the parts before `cut`: cloud (the last two are the account and the tenant) when two or
 * more, on-premises otherwise. `pageAt` is where the portal's page or the API begins (nothing left: a bare host).
 */
function fromNames(address: PastedAddress, cut: number, pageAt: number): Derivation {
  if (cut >= 2) return cloudOf(address, cut, undefined, []);
  const serviceUrl = `${address.origin}${cut === 1 ? `/${address.raw[0]}` : ''}`;
  const notes =
    cut === 0 && pageAt >= address.names.length
      ? [
          t(
            'Only a host was given, so this reads as on-premises. For a cloud tenant, paste the address of a page inside it (https://<host>/<account>/<tenant>/…).',
          ),
        ]
      : [];
  return { kind: 'onPremises', serviceUrl, portalUrl: serviceUrl, notes };
}

/** The cloud connection whose account and tenant are the two parts before `at`, with this service segment. */
function cloudOf(address: PastedAddress, at: number, segment: string | undefined, notes: string[]): Derivation {
  const { origin, raw, names } = address;
  const account = names[at - 2]!;
  const tenant = names[at - 1]!;
  for (const [what, name] of [
    ['account', account],
    ['tenant', tenant],
  ] as const)
    if (!LOGICAL_NAME.test(name))
      return refused(
        t(
          '{0} cannot be the {1} (letters, digits, - and _ only): paste the address of a page inside your tenant.',
          quoted(name),
          what,
        ),
      );
  const prefix = raw.slice(0, at - 2);
  const serviceUrl = `${origin}${prefix.map((p) => `/${p}`).join('')}`;
  const prefixNotes =
    prefix.length > 0
      ? [t('The path before the account (/{0}) is kept as part of the service URL.', prefix.join('/'))]
      : [];
  const tenantUrl = `${serviceUrl}/${account}/${tenant}`;
  return {
    kind: 'cloud',
    serviceUrl,
    account,
    tenant,
    ...(segment ? { serviceSegment: segment } : {}),
    identityUrl: `${serviceUrl}/${segment ? IDENTITY_SEGMENT : 'identity'}`,
    portalUrl: segment ? `${tenantUrl}/${segment}` : tenantUrl,
    notes: [...notes, ...prefixNotes],
  };
}
