import * as vscode from 'vscode';
import { CommandId, ViewId } from '../../constants';
import { isOutcomeUnknown } from '../../core/http/errors';
import { checkQueueItem, type QueueItemInput } from '../../core/orchestrator/validation';
import { RowIds } from '../../core/rows/rowIds';
import { rowOf } from '../../core/rows/rowOf';
import type { RowOf } from '../../core/rows/rows';
import type { Services } from '../services';
import { guardChange } from '../guards/guardChange';
import type { CommandDefinition } from './registry';
import type { QueueChangeUses } from './uses';
import { reasonOf, showQueueItems, tellOutcomeUnknown } from './unknownOutcome';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';
import { errorMessage } from '../../core/errorMessage';

/** After items were added: reload the queue's All Items and New rows that are loaded. */
export const refreshNewItems = (ctx: Pick<Services, 'explorer'>, queue: RowOf<'queue'>) => {
  const queueRowId = RowIds.queue(queue.connection.id, queue.folder.id, queue.queue.Id);
  return ctx.explorer.refreshRows(RowIds.queueItems(queueRowId, 'all'), RowIds.queueItems(queueRowId, 'New'));
};

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

/** Add Item… on a queue: reference, priority and specific content, each checked as typed; one POST, never repeated. */
export const addQueueItem: CommandDefinition<QueueChangeUses> = {
  id: CommandId.addQueueItem,
  contributes: {
    title: nls('Add Item…'),
    icon: '$(add)',
    palette: 'never',
    changes: true,
    rows: [{ views: ViewId.explorer, rows: [ContextValue.queue], group: '1_queue', order: 1 }],
  },
  title: t('Add Queue Item'),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const row = rowOf(node, 'queue');
    const { connection, folder, queue } = row;
    const reference = await ctx.input.input({
      title: plainText(t('Add item to {0} (1/3): reference', queue.Name)),
      prompt: queue.EnforceUniqueReference
        ? t('Required: this queue enforces unique references.')
        : t('Optional: a reference to find the item by.'),
      validateInput: (v) =>
        queue.EnforceUniqueReference && !v.trim()
          ? t('This queue needs a reference.')
          : v.length > 128
            ? t('At most 128 characters.')
            : undefined,
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
    let added;
    try {
      added = await ctx.clientFor(connection).queues.addItem(item, { folder, signal });
    } catch (error) {
      if (!isOutcomeUnknown(error)) throw error;
      // Sent, and the answer proves nothing: the item may exist. Adding it again could make a duplicate.
      const reference = item.Reference;
      tellOutcomeUnknown(
        ctx,
        t(
          'The item{0} was sent to {1}, but no clean answer came back ({2}). The outcome is unknown: the item may have been added. {3} before adding it again.',
          reference ? ` '${reference}'` : '',
          queue.Name,
          reasonOf(error),
          reference ? t('Look up its reference') : t("Look at the queue's items"),
        ),
        {
          [reference ? t('Look Up Reference') : t('Show Items')]: () => showQueueItems(ctx, row, reference),
        },
      );
      return undefined;
    }
    refreshNewItems(ctx, row);
    void vscode.window.showInformationMessage(
      plainText(t('Added item {0} to {1}.', added.Reference ?? added.Id, queue.Name)),
    );
    return added.Id;
  },
};
