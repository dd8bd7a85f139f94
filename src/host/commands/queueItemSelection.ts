import { RowIds } from '../../core/rows/rowIds';
import type { QueueItemSummary, RowOf } from '../../core/rows/rows';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import type { RowOutcome } from './selectionOutcome';

/** What Retry and Delete of queue items share: the items' names, the rows left out by status, the rows to reload. */

export type ItemRow = RowOf<'queueItem'>;

/** An item as the user knows it: its reference, else its id. */
export const itemName = (item: Pick<QueueItemSummary, 'Id' | 'Reference'>) => item.Reference ?? t('item {0}', item.Id);

/**
 * The rows whose drawn status allows the change, and the others as left out with the reason: the service decides
 * again when asked, but a row that already says otherwise is not sent.
 */
export function splitByStatus(
  rows: readonly ItemRow[],
  status: string,
  because: (item: QueueItemSummary) => string,
): { chosen: ItemRow[]; leftOut: RowOutcome[] } {
  const chosen = rows.filter((row) => row.queueItem.Status === status);
  const leftOut = rows
    .filter((row) => row.queueItem.Status !== status)
    .map((row) => ({ name: itemName(row.queueItem), outcome: 'leftOut' as const, reason: because(row.queueItem) }));
  return { chosen, leftOut };
}

/** "InvoicesToProcess", or "3 queues" when the selection spans several. */
export function queuesOf(rows: readonly ItemRow[]): string {
  const names = [...new Set(rows.map((row) => row.queue.Name))];
  return names.length === 1 ? names[0]! : t('{0} queues', names.length);
}

/** Reloads every loaded status row of the queues the rows belong to. */
export function refreshQueuesOf(ctx: Pick<Services, 'explorer'>, rows: readonly ItemRow[]): void {
  const ids = new Set(rows.map((row) => RowIds.queue(row.connection.id, row.folder.id, row.queue.Id)));
  ctx.explorer.refreshRows(...ids);
}
