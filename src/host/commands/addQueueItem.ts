import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { checkQueueItem, type QueueItemInput } from '../../core/orchestrator/validation';
import { rowChangeCommand } from './rowChangeCommand';
import { guardChange } from '../guards/guardChange';
import type { CommandDefinition } from './registry';
import type { QueueChangeUses } from './uses';
import { sendToQueue } from './sendToQueue';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls, queueChange } from './contribution';
import { errorMessage } from '../../core/errorMessage';
import type { QueueDefinition } from '../../core/orchestrator/schemas';

const parseContent = (text: string): Record<string, string | number | boolean | null> | string => {
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return t('Enter a JSON object, for example {"InvoiceId": "INV-1", "Amount": 120.5}.');
    return value as Record<string, string | number | boolean | null>;
  } catch (error) {
    return t('Not JSON: {0}', errorMessage(error));
  }
};

/** What is wrong with a reference for this queue (Add Item's and the chat tool's check), or undefined. */
export const referenceProblem = (queue: Pick<QueueDefinition, 'EnforceUniqueReference'>, reference: string) =>
  queue.EnforceUniqueReference && !reference.trim()
    ? t('This queue needs a reference.')
    : reference.length > 128
      ? t('At most 128 characters.')
      : undefined;

/** Add Item… on a queue: reference, priority and specific content, each checked as typed; one POST, never repeated. */
export const addQueueItem: CommandDefinition<QueueChangeUses> = rowChangeCommand('queue', {
  id: CommandId.addQueueItem,
  title: t('Add Queue Item'),
  contributes: queueChange(nls('Add Item…'), '$(add)', 1),
  async change({ ctx, signal, progressTitle }, row) {
    const { connection, folder, queue } = row;
    const reference = await ctx.input.input({
      title: plainText(t('Add item to {0} (1/3): reference', queue.Name)),
      prompt: queue.EnforceUniqueReference
        ? t('Required: this queue enforces unique references.')
        : t('Optional: a reference to find the item by.'),
      validateInput: (v) => referenceProblem(queue, v),
    });
    if (reference === undefined) return undefined;
    const priority = await ctx.input.pick(
      ['Normal', 'High', 'Low'].map((label) => ({ label })),
      { title: plainText(t('Add item to {0} (2/3): priority', queue.Name)) },
    );
    if (!priority) return undefined;
    const content = await ctx.input.input({
      title: plainText(t('Add item to {0} (3/3): specific content', queue.Name)),
      prompt: t('A JSON object of text, number, true/false or null values. Leave empty for none.'),
      value: '{}',
      validateInput: (v) => {
        const parsed = parseContent(v);
        return typeof parsed === 'string' ? parsed : checkQueueItem({ Name: queue.Name, SpecificContent: parsed });
      },
    });
    if (content === undefined) return undefined;
    const parsed = parseContent(content);
    if (typeof parsed === 'string') throw new Error(parsed);
    const item: QueueItemInput = {
      Name: queue.Name,
      Priority: priority.label as QueueItemInput['Priority'],
      Reference: reference.trim() || null,
      SpecificContent: parsed,
    };
    const problem = checkQueueItem(item);
    if (problem) throw new Error(problem);
    await guardChange(ctx, connection, {
      what: t('Add an item to queue {0}', queue.Name),
      detail: item.Reference ? t('Reference: {0}.', item.Reference) : t('No reference.'),
      action: t('Add'),
    });
    progressTitle(t('Adding an item to {0}…', queue.Name));
    const told = (reason: string) =>
      t(
        'The item{0} was sent to {1}, but no clean answer came back ({2}). The outcome is unknown: the item may have been added. {3} before adding it again.',
        item.Reference ? ` '${item.Reference}'` : '',
        queue.Name,
        reason,
        item.Reference ? t('Look up its reference') : t("Look at the queue's items"),
      );
    const added = await sendToQueue(ctx, row, { reference: item.Reference, told }, () =>
      ctx.clientFor(connection).queues.addItem(item, { folder, signal }),
    );
    if (!added) return undefined;
    void vscode.window.showInformationMessage(
      plainText(t('Added item {0} to {1}.', added.Reference ?? added.Id, queue.Name)),
    );
    return added.Id;
  },
});
