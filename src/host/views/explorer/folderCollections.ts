import type { FolderContext } from '../../../core/http/connection';
import type { Page } from '../../../core/odata/envelope';
import type { ODataQuery } from '../../../core/odata/query';
import type { OrchestratorClient } from '../../../core/orchestrator/client';
import type { Robot, Session } from '../../../core/orchestrator/schemas';
import { assetItem, jobItem, JOB_STATE_ICONS, robotItem } from '../../presentation/items';
import { childId, type FolderRowWord } from '../../../core/rows/rowIds';
import { CollectionContext } from '../../../core/rows/contextValues';
import { makeRow, type RowOf } from '../../../core/rows/rows';
import { collectionNode, type Collection } from '../collectionNode';
import { rowLeaf, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';
import { FolderPackagesNode } from './folderPackagesNode';
import { ProcessNode } from './processNode';
import { QueueNode } from './queueNode';
import { t } from '../../../core/l10n';

const JOB_STATES = Object.keys(JOB_STATE_ICONS);

type Lister<T> = (options: { folder: FolderContext; signal: AbortSignal; query: ODataQuery }) => Promise<Page<T>>;

/** One collection of a folder: the folder-scoped list call; the row of one entity (`scope` is the collection's id). */
type FolderCollection<T> = Omit<Collection<T>, 'id' | 'list' | 'make' | 'what' | 'where'> & {
  word: Exclude<FolderRowWord, 'packages'>;
  list: Lister<T>;
  make: (entity: T, scope: string) => TreeNode;
};

/** The rows of a folder below its subfolders: Processes, Jobs, Queues, Packages, Robots & Sessions, Assets. */
export function folderCollections(host: ExplorerHost, folderRow: RowOf<'folder'>, folderRowId: string): TreeNode[] {
  const { connection, folder, summary } = folderRow;
  const client = () => host.clientFor(connection);
  const where = t('folder {0}', summary.FullyQualifiedName ?? summary.DisplayName);
  const collection = <T>({ word, list, make, ...c }: FolderCollection<T>) => {
    const id = childId(folderRowId, word);
    return collectionNode<T>(
      {
        ...c,
        id,
        list: (query, signal) => list({ folder, signal, query }),
        make: (entity) => make(entity, id),
        what: c.label.toLowerCase(),
        where,
      },
      (node) => host.changed(node),
    );
  };
  return [
    collection({
      word: 'processes',
      label: t('Processes'),
      icon: 'symbol-event',
      list: (o) => client().releases.list(o),
      order: [{ path: 'Name' }],
      filter: { field: 'Name', words: t('process name') },
      make: (release, scope) => new ProcessNode(host, scope, makeRow({ kind: 'process', connection, folder, release })),
      empty: t('No processes in this folder. Deploy a package as a process first.'),
    }),
    collection({
      word: 'jobs',
      label: t('Jobs'),
      icon: 'run-all',
      list: (o) => client().jobs.list(o),
      order: [{ path: 'CreationTime', desc: true }],
      filter: { field: 'ReleaseName', words: t('process name') },
      make: (job, scope) => leaf(jobItem(scope, job, host.now()), makeRow({ kind: 'job', connection, folder, job })),
      empty: t('No jobs have run in this folder yet.'),
      expand: ['Robot'],
      stateField: 'State',
      states: JOB_STATES,
      autoRefresh: () => host.budgetOf(connection),
    }),
    collection({
      word: 'queues',
      label: t('Queues'),
      icon: 'list-ordered',
      list: (o) => client().queues.list(o),
      order: [{ path: 'Name' }],
      filter: { field: 'Name', words: t('queue name') },
      make: (queue, scope) => new QueueNode(host, connection, folder, scope, queue),
      empty: t('No queues in this folder.'),
    }),
    new FolderPackagesNode(host, connection, folder, folderRowId, where),
    collection({
      word: 'robots',
      label: t('Robots & Sessions'),
      icon: 'hubot',
      list: (o) => robotsWithSessions(client(), o),
      order: [{ path: 'Name' }],
      filter: { field: 'Name', words: t('robot name') },
      make: ({ robot, session }, scope) =>
        leaf(robotItem(scope, robot, session), makeRow({ kind: 'robot', connection, folder, robot, session })),
      empty: t('No robots are assigned to this folder.'),
    }),
    collection({
      word: 'assets',
      label: t('Assets'),
      icon: 'symbol-constant',
      list: (o) => client().assets.list(o),
      order: [{ path: 'Name' }],
      filter: { field: 'Name', words: t('asset name') },
      make: (asset, scope) => leaf(assetItem(scope, asset), makeRow({ kind: 'asset', connection, folder, asset })),
      empty: t('No assets in this folder.'),
      // Create Asset runs on the row, in its folder.
      contextValue: CollectionContext.assets,
      row: makeRow({ kind: 'folderAssets', connection, folder }),
    }),
  ];
}

const leaf = rowLeaf;

/**
 * A page of robots and, in one more request, the sessions of exactly those robots (state, unresponsive): two requests
 * per page, never one per robot. A failing sessions call leaves the robots shown without state.
 */
async function robotsWithSessions(
  client: OrchestratorClient,
  options: Parameters<Lister<Robot>>[0],
): Promise<Page<{ robot: Robot; session?: Session }>> {
  const page = await client.robots.list(options);
  const sessions = await client.robots.sessionsOf(
    page.items.map((r) => r.Id),
    { folder: options.folder, signal: options.signal },
  );
  return { ...page, items: page.items.map((robot) => ({ robot, session: sessions.get(robot.Id) })) };
}
