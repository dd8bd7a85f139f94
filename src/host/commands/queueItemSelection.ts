import { ViewId } from '../../constants';
import { ContextValue, type RowFlag } from '../../core/rows/contextValues';
import { RowIds } from '../../core/rows/rowIds';
import type { QueueItemSummary, RowOf } from '../../core/rows/rows';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import { rowChange, type CommandContribution } from './contribution';
import type { CommandRun } from './registry';
import { tellSelectionOutcome, type OutcomeCounts, type RowOutcome } from './selectionOutcome';
import type { QueueChangeUses } from './uses';

/** What Retry and Delete of queue items share: the items' names, the rows left out by status, the rows to reload. */

export type ItemRow = RowOf<'queueItem'>;

/** An item as the user knows it: its reference, else its id. */
export const itemName = (item: Pick<QueueItemSummary, 'Id' | 'Reference'>) => item.Reference ?? t('item {0}', item.Id);

/** A change on queue item rows carrying `flag` (Failed: Retry, New: Delete), at `order` among an item's commands. */
export const onQueueItems = (title: string, icon: `$(${string})`, flag: RowFlag, order: number): CommandContribution =>
  rowChange(title, icon, [
    { views: ViewId.explorer, rows: [ContextValue.queueItem], has: flag, group: '1_queueItem', order },
  ]);

/** How Retry and Delete differ: the status they apply to, their words, their question and their requests. */
export interface ItemsChange {
  /** The status the change applies to: rows that show another are left out before asking, with `leftOut`'s reason. */
  readonly status: string;
  readonly leftOut: (item: QueueItemSummary) => string;
  /** The refusal when no selected row has that status (nothing is sent, nothing asked). */
  readonly none: string;
  /** The question, through guardChange, naming the rows to change and how many were left out. */
  readonly ask: (chosen: readonly ItemRow[], leftOut: number) => Promise<void>;
  readonly progress: (count: number) => string;
  /** The requests, each sent once: what became of each row. */
  readonly send: (chosen: readonly ItemRow[], signal: AbortSignal) => Promise<RowOutcome[]>;
  /** The summary's words: what was done ("{0} deleted"), and how to look when an outcome is unknown. */
  readonly done: (count: number) => string;
  readonly check: string;
}

/**
 * A change on selected queue items: the rows whose drawn status allows it (the service decides again when asked, but
 * a row that already says otherwise is not sent), one question, the requests, the queues reloaded, one summary.
 */
export async function changeItems(
  { ctx, signal, progressTitle }: CommandRun<QueueChangeUses>,
  rows: readonly ItemRow[],
  change: ItemsChange,
): Promise<OutcomeCounts> {
  const chosen = rows.filter((row) => row.queueItem.Status === change.status);
  if (chosen.length === 0) throw new Error(change.none);
  const leftOut = rows
    .filter((row) => row.queueItem.Status !== change.status)
    .map((row) => ({
      name: itemName(row.queueItem),
      outcome: 'leftOut' as const,
      reason: change.leftOut(row.queueItem),
    }));
  await change.ask(chosen, leftOut.length);
  progressTitle(change.progress(chosen.length));
  const outcomes = [...leftOut, ...(await change.send(chosen, signal))];
  refreshQueuesOf(ctx, chosen);
  return tellSelectionOutcome(ctx, outcomes, { done: change.done, check: change.check, look: {} });
}

/** What the question names: the one item by its name, or the count, with the queue (or how many queues). */
export const whatOf = (
  rows: readonly ItemRow[],
  one: (name: string, queue: string) => string,
  many: (count: number, queue: string) => string,
) => (rows.length === 1 ? one(itemName(rows[0]!.queueItem), queuesOf(rows)) : many(rows.length, queuesOf(rows)));

/** "InvoicesToProcess", or "3 queues" when the selection spans several. */
export function queuesOf(rows: readonly ItemRow[]): string {
  const names = [...new Set(rows.map((row) => row.queue.Name))];
  return names.length === 1 ? names[0]! : t('{0} queues', names.length);
}

/** Reloads every loaded status row of the queues the rows belong to. */
export function refreshQueuesOf(
  ctx: Pick<Services, 'explorer'>,
  rows: readonly { connection: { id: string }; folder: { id: number }; queue: { Id: number } }[],
): void {
  const ids = new Set(rows.map((row) => RowIds.queue(row.connection.id, row.folder.id, row.queue.Id)));
  ctx.explorer.refreshRows(...ids);
}
