import { isOutcomeUnknown } from '../../core/http/errors';
import { t } from '../../core/l10n';
import { RowIds } from '../../core/rows/rowIds';
import type { RowOf } from '../../core/rows/rows';
import type { Services } from '../services';
import { reasonOf, showQueueItems, tellOutcomeUnknown } from './unknownOutcome';

/** What Add Item and Bulk Add say when no clean answer came back: `told(reason)`, and the reference to look up. */
export interface UnknownAdd {
  readonly reference: string | null | undefined;
  readonly told: (reason: string) => string;
}

/**
 * Sends items to a queue once (never repeated) and reloads its New and All Items rows after. When the answer proves
 * nothing the items may exist, and sending again could duplicate them: it says so (`unknown.told`), offers to look
 * up the reference or show the items, and gives undefined.
 */
export async function sendToQueue<T>(
  ctx: Pick<Services, 'explorer' | 'log'>,
  queue: RowOf<'queue'>,
  unknown: UnknownAdd,
  send: () => Promise<T>,
): Promise<T | undefined> {
  let answer: T;
  try {
    answer = await send();
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw error;
    const { reference } = unknown;
    tellOutcomeUnknown(ctx, unknown.told(reasonOf(error)), {
      [reference ? t('Look Up Reference') : t('Show Items')]: () => showQueueItems(ctx, queue, reference),
    });
    return undefined;
  }
  refreshNewItems(ctx, queue);
  return answer;
}

/** After items were added: reload the queue's All Items and New rows that are loaded. */
export const refreshNewItems = (ctx: Pick<Services, 'explorer'>, queue: RowOf<'queue'>) => {
  const queueRowId = RowIds.queue(queue.connection.id, queue.folder.id, queue.queue.Id);
  return ctx.explorer.refreshRows(RowIds.queueItems(queueRowId, 'all'), RowIds.queueItems(queueRowId, 'New'));
};
