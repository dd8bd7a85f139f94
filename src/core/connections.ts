import * as z from 'zod/mini';
import './zodLocale';
import { t } from './l10n';

/**
 * A connection as the user configures it in `orchestrator.connections` (no secrets). Validators are pure so the
 * Add Connection input can check each field as the user types, and tests can name the bad inputs.
 */
export const ConnectionSettingSchema = z.object({
  label: z.string().check(z.trim()).check(z.minLength(1)),
  kind: z.enum(['cloud', 'onPremises']),
  serviceUrl: z.string(),
  identityUrl: z.optional(z.string()),
  account: z.optional(z.string()),
  tenant: z.optional(z.string()),
  /** Cloud: the service's path segment after the tenant (`orchestrator_`), when the API lives under one. */
  serviceSegment: z.optional(z.string()),
  namespace: z.optional(z.string()),
  queueNamespace: z.optional(z.string()),
  headerPrefix: z.optional(z.string()),
  /**
   * How Sign In gets a token: `browser` (authorization code + PKCE; the default for cloud), `accessToken` (a pasted
   * token; the default on-premises) or `application` (client credentials: `clientId` is the application id, its secret
   * is asked at Sign In and kept in SecretStorage only).
   */
  authentication: z.optional(z.enum(['browser', 'accessToken', 'application'])),
  clientId: z.optional(z.string()),
  scopes: z.optional(z.string()),
  audience: z.optional(z.string()),
  protection: z.optional(z.enum(['normal', 'confirm', 'readOnly'])),
  loginHint: z.optional(z.string()),
  prompt: z.optional(z.string()),
  ideasUrl: z.optional(z.string()),
  /** Where the tenant's web portal is (derived from a pasted address; editable). */
  portalUrl: z.optional(z.string()),
});
export type ConnectionSetting = z.infer<typeof ConnectionSettingSchema>;

export interface Connection extends ConnectionSetting {
  /** Stable across label edits: derived from where the tenant lives. */
  id: string;
  authentication: Authentication;
  clientId: string;
  /** What Sign In asks for; for an application empty means none named (the provider grants what it was granted). */
  scopes: string;
  protection: 'normal' | 'confirm' | 'readOnly';
}

export type Authentication = NonNullable<ConnectionSetting['authentication']>;

export const DEFAULT_CLIENT_ID = 'orchestrator-workbench';
// l10n: code — OAuth scopes sent to the identity provider.
export const DEFAULT_SCOPES = 'openid profile offline_access email';

/** The way a connection signs in when the setting does not say. */
export const authenticationOf = (setting: Pick<ConnectionSetting, 'kind' | 'authentication'>): Authentication =>
  setting.authentication ?? (setting.kind === 'cloud' ? 'browser' : 'accessToken');

/** Scopes: words of RFC 6749's scope characters (no quote, no backslash) separated by spaces; empty is allowed. */
export function validateScopes(value: string): string | undefined {
  const words = value.trim().split(/\s+/).filter(Boolean);
  return words.every((word) => /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(word))
    ? undefined
    : t('Scopes are words separated by spaces (for example OR.Folders.Read OR.Jobs).');
}

export function validateUrl(value: string, what = 'URL'): string | undefined {
  const text = value.trim();
  if (!text) return t('Enter the {0}.', what);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return t("'{0}' is not a valid URL (for example https://cloud.example.com).", text);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return t('The {0} must start with https:// (or http:// for a local service).', what);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !local)
    return t('Use https:// for {0}: tokens must not travel unencrypted.', url.hostname);
  if (url.username || url.password) return t('Leave credentials out of the URL.');
  if (url.search || url.hash) return t('Leave query and fragment out of the URL.');
  return undefined;
}

export function validateLogicalName(value: string, what: 'account' | 'tenant'): string | undefined {
  const text = value.trim();
  if (!text) return t('Enter the {0} logical name.', what);
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/.test(text))
    return t('The {0} logical name may contain letters, digits, - and _ (as in the URL after the host).', what);
  return undefined;
}

/** A check of an optional field: empty passes; anything else matches `pattern`, or `problem()` says what it must be. */
const optionalMatching =
  (pattern: RegExp, problem: () => string) =>
  (value: string): string | undefined => {
    const text = value.trim();
    return !text || pattern.test(text) ? undefined : problem();
  };

/** A service segment (`orchestrator_`): empty means none. */
export const validateServiceSegment = optionalMatching(/^[A-Za-z0-9_-]{1,128}$/, () =>
  t('The service segment may contain letters, digits, - and _ (as in the URL after the tenant, e.g. orchestrator_).'),
);

/** An OData namespace as the service names it: dotted identifiers (Vendor.Server.Configuration.OData). */
export const validateNamespace = optionalMatching(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/, () =>
  t('A namespace is names of letters, digits and _ joined by dots (for example Vendor.Server.Configuration.OData).'),
);

/** The folder headers' prefix: a header-name word such as X-VENDOR. */
export const validateHeaderPrefix = optionalMatching(/^[A-Za-z][A-Za-z0-9-]*$/, () =>
  t('A header prefix is letters, digits and - (for example X-VENDOR, as in X-VENDOR-OrganizationUnitId).'),
);

