// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { quoted } from '../../../core/agents/resultText';
import { t } from '../../../core/l10n';
import type { Services } from '../../services';
import { refreshQueuesOf } from '../../commands/queueItemSelection';
import { retryOne } from '../../commands/retryQueueItems';
import type { RowOutcome } from '../../commands/selectionOutcome';
import { defineTool, nls } from '../toolDefinition';
import { confirmOnConnection } from '../toolConnection';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { PLACE_DESCRIBED, connectionField, folderField } from './toolInputs';
import { QUEUE_DESCRIBED, queueField, toolQueue } from './toolQueue';

type Uses = Pick<Services, 'accountFor' | 'activeConnection' | 'clientFor' | 'connections' | 'explorer'>;

/** At most this many items a call: each costs 2 requests (read again, add again). */
const MOST = 20;

const input = z.object({
  connection: connectionField,
  folder: folderField,
  queue: queueField,
  itemIds: z.array(z.int().check(z.positive())).check(
    z.minLength(1),
    z.maxLength(MOST),
    z.refine((ids) => new Set(ids).size === ids.length, 'each id at most once'),
  ),
});
type Input = z.infer<typeof input>;

/** What the model reads of one item: what became of it, and for an unknown outcome how to check. */
function outcomeLine(id: number, { outcome, reason }: RowOutcome): string {
  switch (outcome) {
    case 'done':
      return `id=${id}: added again as a New item.`;
    case 'leftOut':
      return `id=${id}: left out, ${quoted(reason)}.`;
    case 'failed':
      return `id=${id}: not retried; the service answered ${quoted(reason)}.`;
    case 'unknown':
      return `id=${id}: sent, but no clean answer came back (${quoted(reason)}): a copy may have been added. Do not retry it again; list the queue's New items by its reference (${ToolName.queueItems}) to check.`;
  }
}

export const retryQueueItems = defineTool<Uses, Input>({
  name: ToolName.retryQueueItems,
  referenceName: 'orchestratorRetryQueueItems',
  displayName: nls('Retry Orchestrator Queue Items'),
  userDescription: nls('Adds failed queue items again as new items; you confirm first.'),
  modelDescription: `Retries failed items of one queue by their ids (from orchestrator_queueItems with status Failed), at most ${MOST} a call. Each item is read again; one still Failed and of this queue is added again as a New item with the same reference, priority and content (the failed item stays as it is); any other is left out and named. The user confirms in the editor first; a read-only connection refuses. Each add is sent once and never repeated: an unknown outcome is reported, never retried. A queue that enforces unique references refuses a copy whose reference the failed item holds. Returns one line per id: added again, left out (why), not retried (the service's answer) or unknown. Sends at most ${2 + 2 * MOST} requests: the folder, the queue, then a read and an add per id.`,
  input,
  describe: {
    ...PLACE_DESCRIBED,
    queue: QUEUE_DESCRIBED,
    itemIds: `The ids of the failed items to retry (1 to ${MOST}).`,
  },
  requests: 2 + 2 * MOST,
  changes: {
    confirm: confirmOnConnection((i: Input, connection) => ({
      title: t(
        'Retry {0} failed item(s) of queue {1} in {2} on {3}?',
        i.itemIds.length,
        quoted(i.queue),
        quoted(i.folder),
        connection,
      ),
      message: t(
        'Items {0}. Each that is still Failed is added again as a New item with the same reference, priority and content; the failed item stays as it is.',
        i.itemIds.join(', '),
      ),
      action: t('Retry'),
    })),
  },
  progress: (i) => t('Retrying {0} item(s) of queue {1}', i.itemIds.length, i.queue),
  // One item: its panel, where the user sees it failed (several: the queue's rows show them).
  opens: (i) =>
    i.itemIds.length === 1
      ? { kind: 'queueItem', connection: i.connection, folder: i.folder, itemId: i.itemIds[0]! }
      : undefined,
  async run({ ctx, signal }, i) {
    const { connection, client, folder, path } = await toolPlace(ctx, i, signal);
    const queue = await toolQueue(client, folder, i.queue, signal);
    const lines: string[] = [];
    let added = 0;
    const tried = new Set<number>();
    try {
      for (const id of i.itemIds) {
        // Cancelled: what was sent stays told (the failed items stay Failed, so a call again would add them twice).
        if (signal.aborted) break;
        const target = { connection, folder, queue, queueItem: { Id: id, Reference: null } };
        let outcome: RowOutcome;
        try {
          outcome = await retryOne(ctx, target, signal);
        } catch (error) {
          if (signal.aborted) break; // cancelled while this item was read or added
          throw error;
        }
        tried.add(id);
        if (outcome.outcome === 'done') added++;
        lines.push(outcomeLine(id, outcome));
      }
    } finally {
      refreshQueuesOf(ctx, [{ connection, folder, queue }]);
    }
    const untried = i.itemIds.filter((id) => !tried.has(id));
    if (untried.length)
      lines.push(
        `Cancelled: ids ${untried.join(', ')} were not retried (one being added as the call was cancelled may have been: list the queue's New items by reference before retrying it). Do not retry again the ids above that were added again.`,
      );
    return [
      `Retried in queue ${quoted(queue.Name)} of folder ${quoted(path)} on ${JSON.stringify(connection.label)}: ${added} of ${i.itemIds.length} added again.`,
      ...lines,
    ].join('\n');
  },
});
