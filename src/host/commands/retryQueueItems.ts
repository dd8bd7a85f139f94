import { CommandId } from '../../constants';
import { errorMessage } from '../../core/errorMessage';
import { isOutcomeUnknown } from '../../core/http/errors';
import type { QueueItem } from '../../core/orchestrator/schemas';
import type { QueueItemInput } from '../../core/orchestrator/validation';
import { RowFlag } from '../../core/rows/contextValues';
import { guardChange } from '../guards/guardChange';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import { nls } from './contribution';
import type { CommandDefinition } from './registry';
import { rowsChangeCommand } from './rowChangeCommand';
import { changeItems, itemName, onQueueItems, whatOf, type ItemRow } from './queueItemSelection';
import type { QueueChangeUses } from './uses';
import type { RowOutcome } from './selectionOutcome';
import { reasonOf } from './unknownOutcome';

const PRIORITIES = ['High', 'Normal', 'Low'] as const;

/**
 * Retry… on failed queue items (one, or a selection). The published API has no retry operation (its QueueItems
 * operations are Get, Put, Delete, DeleteBulk, the review and progress ones; the portal's Retry is not among them), so
 * Retry takes the reversible way: each failed item is read (its content, and that it is still Failed) and added again
 * as a New item of the same queue with its reference, priority, content and due date, by one AddQueueItem each, sent
 * once. The failed item stays as it is; a copy can be deleted while New. A queue that enforces unique references
 * refuses a copy whose reference the failed item still holds: that refusal is the service's, named in the summary.
 */
export const retryQueueItems: CommandDefinition<QueueChangeUses> = rowsChangeCommand(['queueItem'], {
  id: CommandId.retryQueueItems,
  title: t('Retry Queue Items'),
  contributes: onQueueItems(nls('Retry…'), '$(debug-restart)', RowFlag.failedItem, 2),
  change: (run, rows) =>
    changeItems(run, rows, {
      status: 'Failed',
      leftOut: (item) => t('not Failed ({0})', item.Status),
      none: t('None of the {0} selected items failed; only Failed items can be retried.', rows.length),
      // Asked whatever the protection level: robots will process every copy.
      ask: (chosen, leftOut) =>
        guardChange(run.ctx, rows[0]!.connection, {
          what: whatOf(
            chosen,
            (name, queue) => t("Retry '{0}' of {1}", name, queue),
            (count, queue) => t('Retry {0} failed items of {1}', count, queue),
          ),
          detail:
            t(
              'Each is added again as a New item with the same reference, priority and content; the failed item stays as it is.',
            ) +
            (chosen.some((row) => row.queue.EnforceUniqueReference)
              ? t(
                  ' The queue enforces unique references: it refuses a copy whose reference the failed item still holds.',
                )
              : '') +
            (leftOut ? t(' {0} selected item(s) did not fail and are left out.', leftOut) : ''),
          action: t('Retry'),
          alwaysConfirm: true,
        }),
      progress: (count) => t('Retrying {0} item(s)…', count),
      send: async (chosen, signal) => {
        const outcomes: RowOutcome[] = [];
        for (const row of chosen) outcomes.push(await retryOne(run.ctx, row, signal));
        return outcomes;
      },
      done: (count) => t('{0} added again', count),
      check: t("Look at the queue's New items before retrying them again."),
    }),
});

/** What retrying one item needs: where it is (a row of the tree, or a tool's folder and queue) and which item. */
export type RetryTarget = Pick<ItemRow, 'connection' | 'folder'> & {
  readonly queue: Pick<ItemRow['queue'], 'Id' | 'Name'>;
  readonly queueItem: Pick<ItemRow['queueItem'], 'Id' | 'Reference'>;
};

/** Reads the item again and, while it is Failed and in this queue, adds its copy: 2 requests, the add sent once. */
export async function retryOne(
  ctx: Pick<Services, 'clientFor'>,
  row: RetryTarget,
  signal: AbortSignal,
): Promise<RowOutcome> {
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
  if (item.QueueDefinitionId !== queue.Id)
    return { name, outcome: 'leftOut', reason: t('not an item of queue {0}', queue.Name) };
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