export function validateClientId(value: string): string | undefined {
  return /^[\w.:-]{1,200}$/.test(value.trim())
    ? undefined
    : t('The client id is a single word of letters, digits and . _ : -');
}

function normalizedUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/** Where the tenant lives, lower case; the service segment only when set, so the ids of older settings stay. */
export function connectionId(setting: ConnectionSetting): string {
  const host = normalizedUrl(setting.serviceUrl).toLowerCase();
  if (setting.kind !== 'cloud') return host;
  const segment = setting.serviceSegment?.trim() ? `/${setting.serviceSegment.trim().toLowerCase()}` : '';
  return `${host}/${(setting.account ?? '').toLowerCase()}/${(setting.tenant ?? '').toLowerCase()}${segment}`;
}

/** Every problem with one configured connection (empty when it can be used). */
export function validateConnection(setting: ConnectionSetting): string[] {
  const problems: string[] = [];
  const add = (problem: string | undefined) => problem && problems.push(problem);
  add(validateUrl(setting.serviceUrl, t('service URL')));
  if (setting.kind === 'cloud') {
    add(validateUrl(setting.identityUrl ?? '', t('identity URL')));
    add(validateLogicalName(setting.account ?? '', 'account'));
    add(validateLogicalName(setting.tenant ?? '', 'tenant'));
    if (setting.serviceSegment !== undefined) add(validateServiceSegment(setting.serviceSegment));
  }
  if (setting.clientId !== undefined) add(validateClientId(setting.clientId));
  if (setting.namespace !== undefined) add(validateNamespace(setting.namespace));
  if (setting.queueNamespace !== undefined) add(validateNamespace(setting.queueNamespace));
  if (setting.headerPrefix !== undefined) add(validateHeaderPrefix(setting.headerPrefix));
  if (setting.scopes !== undefined) add(validateScopes(setting.scopes));
  const authentication = authenticationOf(setting);
  if (authentication !== 'accessToken' && setting.kind !== 'cloud')
    problems.push(
      t("Sign-in '{0}' needs a cloud connection (an identity URL); on-premises uses accessToken.", authentication),
    );
  if (authentication === 'application' && !setting.clientId?.trim())
    problems.push(t('Set clientId to the application id: an application signs in with its own id and secret.'));
  if (setting.ideasUrl !== undefined) add(validateUrl(setting.ideasUrl, t('idea-service URL')));
  if (setting.portalUrl !== undefined) add(validateUrl(setting.portalUrl, t('web portal URL')));
  return problems;
}

/** Reads the setting: valid connections, and a message per entry that cannot be used (never throws). */
export function readConnections(raw: unknown): { connections: Connection[]; problems: string[] } {
  const connections: Connection[] = [];
  const problems: string[] = [];
  if (!Array.isArray(raw))
    return { connections, problems: raw === undefined ? [] : [t('orchestrator.connections must be a list.')] };
  const seen = new Set<string>();
  raw.forEach((entry, index) => {
    const parsed = ConnectionSettingSchema.safeParse(entry);
    const name =
      typeof (entry as { label?: unknown })?.label === 'string'
        ? `'${(entry as { label: string }).label}'`
        : `#${index + 1}`;
    if (!parsed.success) {
      problems.push(
        t(
          'Connection {0}: {1}',
          name,
          parsed.error.issues.map((i) => `${i.path.join('.') || t('entry')} ${i.message}`).join('; '),
        ),
      );
      return;
    }
    const issues = validateConnection(parsed.data);
    if (issues.length > 0) {
      problems.push(t('Connection {0}: {1}', name, issues.join(' ')));
      return;
    }
    const id = connectionId(parsed.data);
    if (seen.has(id)) {
      problems.push(t('Connection {0} points at the same tenant as another one and is ignored.', name));
      return;
    }
    seen.add(id);
    connections.push({
      ...parsed.data,
      serviceUrl: normalizedUrl(parsed.data.serviceUrl),
      ...(parsed.data.identityUrl ? { identityUrl: normalizedUrl(parsed.data.identityUrl) } : {}),
      ...(parsed.data.serviceSegment?.trim() ? { serviceSegment: parsed.data.serviceSegment.trim() } : {}),
      id,
      authentication: authenticationOf(parsed.data),
      clientId: parsed.data.clientId?.trim() || DEFAULT_CLIENT_ID,
      scopes:
        authenticationOf(parsed.data) === 'application'
          ? (parsed.data.scopes?.trim().replace(/\s+/g, ' ') ?? '')
          : parsed.data.scopes?.trim() || DEFAULT_SCOPES,
      protection: parsed.data.protection ?? 'normal',
    });
  });
  return { connections, problems };
}

/** The idea service of a tenant: `<service>/<account>/<tenant>/ideas_/api/v1/openapi` unless overridden. */
export function ideasBaseUrl(connection: Connection): string | undefined {
  if (connection.ideasUrl) return normalizedUrl(connection.ideasUrl);
  if (connection.kind !== 'cloud') return undefined;
  return `${connection.serviceUrl}/${connection.account}/${connection.tenant}/ideas_/api/v1/openapi`;
}
