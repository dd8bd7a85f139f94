import { ideasBaseUrl, type Connection } from './connections';
import { t } from './l10n';
import type { Row } from './rows/rows';

/**
 * Open in Web Portal: where a row's page is on the services' web portals. The spec describes the APIs, not the portals,
 * so the paths are ours, in one table here (the sandbox README lists them too): the orchestration portal under the
 * connection's `portalUrl` (derived from the address the user pasted; without one, the tenant's address), with the
 * folder in the path; the idea portal where the idea API lives, without its `/api/…` part. Every id goes in as one
 * encoded path segment; only http(s) bases are used.
 */
export type PortalRow = Extract<
  Row,
  { kind: 'connection' | 'folder' | 'process' | 'job' | 'queue' | 'queueItem' | 'asset' | 'idea' | 'storeIdea' }
>;

export const PORTAL_ROW_KINDS: readonly PortalRow['kind'][] = [
  'connection',
  'folder',
  'process',
  'job',
  'queue',
  'queueItem',
  'asset',
  'idea',
  'storeIdea',
];

export const isPortalRow = (row: Row): row is PortalRow => (PORTAL_ROW_KINDS as readonly string[]).includes(row.kind);

/** The orchestration portal of a connection: its `portalUrl`, else the tenant's address (with its service segment). */
export function orchestrationPortal(connection: Connection): string {
  if (connection.portalUrl) return connection.portalUrl;
  if (connection.kind !== 'cloud') return connection.serviceUrl;
  const segment = connection.serviceSegment ? `/${connection.serviceSegment}` : '';
  return `${connection.serviceUrl}/${connection.account}/${connection.tenant}${segment}`;
}

/** The idea portal: the idea API's address without `/api/v1/…`. */
export function ideaPortal(connection: Connection): string | undefined {
  const api = ideasBaseUrl(connection);
  return api?.replace(/\/api(\/.*)?$/, '');
}

/** The page of a row, or why there is none. */
export function portalLink(row: PortalRow): { url: string } | { missing: string } {
  const segments = (...parts: (string | number)[]) => parts.map((p) => encodeURIComponent(String(p))).join('/');
  const folder = 'folder' in row ? ['folders', row.folder.id] : [];
  const [base, path] = ((): [string | undefined, string] => {
    switch (row.kind) {
      case 'connection':
        return [orchestrationPortal(row.connection), ''];
      case 'folder':
        return [orchestrationPortal(row.connection), segments(...folder)];
      case 'process':
        return [orchestrationPortal(row.connection), segments(...folder, 'processes', row.release.Id)];
      case 'job':
        return [orchestrationPortal(row.connection), segments(...folder, 'jobs', row.job.Id)];
      case 'queue':
        return [orchestrationPortal(row.connection), segments(...folder, 'queues', row.queue.Id)];
      case 'queueItem':
        return [
          orchestrationPortal(row.connection),
          segments(...folder, 'queues', row.queue.Id, 'items', row.queueItem.Id),
        ];
      case 'asset':
        return [orchestrationPortal(row.connection), segments(...folder, 'assets', row.asset.Id)];
      case 'idea':
        return [ideaPortal(row.connection), segments('ideas', row.idea.id)];
      case 'storeIdea':
        return [ideaPortal(row.connection), segments('store', row.idea.id)];
    }
  })();
  if (!base)
    return { missing: t('{0} has no idea service address, so its idea portal is not known.', row.connection.label) };
  let url: URL;
  try {
    url = new URL(base.endsWith('/') ? base : `${base}/`);
  } catch {
    return { missing: t('The web portal address of {0} is not a URL.', row.connection.label) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { missing: t('The web portal address of {0} is not an http(s) address.', row.connection.label) };
  return { url: new URL(path, url).toString() };
}
