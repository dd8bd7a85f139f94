/**
 * Row ids: the one grammar every tree row's id follows, built and read here only.
 *
 *   conn/<connection>                  a connection of the Orchestrator view
 *   ideas/<connection>                 a connection of the Ideas view
 *   <parent>/<word>                    a group, collection or message row under its parent (jobs, feed, more…)
 *   <parent>/<word>/<value>            an entity under its parent (job/<key>, queue/<id>, idea/<id>…)
 *   conn/<connection>/folder/<id>      a folder, at any depth
 *
 * Folders are the one exception to "parent plus one step": a folder id is unique in its tenant, and commands know a
 * folder by its id, not by its ancestors, so they can name its rows (its Jobs, a queue) without walking the tree.
 * In a value, '/' and '%' are escaped (%2F, %25) and nothing else: connection ids are URLs, and service text (a phase
 * name, a package id) may hold anything, even a lone surrogate that encodeURIComponent would throw on. The editor
 * keeps a row's expansion by its id, so ids must be stable across reloads and unique in their view.
 */

/** Rows named by a word alone: groups, collections, and message rows (empty states, errors, Load more, a bounded list's). */
export const NAMED_WORDS = [
  'tenant',
  'libraries',
  'webhooks',
  'alerts',
  'license',
  'registration',
  'tenants',
  'processes',
  'jobs',
  'queues',
  'packages',
  'feed',
  'versions',
  'robots',
  'assets',
  'pipeline',
  'all',
  'categories',
  'store',
  'components',
  'applications',
  'signIn',
  'credentials',
  'noFolders',
  'allHidden',
  'moreFolders',
  'foldersError',
  'error',
  'empty',
  'more',
  'skipped',
  'none',
  'partial',
  'window',
  'backToFirst',
  'limit',
  'next',
  'failures',
  'recentRuns',
] as const;

/** Rows named by a word and a value: entities, a folder, a queue's items by status, a license line by robot type. */
export const KEYED_WORDS = [
  'folder',
  'process',
  'job',
  'queue',
  'items',
  'queueItem',
  'robot',
  'asset',
  'package',
  'version',
  'library',
  'webhook',
  'alert',
  'hostTenant',
  'robotType',
  'phase',
  'status',
  'idea',
  'category',
  'review',
  'component',
  'application',
  'failureGroup',
] as const;

export type NamedWord = (typeof NAMED_WORDS)[number];
export type KeyedWord = (typeof KEYED_WORDS)[number];
export type RowStep = { word: NamedWord } | { word: KeyedWord; value: string };

/** An id read back: which view, which connection, and the steps below the connection's row. */
export interface RowPath {
  view: 'explorer' | 'ideas';
  connectionId: string;
  steps: RowStep[];
}

const NAMED: ReadonlySet<string> = new Set(NAMED_WORDS);
const KEYED: ReadonlySet<string> = new Set(KEYED_WORDS);
const isNamed = (word: string): word is NamedWord => NAMED.has(word);
const isKeyed = (word: string): word is KeyedWord => KEYED.has(word);
const ROOTS = { explorer: 'conn', ideas: 'ideas' } as const;
const escape = (value: string) => value.replace(/[%/]/g, (c) => (c === '%' ? '%25' : '%2F'));
const unescape = (value: string) => value.replace(/%25|%2F/g, (c) => (c === '%25' ? '%' : '/'));

/** The id of a row under `parent`: a named row, or an entity with its value. */
export function childId(parent: string, word: NamedWord): string;
export function childId(parent: string, word: KeyedWord, value: string | number): string;
export function childId(parent: string, word: NamedWord | KeyedWord, value?: string | number): string {
  return value === undefined ? `${parent}/${word}` : `${parent}/${word}/${escape(String(value))}`;
}

/** The folder rows commands reach by id: a folder's collections, and its Packages. */
export type FolderRowWord = 'processes' | 'jobs' | 'queues' | 'packages' | 'robots' | 'assets';

/** The ids commands and panels look rows up by (the tree's find): each names the row the way the nodes build it. */
export const RowIds = {
  connection: (connectionId: string) => `${ROOTS.explorer}/${escape(connectionId)}`,
  ideasConnection: (connectionId: string) => `${ROOTS.ideas}/${escape(connectionId)}`,
  tenantResources: (connectionId: string) => childId(RowIds.connection(connectionId), 'tenant'),
  hostTenants: (connectionId: string) => childId(RowIds.tenantResources(connectionId), 'tenants'),
  libraries: (connectionId: string) => childId(RowIds.tenantResources(connectionId), 'libraries'),
  folder: (connectionId: string, folderId: number) => childId(RowIds.connection(connectionId), 'folder', folderId),
  ofFolder: (connectionId: string, folderId: number, word: FolderRowWord) =>
    childId(RowIds.folder(connectionId, folderId), word),
  queue: (connectionId: string, folderId: number, queueId: number) =>
    childId(RowIds.ofFolder(connectionId, folderId, 'queues'), 'queue', queueId),
  /** A queue's items by status ('all' for All Items). */
  queueItems: (queueRowId: string, status: string) => childId(queueRowId, 'items', status),
  ideasList: (
    connectionId: string,
    word: 'pipeline' | 'all' | 'categories' | 'store' | 'components' | 'applications',
  ) => childId(RowIds.ideasConnection(connectionId), word),
  idea: (listRowId: string, ideaId: number) => childId(listRowId, 'idea', ideaId),
};

/** The id of a path (parseRowId's inverse). */
export function formatRowId(path: RowPath): string {
  const root =
    path.view === 'explorer' ? RowIds.connection(path.connectionId) : RowIds.ideasConnection(path.connectionId);
  return path.steps.reduce(
    (id, step) => ('value' in step ? childId(id, step.word, step.value) : childId(id, step.word)),
    root,
  );
}

/** Reads an id built by this module; undefined for anything else (an unknown word, a word without its value). */
export function parseRowId(id: string): RowPath | undefined {
  const [root, connection, ...rest] = id.split('/');
  const view = root === ROOTS.explorer ? 'explorer' : root === ROOTS.ideas ? 'ideas' : undefined;
  if (!view || connection === undefined) return undefined;
  const steps: RowStep[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const value = rest[i + 1];
    if (isNamed(word)) {
      steps.push({ word });
    } else if (isKeyed(word) && value !== undefined) {
      steps.push({ word, value: unescape(value) });
      i++;
    } else {
      return undefined;
    }
  }
  return { view, connectionId: unescape(connection), steps };
}
