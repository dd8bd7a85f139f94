import type * as vscode from 'vscode';
import type { Connection } from '../../../core/connections';
import { and, eq } from '../../../core/odata/filter';
import type { QueueDefinition, QueueItem } from '../../../core/orchestrator/schemas';
import { queueItem, queueItemItem } from '../../presentation/items';
import { CollectionContext } from '../../../core/rows/contextValues';
import { RowIds } from '../../../core/rows/rowIds';
import { makeRow, queueItemSummary, type FolderById, type RowOf } from '../../../core/rows/rows';
import { collectionNode } from '../collectionNode';
import type { PagedNode } from '../pagedNode';
import { RowLeaf, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';
import { setQueueItemsScope } from './queueItemsScope';
import { t } from '../../../core/l10n';

/** A queue's item statuses, as its rows list them (and the chat's queue summary counts them). */
export const QUEUE_ITEM_STATUSES = [
  ['New', 'New'],
  ['InProgress', t('In Progress')],
  ['Failed', 'Failed'],
  ['Successful', 'Successful'],
  ['Abandoned', 'Abandoned'],
  ['Retried', 'Retried'],
  ['Deleted', 'Deleted'],
] as const;

/** A queue: its items by status (All, New, In Progress, Failed…); expanding the queue costs nothing, each status one request. */
export class QueueNode implements TreeNode {
  readonly id: string;
  readonly row: RowOf<'queue'>;
  private readonly statuses: PagedNode<QueueItem>[];

  /** `scope`: the id of the Queues row it is listed under. */
  constructor(
    host: ExplorerHost,
    readonly connection: Connection,
    readonly folder: FolderById,
    private readonly scope: string,
    readonly queue: QueueDefinition,
  ) {
    this.id = queueItem(scope, queue).id;
    this.row = makeRow({ kind: 'queue', connection, folder, queue });
    const byStatus = (status: string | undefined, label: string) => {
      const id = RowIds.queueItems(this.id, status ?? 'all');
      // One function for the whole list: a row keeps its summary and this, not a closure of its own.
      const describe = (row: RowOf<'queueItem'>) => queueItemItem(id, row.queueItem, host.now());
      const node = collectionNode(
        {
          id,
          label,
          icon: status ? 'filter' : 'list-unordered',
          list: (query, signal) => host.clientFor(connection).queues.items.list({ folder, signal, query }),
          order: [{ path: 'Id', desc: true }],
          fixed: and(eq('QueueDefinitionId', queue.Id), status ? eq('Status', status) : undefined),
          filter: { field: 'Reference', words: 'reference' },
          make: (item) =>
            new RowLeaf(
              makeRow({ kind: 'queueItem', connection, folder, queue, queueItem: queueItemSummary(item) }),
              describe,
            ),
          what: t('queue items'),
          where: t('queue {0}', queue.Name),
          empty: status ? t('No {0} items.', label.toLowerCase()) : t('This queue is empty.'),
          contextValue: CollectionContext.queueItems,
        },
        (changed) => host.changed(changed),
      );
      setQueueItemsScope(node, { row: this.row, status, label, filterText: () => node.filterText });
      return node;
    };
    this.statuses = [
      byStatus(undefined, t('All Items')),
      ...QUEUE_ITEM_STATUSES.map(([status, label]) => byStatus(status, label)),
    ];
  }

  item(): vscode.TreeItem {
    return toTreeItem(queueItem(this.scope, this.queue));
  }

  async children(): Promise<TreeNode[]> {
    return this.statuses;
  }

  reset(): void {
    for (const status of this.statuses) status.reset();
  }
}
