// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { DATA_NOTICE, quoted } from '../../../core/agents/resultText';
import { and, eq } from '../../../core/odata/filter';
import { t } from '../../../core/l10n';
import type { Services } from '../../services';
import { QUEUE_ITEM_STATUSES } from '../../views/explorer/queueNode';
import { defineTool, nls } from '../toolDefinition';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { PLACE_DESCRIBED, connectionField, folderField } from './toolInputs';
import { QUEUE_DESCRIBED, queueField, toolQueue } from './toolQueue';

type Uses = Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>;

const input = z.object({ connection: connectionField, folder: folderField, queue: queueField });

export const queueSummary = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.queueSummary,
  referenceName: 'orchestratorQueue',
  displayName: nls('Orchestrator Queue Summary'),
  userDescription: nls("Counts a queue's items by status (New, In Progress, Failed…)."),
  modelDescription: `Counts the items of one queue by status (${QUEUE_ITEM_STATUSES.map(([status]) => status).join(', ')}) and says the queue's settings (unique references, retries). Use orchestrator_queueItems to list the items of a status. Sends ${2 + QUEUE_ITEM_STATUSES.length} requests (the folder, the queue, one count per status); reads no items.`,
  input,
  describe: { ...PLACE_DESCRIBED, queue: QUEUE_DESCRIBED },
  requests: 2 + QUEUE_ITEM_STATUSES.length,
  progress: (i) => t('Counting the items of queue {0}', i.queue),
  async run({ ctx, signal }, i) {
    const { connection, client, folder, path } = await toolPlace(ctx, i, signal);
    const queue = await toolQueue(client, folder, i.queue, signal);
    // One $count per status, as the explorer's status rows read them: a fixed number of rate-limited reads.
    const counts = await Promise.all(
      QUEUE_ITEM_STATUSES.map(async ([status]) => {
        const page = await client.queues.items.list({
          folder,
          signal,
          query: { filter: and(eq('QueueDefinitionId', queue.Id), eq('Status', status)), top: 0, count: true },
        });
        return [status, page.count ?? page.items.length] as const;
      }),
    );
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    return [
      `Queue ${quoted(queue.Name)} (id ${queue.Id}) in folder ${quoted(path)} of ${JSON.stringify(connection.label)}: ${total} items.`,
      DATA_NOTICE,
      counts.map(([status, n]) => `${status}=${n}`).join(' '),
      `uniqueReferences=${queue.EnforceUniqueReference ?? false} maxRetries=${queue.MaxNumberOfRetries ?? 0} autoRetry=${queue.AcceptAutomaticallyRetry ?? false} description=${quoted(queue.Description)}`,
    ].join('\n');
  },
});
