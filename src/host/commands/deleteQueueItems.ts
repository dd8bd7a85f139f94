import { CommandId, ViewId } from '../../constants';
import { errorMessage } from '../../core/errorMessage';
import { isOutcomeUnknown } from '../../core/http/errors';
import { ContextValue, RowFlag } from '../../core/rows/contextValues';
import { guardChange } from '../guards/guardChange';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import { nls, rowChange } from './contribution';
import type { CommandDefinition } from './registry';
import { rowsChangeCommand } from './rowChangeCommand';
import { byFolder } from './rowSelection';
import { itemName, queuesOf, refreshQueuesOf, splitByStatus, type ItemRow } from './queueItemSelection';
import { tellSelectionOutcome, type RowOutcome } from './selectionOutcome';
import { reasonOf } from './unknownOutcome';

type Uses = Pick<Services, 'clientFor' | 'connections' | 'explorer' | 'input' | 'log'>;

/**
 * Delete… on New queue items (one, or a selection): the service deletes only New items (the published Delete Queue
 * Items activity and the sandbox's DELETE say so), so rows that show another status are left out before asking.
 * One confirmation naming the count, then one DeleteBulk per folder (QueueItems DeleteBulk, permission
 * Transactions.Delete), sent once; the ids it lists in FailedItems are named as not deleted.
 */
export const deleteQueueItems: CommandDefinition<Uses> = rowsChangeCommand(['queueItem'], {
  id: CommandId.deleteQueueItems,
  title: t('Delete Queue Items'),
  contributes: rowChange(nls('Delete…'), '$(trash)', [
    { views: ViewId.explorer, rows: [ContextValue.queueItem], has: RowFlag.newItem, group: '1_queueItem', order: 3 },
  ]),
  async change({ ctx, signal, progressTitle }, rows) {
    const connection = rows[0]!.connection;
    const { chosen, leftOut } = splitByStatus(rows, 'New', (item) => t('not New ({0})', item.Status));
    if (chosen.length === 0)
      throw new Error(t('None of the {0} selected items is New; only New items can be deleted.', rows.length));
    await guardChange(ctx, connection, {
      what:
        chosen.length === 1
          ? t("Delete '{0}' of {1}", itemName(chosen[0]!.queueItem), queuesOf(chosen))
          : t('Delete {0} items of {1}', chosen.length, queuesOf(chosen)),
      detail:
        t('The items are marked Deleted and no robot will process them. This cannot be undone.') +
        (leftOut.length ? t(' {0} selected item(s) are not New and are left out.', leftOut.length) : ''),
      action: t('Delete'),
      alwaysConfirm: true,
    });
    progressTitle(t('Deleting {0} item(s)…', chosen.length));
    const outcomes: RowOutcome[] = [...leftOut];
    for (const group of byFolder(chosen)) outcomes.push(...(await deleteInFolder(ctx, group, signal)));
    refreshQueuesOf(ctx, chosen);
    return tellSelectionOutcome(ctx, outcomes, {
      done: (count) => t('{0} deleted', count),
      check: t("Refresh the queue's New items to see which are still there."),
      look: {},
    });
  },
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
