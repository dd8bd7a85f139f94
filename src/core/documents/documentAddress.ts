import { URI } from 'vscode-uri';
import { t } from '../l10n';
import {
  GUID,
  MAX_PLACE,
  PACKAGE_ID,
  parseDocumentUri,
  SCHEME,
  SLUG,
  SUFFIX,
  VERSION,
  type DocumentTarget,
} from './orchestratorUri';

// Addresses are built here, and read in orchestratorUri.ts: this loads with the first document a command opens (or
// the first draft moved), not at activation.

/**
 * Characters no segment keeps: separators, what a file name may not hold (Save As), and `%`: the editor's URI decoding
 * reads `%` and any two letters or digits as an escape, so `50%de` would not come back (`#` and `?` are escaped well).
 */
const RESERVED = '\\/:*?"<>|%';

/**
 * One path segment from a name: reserved and control characters, bidirectional overrides (which reorder what the
 * breadcrumbs show) and lone surrogates (which no URI can encode) replaced, length bounded in code points, and a name
 * made only of dots (which an editor would read as `.` or `..`) replaced. Lossy on purpose: the ids are in the query.
 */
export function safeSegment(name: string, fallback = '_'): string {
  const cleaned = [...name]
    .map((c) => {
      const code = c.codePointAt(0)!;
      const control = code < 32 || (code >= 0x7f && code <= 0x9f);
      const bidi = code === 0x61c || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e);
      const isolate = code >= 0x2066 && code <= 0x2069;
      const surrogate = code >= 0xd800 && code <= 0xdfff;
      return control || bidi || isolate || surrogate || RESERVED.includes(c) ? '_' : c;
    })
    .join('')
    .trim();
  const bounded = [...cleaned].slice(0, 80).join('').trim();
  if (bounded === '') return fallback;
  return /^\.+$/.test(bounded) ? '_'.repeat(bounded.length) : bounded;
}

/** The address of a document: with names and the ids in the query when the target has a place, else the earlier form. */
export function documentUri(target: DocumentTarget, options: { server?: boolean } = {}): URI {
  checkTarget(target);
  if (!target.place) return earlierUri(target, options.server === true);
  const place =
    target.place.length > MAX_PLACE ? [target.place[0]!, ...target.place.slice(1 - MAX_PLACE)] : target.place;
  const query = [...Object.entries(idsOf(target)).map(([name, value]) => `${name}=${value}`)];
  if (options.server) query.push('server');
  const path = [...place.map((segment) => safeSegment(segment)), fileName(target)].map((part) => `/${part}`).join('');
  return URI.from({ scheme: SCHEME, authority: target.connection, path, query: query.join('&') });
}

function checkTarget(target: DocumentTarget): void {
  if (!SLUG.test(target.connection)) throw new Error(t("'{0}' is not a connection slug.", target.connection));
  switch (target.kind) {
    case 'packageArguments':
      if (!PACKAGE_ID.test(target.packageId)) throw new Error(t("'{0}' is not a package id.", target.packageId));
      if (!VERSION.test(target.version)) throw new Error(t("'{0}' is not a package version.", target.version));
      return;
    case 'releaseInput':
      checkId(target.folderId, 'folder');
      checkId(target.releaseId, 'process');
      return;
    case 'jobOutput':
      checkId(target.folderId, 'folder');
      if (!GUID.test(target.jobKey)) throw new Error(t("'{0}' is not a job key.", target.jobKey));
      return;
  }
}

function checkId(id: number, what: string): void {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(t('{0} is not a {1} id.', id, what));
}

/** What the code reads of an address: the query's parameters, by kind. */
function idsOf(target: DocumentTarget): Record<string, string> {
  switch (target.kind) {
    case 'packageArguments':
      return { package: target.packageId, version: target.version };
    case 'releaseInput':
      return { folder: String(target.folderId), process: String(target.releaseId) };
    case 'jobOutput':
      return { folder: String(target.folderId), job: target.jobKey.toLowerCase() };
  }
}

function fileName(target: DocumentTarget): string {
  switch (target.kind) {
    case 'packageArguments':
      return `${target.packageId}@${target.version}${SUFFIX.packageArguments}`;
    case 'releaseInput':
      return `${safeSegment(target.name, 'process')}${SUFFIX.releaseInput}`;
    case 'jobOutput':
      return `${safeSegment(target.name, 'job')}${SUFFIX.jobOutput}`;
  }
}

/** The form of earlier versions: ids in the path. */
function earlierUri(target: DocumentTarget, server: boolean): URI {
  let path: string;
  switch (target.kind) {
    case 'packageArguments':
      path = `/packages/${target.packageId}@${target.version}.arguments.json`;
      break;
    case 'releaseInput':
      path = `/folders/${target.folderId}/processes/${target.releaseId}/${safeSegment(target.name, 'process')}.input.json`;
      break;
    case 'jobOutput':
      path = `/folders/${target.folderId}/jobs/${target.jobKey.toLowerCase()}/${safeSegment(target.name, 'job')}.output.json`;
      break;
  }
  return URI.from({ scheme: SCHEME, authority: target.connection, path, query: server ? 'server' : '' });
}

/**
 * What a document is, whatever its address says around it: the connection, the kind, the ids and whether it is the
 * service's copy. Two addresses of one document (the earlier form, or names since renamed) share it; drafts move by it.
 */
export function documentIdentity(uri: string): string {
  const parsed = parseDocumentUri(URI.parse(uri));
  if ('problem' in parsed) return uri;
  const ids = Object.entries(idsOf(parsed.target)).map(([name, value]) => `${name}=${value}`);
  return `${parsed.target.connection}:${parsed.target.kind}:${ids.join('&')}${parsed.server ? '&server' : ''}`;
}
