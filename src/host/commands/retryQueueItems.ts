import { CommandId, ViewId } from '../../constants';
import { errorMessage } from '../../core/errorMessage';
import { isOutcomeUnknown } from '../../core/http/errors';
import type { QueueItem } from '../../core/orchestrator/schemas';
import type { QueueItemInput } from '../../core/orchestrator/validation';
import { ContextValue, RowFlag } from '../../core/rows/contextValues';
import { guardChange } from '../guards/guardChange';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import { nls, rowChange } from './contribution';
import type { CommandDefinition } from './registry';
import { rowsChangeCommand } from './rowChangeCommand';
import { itemName, queuesOf, refreshQueuesOf, splitByStatus, type ItemRow } from './queueItemSelection';
import { tellSelectionOutcome, type RowOutcome } from './selectionOutcome';
import { reasonOf } from './unknownOutcome';

type Uses = Pick<Services, 'clientFor' | 'connections' | 'explorer' | 'input' | 'log'>;

const PRIORITIES = ['High', 'Normal', 'Low'] as const;

/**
 * Retry… on failed queue items (one, or a selection). The published API has no retry operation (its QueueItems
 * operations are Get, Put, Delete, DeleteBulk, the review and progress ones; the portal's Retry is not among them), so
 * Retry takes the reversible way: each failed item is read (its content, and that it is still Failed) and added again
 * as a New item of the same queue with its reference, priority, content and due date, by one AddQueueItem each, sent
 * once. The failed item stays as it is; a copy can be deleted while New. A queue that enforces unique references
 * refuses a copy whose reference the failed item still holds: that refusal is the service's, named in the summary.
 */
export const retryQueueItems: CommandDefinition<Uses> = rowsChangeCommand(['queueItem'], {
  id: CommandId.retryQueueItems,
  title: t('Retry Queue Items'),
  contributes: rowChange(nls('Retry…'), '$(debug-restart)', [
    { views: ViewId.explorer, rows: [ContextValue.queueItem], has: RowFlag.failedItem, group: '1_queueItem', order: 2 },
  ]),
  async change({ ctx, signal, progressTitle }, rows) {
    const connection = rows[0]!.connection;
    const { chosen, leftOut } = splitByStatus(rows, 'Failed', (item) => t('not Failed ({0})', item.Status));
    if (chosen.length === 0)
      throw new Error(t('None of the {0} selected items failed; only Failed items can be retried.', rows.length));
    const unique = chosen.some((row) => row.queue.EnforceUniqueReference);
    await guardChange(ctx, connection, {
      what:
        chosen.length === 1
          ? t("Retry '{0}' of {1}", itemName(chosen[0]!.queueItem), queuesOf(chosen))
          : t('Retry {0} failed items of {1}', chosen.length, queuesOf(chosen)),
      detail:
        t(
          'Each is added again as a New item with the same reference, priority and content; the failed item stays as it is.',
        ) +
        (unique
          ? t(' The queue enforces unique references: it refuses a copy whose reference the failed item still holds.')
          : '') +
        (leftOut.length ? t(' {0} selected item(s) did not fail and are left out.', leftOut.length) : ''),
      action: t('Retry'),
      alwaysConfirm: true,
    });
    progressTitle(t('Retrying {0} item(s)…', chosen.length));
    const outcomes: RowOutcome[] = [...leftOut];
    for (const row of chosen) outcomes.push(await retryOne(ctx, row, signal));
    refreshQueuesOf(ctx, chosen);
    return tellSelectionOutcome(ctx, outcomes, {
      done: (count) => t('{0} added again', count),
      check: t("Look at the queue's New items before retrying them again."),
      look: {},
    });
  },
});

async function retryOne(ctx: Pick<Services, 'clientFor'>, row: ItemRow, signal: AbortSignal): Promise<RowOutcome> {
  const { connection, folder, queue } = row;
  const name = itemName(row.queueItem);
  const client = ctx.clientFor(connection);
  let item: QueueItem;
  try {
    item = await client.queues.items.get(row.queueItem.Id, { folder, signal });
  } catch (error) {
    signal.throwIfAborted();
    return { name, outcome: 'failed', reason: errorMessage(error) };
  }
  if (item.Status !== 'Failed') return { name, outcome: 'leftOut', reason: t('not Failed ({0})', item.Status) };
  try {
    await client.queues.addItem(copyOf(queue.Name, item), { folder, signal });
    return { name, outcome: 'done' };
  } catch (error) {
    if (isOutcomeUnknown(error)) return { name, outcome: 'unknown', reason: reasonOf(error) };
    signal.throwIfAborted();
    return { name, outcome: 'failed', reason: errorMessage(error) };
  }
}

/** The item to add again: what the robot needs to process it, not when or how it was processed the first time. */
function copyOf(queueName: string, item: QueueItem): QueueItemInput {
  const priority = PRIORITIES.find((p) => p === item.Priority);
  return {
    Name: queueName,
    ...(priority ? { Priority: priority } : {}),
    Reference: item.Reference,
    DueDate: item.DueDate,
    SpecificContent: item.SpecificContent ?? {},
  };
}
