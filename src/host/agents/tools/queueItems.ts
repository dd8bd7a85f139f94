// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { quoted, tableText } from '../../../core/agents/resultText';
import { and, contains, eq } from '../../../core/odata/filter';
import { t } from '../../../core/l10n';
import type { Services } from '../../services';
import { QUEUE_ITEM_STATUSES } from '../../views/explorer/queueNode';
import { defineTool, nls } from '../toolDefinition';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { PLACE_DESCRIBED, connectionField, folderField, topField } from './toolInputs';
import { QUEUE_DESCRIBED, queueField, queueItemRow, toolQueue } from './toolQueue';

type Uses = Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>;

const input = z.object({
  connection: connectionField,
  folder: folderField,
  queue: queueField,
  status: z.optional(z.enum(QUEUE_ITEM_STATUSES.map(([status]) => status))),
  reference: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  top: topField,
});

export const queueItems = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.queueItems,
  referenceName: 'orchestratorQueueItems',
  displayName: nls('List Orchestrator Queue Items'),
  userDescription: nls('Lists the items of a queue, newest first, by status and reference.'),
  modelDescription:
    'Lists items of one queue, newest first: id, reference, status, priority, created/started/ended times (ISO, UTC), retry number and the exception reason of failed items. Filter by status and by text the reference contains. At most 50 rows; pass the ids of Failed items to orchestrator_retryQueueItems. Sends 3 requests (the folder, the queue, one page of items); never pages through all items.',
  input,
  describe: {
    ...PLACE_DESCRIBED,
    queue: QUEUE_DESCRIBED,
    status: 'Only items in this status.',
    reference: 'Only items whose reference contains this text.',
    top: 'How many items, newest first (default 20).',
  },
  requests: 3,
  progress: (i) => t('Listing the items of queue {0}', i.queue),
  async run({ ctx, signal }, i) {
    const { connection, client, folder, path } = await toolPlace(ctx, i, signal);
    const queue = await toolQueue(client, folder, i.queue, signal);
    const top = i.top ?? 20;
    const page = await client.queues.items.list({
      folder,
      signal,
      query: {
        filter: and(
          eq('QueueDefinitionId', queue.Id),
          i.status ? eq('Status', i.status) : undefined,
          i.reference ? contains('Reference', i.reference) : undefined,
        ),
        orderBy: [{ path: 'Id', desc: true }],
        top,
        count: true,
      },
    });
    return tableText(
      {
        title: `Items of queue ${quoted(queue.Name)} in folder ${quoted(path)} of ${JSON.stringify(connection.label)}${i.status ? `, status ${i.status}` : ''}${i.reference ? `, reference containing ${JSON.stringify(i.reference)}` : ''}, newest first:`,
        rows: page.items.map(queueItemRow),
        total: page.count,
        narrowBy: 'status or reference',
        empty: 'No items match.',
      },
      top,
    );
  },
});
