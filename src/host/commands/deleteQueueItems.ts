import { CommandId } from '../../constants';
import { errorMessage } from '../../core/errorMessage';
import { isOutcomeUnknown } from '../../core/http/errors';
import { RowFlag } from '../../core/rows/contextValues';
import { guardChange } from '../guards/guardChange';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import { nls } from './contribution';
import type { CommandDefinition } from './registry';
import { rowsChangeCommand } from './rowChangeCommand';
import { byFolder } from './rowSelection';
import { changeItems, itemName, onQueueItems, whatOf, type ItemRow } from './queueItemSelection';
import type { QueueChangeUses } from './uses';
import type { RowOutcome } from './selectionOutcome';
import { reasonOf } from './unknownOutcome';

/**
 * Delete… on New queue items (one, or a selection): the service deletes only New items (the published Delete Queue
 * Items activity and the sandbox's DELETE say so), so rows that show another status are left out before asking.
 * One confirmation naming the count, then one DeleteBulk per folder (QueueItems DeleteBulk, permission
 * Transactions.Delete), sent once; the ids it lists in FailedItems are named as not deleted.
 */
export const deleteQueueItems: CommandDefinition<QueueChangeUses> = rowsChangeCommand(['queueItem'], {
  id: CommandId.deleteQueueItems,
  title: t('Delete Queue Items'),
  contributes: onQueueItems(nls('Delete…'), '$(trash)', RowFlag.newItem, 3),
  change: (run, rows) =>
    changeItems(run, rows, {
      status: 'New',
      leftOut: (item) => t('not New ({0})', item.Status),
      none: t('None of the {0} selected items is New; only New items can be deleted.', rows.length),
      // Asked whatever the protection level: the items are gone for good.
      ask: (chosen, leftOut) =>
        guardChange(run.ctx, rows[0]!.connection, {
          what: whatOf(
            chosen,
            (name, queue) => t("Delete '{0}' of {1}", name, queue),
            (count, queue) => t('Delete {0} items of {1}', count, queue),
          ),
          detail:
            t('The items are marked Deleted and no robot will process them. This cannot be undone.') +
            (leftOut ? t(' {0} selected item(s) are not New and are left out.', leftOut) : ''),
          action: t('Delete'),
          alwaysConfirm: true,
        }),
      progress: (count) => t('Deleting {0} item(s)…', count),
      send: async (chosen, signal) => {
        const outcomes: RowOutcome[] = [];
        for (const group of byFolder(chosen)) outcomes.push(...(await deleteInFolder(run.ctx, group, signal)));
        return outcomes;
      },
      done: (count) => t('{0} deleted', count),
      check: t("Refresh the queue's New items to see which are still there."),
    }),
});

async function deleteInFolder(
  ctx: Pick<Services, 'clientFor'>,
  rows: readonly ItemRow[],
  signal: AbortSignal,
): Promise<RowOutcome[]> {
  const { connection, folder } = rows[0]!;
  const outcome = (kind: RowOutcome['outcome'], reason?: string) => (row: ItemRow) => ({
    name: itemName(row.queueItem),
    outcome: kind,
    ...(reason ? { reason } : {}),
  });
  let failedIds: ReadonlySet<number>;
  try {
    const answer = await ctx.clientFor(connection).queues.deleteItems(
      rows.map((row) => row.queueItem.Id),
      { folder, signal },
    );
    failedIds = new Set(answer.FailedItems ?? []);
    // A refusal without the list of ids says nothing of which were deleted: none is counted as done.
    if (!answer.Success && failedIds.size === 0)
      return rows.map(outcome('failed', answer.Message ?? t('the service refused the request')));
  } catch (error) {
    if (isOutcomeUnknown(error)) return rows.map(outcome('unknown', reasonOf(error)));
    signal.throwIfAborted();
    return rows.map(outcome('failed', errorMessage(error)));
  }
  const refused = t('not deleted: it is no longer New, or it changed since the list was read');
  return rows.map((row) => (failedIds.has(row.queueItem.Id) ? outcome('failed', refused)(row) : outcome('done')(row)));
}
