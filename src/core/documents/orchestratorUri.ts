import { createHash } from 'node:crypto';
import { t } from '../l10n';

/** The scheme of the documents the extension serves: package arguments, process input values, job output. */
export const SCHEME = 'orchestrator';

/**
 * What an `orchestrator:` document is. The connection is named by a stable 128-bit hash of its id (ids are URLs, which
 * do not fit an authority); the host maps it back to the connection. The path is for the reader (the breadcrumbs and
 * the tab read names); the query holds the ids the code reads:
 *
 * - package arguments: `orchestrator://<conn>/<Connection>/Packages/<Id>@<Version>.arguments.json?package=<Id>&version=<Version>`
 * - process input values: `orchestrator://<conn>/<Connection>/<Folder>/<Sub>/Processes/<Name>.input.json?folder=7&process=42`
 * - job output arguments (read-only): `orchestrator://<conn>/<Connection>/<Folder>/Jobs/<Process #Id>.output.json?folder=7&job=<Key>`
 *
 * A `server` parameter marks the read-only copy of what the service holds now, shown beside the user's edit on a
 * conflict. Addresses of earlier versions, ids in the path (`/packages/<Id>@<Version>.arguments.json`,
 * `/folders/7/processes/42/<Name>.input.json`, `/folders/7/jobs/<Key>/<Name>.output.json`, `?server`), still open:
 * editors restored after a reload and drafts saved under them name them. A target without `place` makes that form.
 */
export type DocumentTarget = (
  | { kind: 'packageArguments'; connection: string; packageId: string; version: string }
  | { kind: 'releaseInput'; connection: string; folderId: number; releaseId: number; name: string }
  | { kind: 'jobOutput'; connection: string; folderId: number; jobKey: string; name: string }
) & {
  /** The names shown before the file name (the connection's label, the folder's path, the collection): read only. */
  place?: readonly string[];
};

export interface ParsedDocumentUri {
  target: DocumentTarget;
  /** The service's current copy (conflict diff), not the editable document. */
  server: boolean;
}

/**
 * The connection's name in a document's address: SHA-256 of its id, the first 128 bits as 32 hex digits. Drafts are
 * kept by document address, so two connections must never share one: 32 bits (FNV-1a, before) collided between two
 * ordinary tenant addresses after about 380,000 of them; 128 bits do not within any number of connections a machine
 * will see. Stable across sessions and machines.
 */
export function connectionSlug(connectionId: string): string {
  return createHash('sha256').update(connectionId, 'utf8').digest('hex').slice(0, 32);
}

/** The 32-bit name earlier versions used (FNV-1a): only to find their drafts (documentDrafts.ts moves them). */
export function legacyConnectionSlug(connectionId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < connectionId.length; i++) {
    hash ^= connectionId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export const PACKAGE_ID = /^[A-Za-z0-9_.-]{1,128}$/;
export const VERSION = /^\d+(\.\d+){1,3}(-[A-Za-z0-9.-]+)?$/;
export const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const SLUG = /^[0-9a-f]{32}$/;

/** Path segments kept at most before the file name (a folder path deeper than that keeps its last ones). */
export const MAX_PLACE = 12;

export const SUFFIX = {
  packageArguments: '.arguments.json',
  releaseInput: '.input.json',
  jobOutput: '.output.json',
} as const;

/**
 * The parts of a parsed address this module reads: the editor's `Uri` and vscode-uri's `URI` both have them. Taking
 * the parsed address rather than a string keeps vscode-uri (10 KiB) out of what activation parses.
 */
export interface UriParts {
  readonly scheme: string;
  readonly authority: string;
  readonly path: string;
  readonly query: string;
  toString(): string;
}

/** The target of an `orchestrator:` URI, or a message saying why it is not one (never throws). */
export function parseDocumentUri(u: UriParts): ParsedDocumentUri | { problem: string } {
  if (u.scheme !== SCHEME) return { problem: t('{0} is not an {1}: document.', u.toString(), SCHEME) };
  if (!SLUG.test(u.authority)) return { problem: t('{0} names no connection.', u.toString()) };
  const parsed = u.query === '' || u.query === 'server' ? parseEarlier(u) : parseNamed(u);
  return parsed ?? { problem: t('{0} is not a document this extension serves.', u.toString()) };
}

/** `/<names…>/<file>?<ids>`: the kind from the file's suffix, the ids from the query (exactly those of the kind). */
function parseNamed(u: UriParts): ParsedDocumentUri | undefined {
  const segments = u.path.split('/').slice(1);
  const file = segments.pop() ?? '';
  const kind = (Object.keys(SUFFIX) as (keyof typeof SUFFIX)[]).find((k) => file.endsWith(SUFFIX[k]));
  const name = kind === undefined ? '' : file.slice(0, -SUFFIX[kind].length);
  if (kind === undefined || name === '' || segments.length > MAX_PLACE) return undefined;
  const params = u.query.split('&');
  const server = params.includes('server');
  const ids = new Map(params.filter((p) => p !== 'server').map((p) => [p.split('=')[0]!, p.slice(p.indexOf('=') + 1)]));
  if (ids.size + (server ? 1 : 0) !== params.length || params.some((p) => p !== 'server' && !p.includes('='))) return;
  const connection = u.authority;
  const place = segments;
  const number = (value: string | undefined) => (value && /^\d{1,15}$/.test(value) ? Number(value) : undefined);
  switch (kind) {
    case 'packageArguments': {
      const packageId = ids.get('package') ?? '';
      const version = ids.get('version') ?? '';
      // The file name is what the confirmation names: it must be the package the query's ids change.
      if (ids.size !== 2 || !PACKAGE_ID.test(packageId) || !VERSION.test(version)) return undefined;
      if (name !== `${packageId}@${version}`) return undefined;
      return { target: { kind, connection, packageId, version, place }, server };
    }
    case 'releaseInput': {
      const folderId = number(ids.get('folder'));
      const releaseId = number(ids.get('process'));
      if (ids.size !== 2 || folderId === undefined || releaseId === undefined) return undefined;
      return { target: { kind, connection, folderId, releaseId, name, place }, server };
    }
    case 'jobOutput': {
      const folderId = number(ids.get('folder'));
      const jobKey = ids.get('job') ?? '';
      if (ids.size !== 2 || folderId === undefined || !GUID.test(jobKey)) return undefined;
      return { target: { kind, connection, folderId, jobKey, name, place }, server };
    }
  }
}

function parseEarlier(u: UriParts): ParsedDocumentUri | undefined {
  const server = u.query === 'server';
  const connection = u.authority;
  let m = /^\/packages\/([^/@]+)@([^/]+)\.arguments\.json$/.exec(u.path);
  if (m && PACKAGE_ID.test(m[1]!) && VERSION.test(m[2]!))
    return { target: { kind: 'packageArguments', connection, packageId: m[1]!, version: m[2]! }, server };
  m = /^\/folders\/(\d{1,15})\/processes\/(\d{1,15})\/([^/]+)\.input\.json$/.exec(u.path);
  if (m)
    return {
      target: { kind: 'releaseInput', connection, folderId: Number(m[1]), releaseId: Number(m[2]), name: m[3]! },
      server,
    };
  m = /^\/folders\/(\d{1,15})\/jobs\/([^/]+)\/([^/]+)\.output\.json$/.exec(u.path);
  if (m && GUID.test(m[2]!))
    return { target: { kind: 'jobOutput', connection, folderId: Number(m[1]), jobKey: m[2]!, name: m[3]! }, server };
  return undefined;
}
