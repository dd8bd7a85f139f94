import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import { eq, guid } from '../../core/odata/filter';
import type { QueueItem } from '../../core/orchestrator/schemas';
import { optionalRowOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import { askInFolder } from './askInFolder';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { inExplorer, nls, paletteCommand, withButton } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the palette takes: an item's key (UUID) or its id. */
export function checkItemReference(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return t("Type the item's key (a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301) or its id.");
  if (UUID.test(value) || (/^\d+$/.test(value) && Number.isSafeInteger(Number(value)) && Number(value) > 0))
    return undefined;
  return t("'{0}' is neither a key (UUID) nor an id (a positive whole number).", value.slice(0, 60));
}

async function findItem(
  ctx: Pick<Services, 'clientFor'>,
  connection: Connection,
  folder: { id: number },
  reference: string,
  signal: AbortSignal,
): Promise<QueueItem> {
  const client = ctx.clientFor(connection);
  const value = reference.trim();
  if (!UUID.test(value)) return client.queues.items.get(Number(value), { folder, signal });
  const page = await client.queues.items.list({ folder, signal, query: { filter: eq('Key', guid(value)), top: 1 } });
  const item = page.items[0];
  if (!item) throw new Error(t('No queue item has the key {0} in this folder.', value));
  return item;
}

type Uses = Pick<Services, 'accountFor' | 'active' | 'clientFor' | 'commands' | 'connections' | 'input' | 'panels'>;

/** Queue item details in a panel: from a queue item row, or from the palette by key or id. */
export const showQueueItem: CommandDefinition<Uses> = {
  id: CommandId.showQueueItem,
  contributes: paletteCommand(nls('Show Queue Item Details'), '$(open-preview)', 'signedIn', {
    rows: withButton(inExplorer([ContextValue.queueItem], '1_queueItem', 1)),
  }),
  title: t('Show Queue Item Details'),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const row = optionalRowOf(node, 'queueItem');
    if (row) {
      await ctx.panels.showQueueItem(
        { connectionId: row.connection.id, folderId: row.folder.id, itemId: row.queueItem.Id },
        { queueName: row.queue.Name },
      );
      return row.queueItem.Id;
    }
    const asked = await askInFolder(
      ctx,
      {
        connectionQuestion: t('Show a queue item of which connection?'),
        folderTitle: t('Show Queue Item: folder'),
        title: t('Show Queue Item: key or id'),
        prompt: (folder) => t('An item of {0}', folder),
        placeHolder: t('Key (UUID) or id'),
        check: checkItemReference,
      },
      signal,
    );
    if (!asked) return undefined;
    const { connection, folder, reference } = asked;
    progressTitle(t('Finding the queue item…'));
    const item = await findItem(ctx, connection, { id: folder.id }, reference, signal);
    await ctx.panels.showQueueItem(
      { connectionId: connection.id, folderId: folder.id, itemId: item.Id },
      { folderName: folder.label },
    );
    return item.Id;
  },
};
