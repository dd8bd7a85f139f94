import { t } from '../l10n';

/** Where a tenant's service lives and the per-connection protocol details (the spec's defaults unless set). */
export interface ServiceConnection {
  kind: 'cloud' | 'onPremises';
  /** {base_url}: for cloud the host part; the account and tenant prefix is added. */
  serviceUrl: string;
  account?: string;
  tenant?: string;
  /** Cloud: the service's segment after the tenant (`orchestrator_`); none when the API is right under the tenant. */
  serviceSegment?: string;
  /** OData operation namespace ({ns}). */
  namespace?: string;
  /** Queue operation namespace ({qns}). */
  queueNamespace?: string;
  /** Folder header prefix: `<prefix>-OrganizationUnitId` etc. */
  headerPrefix?: string;
}

export const DEFAULT_NAMESPACE = 'Vendor.Server.Configuration.OData';
export const DEFAULT_QUEUE_NAMESPACE = 'VendorODataSvc';
export const DEFAULT_HEADER_PREFIX = 'X-VENDOR';

/**
 * The names a deployment gives the spec's placeholders: the operation namespace ({ns}), the queue operations'
 * namespace ({qns}) and the folder headers' prefix (`<prefix>-OrganizationUnitId` …), which each deployment
 * publishes in its API definition (the spec's names are the fallback); and what was learnt about it on the way.
 */
export interface Dialect {
  namespace: string;
  queueNamespace: string;
  headerPrefix: string;
  /**
   * Whether the service takes a folder's Key as a header (`<prefix>-FolderKey`). Published definitions do not list
   * it though real clients send it, so it is tried once (transport.ts) and the answer kept for the session.
   */
  folderKey?: 'accepted' | 'refused';
  /** Where the definition answered (origin-relative), asked first when it is read again. */
  definitionPath?: string;
}

export const SPEC_DIALECT: Dialect = {
  namespace: DEFAULT_NAMESPACE,
  queueNamespace: DEFAULT_QUEUE_NAMESPACE,
  headerPrefix: DEFAULT_HEADER_PREFIX,
};

const LOGICAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const SERVICE_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The tenant's base URL: `<serviceUrl>/<account>/<tenant>[/<serviceSegment>]` for cloud, `<serviceUrl>` on-premises.
 */
export function tenantBaseUrl(connection: ServiceConnection): string {
  let url: URL;
  try {
    url = new URL(connection.serviceUrl);
  } catch {
    throw new Error(t("The service URL '{0}' is not a valid URL.", connection.serviceUrl));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(t("The service URL must use https (or http), not '{0}'.", url.protocol));
  const base = url.toString().replace(/\/+$/, '');
  if (connection.kind === 'onPremises') return base;
  for (const [name, value] of [
    ['account', connection.account],
    ['tenant', connection.tenant],
  ] as const) {
    if (!value || !LOGICAL_NAME.test(value))
      throw new Error(t("The {0} logical name '{1}' is not valid (letters, digits, - and _).", name, value ?? ''));
  }
  const tenant = `${base}/${encodeURIComponent(connection.account!)}/${encodeURIComponent(connection.tenant!)}`;
  const segment = connection.serviceSegment?.trim();
  if (!segment) return tenant;
  if (!SERVICE_SEGMENT.test(segment))
    throw new Error(t("The service segment '{0}' is not valid (letters, digits, - and _).", segment));
  return `${tenant}/${segment}`;
}

/**
 * A folder is named by exactly one header: its Key (where the service takes one and the row knows it), its id, its
 * path, or its path as Base64 of UTF-16LE (any characters).
 */
export type FolderContext = { id: number; key?: string } | { path: string; encoding?: 'plain' | 'utf16' };

const FOLDER_KEY = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function folderHeader(
  folder: FolderContext,
  prefix = DEFAULT_HEADER_PREFIX,
  options: { keyHeader?: boolean } = {},
): [string, string] {
  if ('id' in folder) {
    if (!Number.isSafeInteger(folder.id) || folder.id < 0)
      throw new Error(t('A folder id must be a non-negative integer, got {0}.', folder.id));
    // The Key names the folder however the service numbers it; a malformed one is not sent, the id is.
    if (options.keyHeader && folder.key && FOLDER_KEY.test(folder.key)) return [`${prefix}-FolderKey`, folder.key];
    return [`${prefix}-OrganizationUnitId`, String(folder.id)];
  }
  const path = folder.path.trim().replace(/^\/+|\/+$/g, '');
  if (path === '') throw new Error(t('A folder path must not be empty.'));
  // Plain text is only safe for printable ASCII in an HTTP header; anything else goes encoded.
  if (folder.encoding === 'plain' && /^[\x20-\x7e]*$/.test(path)) return [`${prefix}-FolderPath`, path];
  return [`${prefix}-FolderPath-Encoded`, encodeUtf16Base64(path)];
}

export function encodeUtf16Base64(text: string): string {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[i * 2] = unit & 0xff;
    bytes[i * 2 + 1] = unit >> 8;
  }
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
