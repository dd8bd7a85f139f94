import * as vscode from 'vscode';
import { CommandId, ViewId } from '../../constants';
import { isOutcomeUnknown } from '../../core/http/errors';
import { parseQueueItemsFile } from '../../core/orchestrator/queueItemsFile';
import { rowOf } from '../../core/rows/rowOf';
import { refreshNewItems } from './addQueueItem';
import { guardChange } from '../guards/guardChange';
import type { CommandDefinition } from './registry';
import type { QueueChangeUses } from './uses';
import { reasonOf, showQueueItems, tellOutcomeUnknown } from './unknownOutcome';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

/**
 * Bulk Add from File… on a queue: a JSON array of items, every item checked before anything is sent; the commit type
 * chosen (all or nothing, or each on its own); one POST; failed rows reported by number.
 */
export const bulkAddQueueItems: CommandDefinition<QueueChangeUses> = {
  id: CommandId.bulkAddQueueItems,
  contributes: {
    title: nls('Bulk Add from File…'),
    icon: '$(file-add)',
    palette: 'never',
    changes: true,
    rows: [{ views: ViewId.explorer, rows: [ContextValue.queue], group: '1_queue', order: 2 }],
  },
  title: t('Bulk Add Queue Items'),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const row = rowOf(node, 'queue');
    const { connection, folder, queue } = row;
    const file = await ctx.input.openFile({
      title: plainText(t('Items to add to {0}', queue.Name)),
      filters: { JSON: ['json'] },
    });
    if (!file) return undefined;
    const parsed = parseQueueItemsFile(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)), queue.Name);
    if ('problems' in parsed)
      throw new Error(
        t(
          '{0} problem(s) in {1}, nothing was sent. {2}',
          parsed.problems.length,
          vscode.workspace.asRelativePath(file),
          parsed.problems.slice(0, 3).join(' '),
        ),
      );
    const commitType = (
      await ctx.input.pick(
        [
          {
            label: t('All or nothing'),
            description: t('If one item fails, none is added'),
            value: 'AllOrNothing' as const,
          },
          {
            label: t('Each on its own'),
            description: t('Add every item that can be added'),
            value: 'ProcessAllIndependently' as const,
          },
        ],
        { title: plainText(t('Add {0} item(s) to {1}', parsed.items.length, queue.Name)) },
      )
    )?.value;
    if (!commitType) return undefined;
    await guardChange(ctx, connection, {
      what: t('Add {0} item(s) to queue {1}', parsed.items.length, queue.Name),
      detail: commitType === 'AllOrNothing' ? t('All or nothing.') : t('Each item on its own.'),
      action: t('Add'),
    });
    progressTitle(t('Adding {0} item(s) to {1}…', parsed.items.length, queue.Name));
    let result;
    try {
      result = await ctx.clientFor(connection).queues.bulkAdd(queue.Name, commitType, parsed.items, { folder, signal });
    } catch (error) {
      if (!isOutcomeUnknown(error)) throw error;
      // Sent, and the answer proves nothing: some or all items may exist. Sending the file again could duplicate them.
      const reference = parsed.items.find((i) => i.Reference)?.Reference;
      tellOutcomeUnknown(
        ctx,
        t(
          '{0} item(s) were sent to {1}, but no clean answer came back ({2}). The outcome is unknown: {3} may have been added. {4} before sending the file again.',
          parsed.items.length,
          queue.Name,
          reasonOf(error),
          commitType === 'AllOrNothing' ? t('all of them or none') : t('some or all of them'),
          reference ? t("Look up a reference (the first is '{0}')", reference) : t("Look at the queue's items"),
        ),
        {
          [reference ? t('Look Up Reference') : t('Show Items')]: () => showQueueItems(ctx, row, reference),
        },
      );
      return undefined;
    }
    refreshNewItems(ctx, row);
    const failed = result.FailedItems.map((f) => t('item {0}: {1}', f.Ordinal + 1, f.ErrorMessage ?? f.ErrorCode));
    if (failed.length)
      void vscode.window.showWarningMessage(
        plainText(
          t(
            '{0}: {1}; {2} failed ({3}).',
            queue.Name,
            commitType === 'AllOrNothing'
              ? t('nothing was added')
              : t('{0} added', parsed.items.length - failed.length),
            failed.length,
            failed.slice(0, 3).join('; '),
          ),
        ),
      );
    else
      void vscode.window.showInformationMessage(
        plainText(t('Added {0} item(s) to {1}.', parsed.items.length, queue.Name)),
      );
    return {
      added: commitType === 'AllOrNothing' && failed.length ? 0 : parsed.items.length - failed.length,
      failed: failed.length,
    };
  },
};
