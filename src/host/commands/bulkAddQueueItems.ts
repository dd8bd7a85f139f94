import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { readBulkAddFile } from './readBulkAddFile';
import { rowChangeCommand } from './rowChangeCommand';
import { guardChange } from '../guards/guardChange';
import type { CommandDefinition } from './registry';
import type { QueueChangeUses } from './uses';
import { sendToQueue } from './sendToQueue';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls, queueChange } from './contribution';

/**
 * Bulk Add from File… on a queue: a JSON array of items or a CSV file (readBulkAddFile), every item checked before
 * anything is sent; the commit type chosen (all or nothing, or each on its own); one POST; failed rows reported by
 * number.
 */
export const bulkAddQueueItems: CommandDefinition<QueueChangeUses> = rowChangeCommand('queue', {
  id: CommandId.bulkAddQueueItems,
  title: t('Bulk Add Queue Items'),
  contributes: queueChange(nls('Bulk Add from File…'), '$(file-add)', 2),
  async change({ ctx, signal, progressTitle }, row) {
    const { connection, folder, queue } = row;
    const file = await ctx.input.openFile({
      title: plainText(t('Items to add to {0}', queue.Name)),
      filters: { [t('Queue items')]: ['json', 'csv'], JSON: ['json'], CSV: ['csv'] },
    });
    if (!file) return undefined;
    const items = await readBulkAddFile(ctx, file, queue.Name);
    if (!items) return undefined;
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
        { title: plainText(t('Add {0} item(s) to {1}', items.length, queue.Name)) },
      )
    )?.value;
    if (!commitType) return undefined;
    await guardChange(ctx, connection, {
      what: t('Add {0} item(s) to queue {1}', items.length, queue.Name),
      detail: commitType === 'AllOrNothing' ? t('All or nothing.') : t('Each item on its own.'),
      action: t('Add'),
    });
    progressTitle(t('Adding {0} item(s) to {1}…', items.length, queue.Name));
    const reference = items.find((i) => i.Reference)?.Reference;
    const told = (reason: string) =>
      t(
        '{0} item(s) were sent to {1}, but no clean answer came back ({2}). The outcome is unknown: {3} may have been added. {4} before sending the file again.',
        items.length,
        queue.Name,
        reason,
        commitType === 'AllOrNothing' ? t('all of them or none') : t('some or all of them'),
        reference ? t("Look up a reference (the first is '{0}')", reference) : t("Look at the queue's items"),
      );
    const result = await sendToQueue(ctx, row, { reference, told }, () =>
      ctx.clientFor(connection).queues.bulkAdd(queue.Name, commitType, items, { folder, signal }),
    );
    if (!result) return undefined;
    const failed = result.FailedItems.map((f) => t('item {0}: {1}', f.Ordinal + 1, f.ErrorMessage ?? f.ErrorCode));
    if (failed.length)
      void vscode.window.showWarningMessage(
        plainText(
          t(
            '{0}: {1}; {2} failed ({3}).',
            queue.Name,
            commitType === 'AllOrNothing' ? t('nothing was added') : t('{0} added', items.length - failed.length),
            failed.length,
            failed.slice(0, 3).join('; '),
          ),
        ),
      );
    else void vscode.window.showInformationMessage(plainText(t('Added {0} item(s) to {1}.', items.length, queue.Name)));
    return {
      added: commitType === 'AllOrNothing' && failed.length ? 0 : items.length - failed.length,
      failed: failed.length,
    };
  },
});
