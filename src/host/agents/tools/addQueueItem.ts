// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { quoted } from '../../../core/agents/resultText';
import { t } from '../../../core/l10n';
import { checkQueueItem, type QueueItemInput } from '../../../core/orchestrator/validation';
import { makeRow } from '../../../core/rows/rows';
import type { Services } from '../../services';
import { referenceProblem } from '../../commands/addQueueItem';
import { sendToQueue } from '../../commands/sendToQueue';
import { defineTool, nls, ToolAnswer } from '../toolDefinition';
import { confirmOnConnection } from '../toolConnection';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { PLACE_DESCRIBED, connectionField, folderField } from './toolInputs';
import { QUEUE_DESCRIBED, queueField, toolQueue } from './toolQueue';

type Uses = Pick<Services, 'accountFor' | 'activeConnection' | 'clientFor' | 'connections' | 'explorer' | 'log'>;

const CONTENT_VALUE = z.union([z.string().check(z.maxLength(10_000)), z.number(), z.boolean()]);

const input = z.object({
  connection: connectionField,
  folder: folderField,
  queue: queueField,
  reference: z.optional(z.string().check(z.maxLength(128))),
  priority: z.optional(z.enum(['High', 'Normal', 'Low'])),
  content: z.optional(z.record(z.string().check(z.minLength(1), z.maxLength(200)), CONTENT_VALUE)),
});
type Input = z.infer<typeof input>;

/** What the user reads before the item is added: the exact values, quoted as given. */
const itemText = (i: Input) =>
  [
    t('Reference: {0}', i.reference?.trim() ? JSON.stringify(i.reference.trim()) : t('none')),
    t('Priority: {0}', i.priority ?? 'Normal'),
    ...Object.entries(i.content ?? {}).map(([name, value]) => `${name} = ${JSON.stringify(value)}`),
  ].join('\n');

export const addQueueItem = defineTool<Uses, Input>({
  name: ToolName.addQueueItem,
  referenceName: 'orchestratorAddQueueItem',
  displayName: nls('Add Orchestrator Queue Item'),
  userDescription: nls('Adds one item to a queue, checked first; you confirm before it is added.'),
  modelDescription:
    "Adds ONE item to a queue (by its exact name) in a folder: an optional reference (required when the queue enforces unique references), a priority (High, Normal or Low; Normal when left out) and specific content (name → text, number or true/false). Checked as the Add Item command checks it before anything is sent; a problem is returned as an error and nothing is added. The user confirms in the editor first; a read-only connection refuses. The add request is sent once and never repeated: if the outcome is unknown, say so and list the queue's items by reference (orchestrator_queueItems) to check, never add again on your own. Returns the new item's id. Sends 3 requests (folder, queue, add).",
  input,
  describe: {
    ...PLACE_DESCRIBED,
    queue: QUEUE_DESCRIBED,
    reference: 'A reference to find the item by (at most 128 characters).',
    priority: 'High, Normal or Low; Normal when left out.',
    content: 'The specific content: field name → text, number or true/false.',
  },
  requests: 3,
  changes: {
    confirm: confirmOnConnection((i: Input, connection) => ({
      title: t('Add an item to queue {0} in {1} on {2}?', quoted(i.queue), quoted(i.folder), connection),
      message: itemText(i),
      action: t('Add'),
    })),
  },
  progress: (i) => t('Adding an item to queue {0}', i.queue),
  async run({ ctx, signal }, i) {
    const { connection, client, folder } = await toolPlace(ctx, i, signal);
    const queue = await toolQueue(client, folder, i.queue, signal);
    const item: QueueItemInput = {
      Name: queue.Name,
      Priority: i.priority ?? 'Normal',
      Reference: i.reference?.trim() || null,
      SpecificContent: i.content ?? {},
    };
    // Add Item's own checks, answered in words the model can act on (addItem checks once more before sending).
    const problem = referenceProblem(queue, i.reference ?? '') ?? checkQueueItem(item);
    if (problem)
      throw new ToolAnswer(
        `Nothing was added or sent: ${problem} Ask the user for the missing values, then call again.`,
      );
    const row = makeRow({ kind: 'queue', connection, folder, queue });
    const check = item.Reference
      ? `list the queue's items with reference ${JSON.stringify(item.Reference)} (orchestrator_queueItems)`
      : "list the queue's newest items (orchestrator_queueItems)";
    // What the user is told (with a button to look the reference up) when no clean answer comes back.
    const told = (reason: string) =>
      t(
        'An item was sent to queue {0} from the chat, but no clean answer came back ({1}): it may have been added. Look it up before adding it again.',
        queue.Name,
        reason,
      );
    const added = await sendToQueue(ctx, row, { reference: item.Reference, told }, () =>
      client.queues.addItem(item, { folder, signal }),
    );
    if (!added)
      throw new ToolAnswer(
        `The add request was sent but the service did not confirm it: the item may or may not have been added. Do not add it again; ${check} to check.`,
      );
    return `Added item id=${added.Id} reference=${quoted(added.Reference)} to queue ${quoted(queue.Name)}. The user sees it under the queue's New and All Items rows.`;
  },
});
