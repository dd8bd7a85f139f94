import { createHash } from 'node:crypto';
import { URI } from 'vscode-uri';
import { t } from '../l10n';

/** The scheme of the documents the extension serves: package arguments, process input values, job output. */
export const SCHEME = 'orchestrator';

/**
 * What an `orchestrator:` document is. The connection is named by a stable 128-bit hash of its id (ids are URLs, which
 * do not fit an authority); the host maps it back to the connection.
 *
 * - package arguments: `orchestrator://<conn>/packages/<Id>@<Version>.arguments.json`
 * - process input values: `orchestrator://<conn>/folders/<folderId>/processes/<releaseId>/<Name>.input.json`
 * - job output arguments (read-only): `orchestrator://<conn>/folders/<folderId>/jobs/<Key>/<Process #Id>.output.json` (the
 *   tab reads the process and job number, not a GUID)
 *
 * A `server` query marks the read-only copy of what the service holds now, shown beside the user's edit on a conflict.
 */
export type DocumentTarget =
  | { kind: 'packageArguments'; connection: string; packageId: string; version: string }
  | { kind: 'releaseInput'; connection: string; folderId: number; releaseId: number; name: string }
  | { kind: 'jobOutput'; connection: string; folderId: number; jobKey: string; name: string };

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

const PACKAGE_ID = /^[A-Za-z0-9_.-]{1,128}$/;
const VERSION = /^\d+(\.\d+){1,3}(-[A-Za-z0-9.-]+)?$/;
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const SLUG = /^[0-9a-f]{32}$/;

/** A file name from a process name: path separators and control characters replaced, length bounded. */
function safeName(name: string): string {
  const cleaned = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .slice(0, 80);
  return cleaned || 'process';
}

export function documentUri(target: DocumentTarget, options: { server?: boolean } = {}): URI {
  let path: string;
  switch (target.kind) {
    case 'packageArguments':
      if (!PACKAGE_ID.test(target.packageId)) throw new Error(t("'{0}' is not a package id.", target.packageId));
      if (!VERSION.test(target.version)) throw new Error(t("'{0}' is not a package version.", target.version));
      path = `/packages/${target.packageId}@${target.version}.arguments.json`;
      break;
    case 'releaseInput':
      checkId(target.folderId, 'folder');
      checkId(target.releaseId, 'process');
      path = `/folders/${target.folderId}/processes/${target.releaseId}/${safeName(target.name)}.input.json`;
      break;
    case 'jobOutput':
      checkId(target.folderId, 'folder');
      if (!GUID.test(target.jobKey)) throw new Error(t("'{0}' is not a job key.", target.jobKey));
      path = `/folders/${target.folderId}/jobs/${target.jobKey.toLowerCase()}/${safeName(target.name)}.output.json`;
      break;
  }
  if (!SLUG.test(target.connection)) throw new Error(t("'{0}' is not a connection slug.", target.connection));
  return URI.from({ scheme: SCHEME, authority: target.connection, path, query: options.server ? 'server' : '' });
}

function checkId(id: number, what: string): void {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(t('{0} is not a {1} id.', id, what));
}

/** The target of an `orchestrator:` URI, or a message saying why it is not one (never throws). */
export function parseDocumentUri(uri: URI | string): ParsedDocumentUri | { problem: string } {
  const u = typeof uri === 'string' ? URI.parse(uri) : uri;
  if (u.scheme !== SCHEME) return { problem: t('{0} is not an {1}: document.', u.toString(), SCHEME) };
  if (!SLUG.test(u.authority)) return { problem: t('{0} names no connection.', u.toString()) };
  if (u.query !== '' && u.query !== 'server') return { problem: t('{0} has an unknown query.', u.toString()) };
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
  return { problem: t('{0} is not a document this extension serves.', u.toString()) };
}
