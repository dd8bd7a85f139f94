// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { isoTime, quoted, type ResultRow } from '../../../core/agents/resultText';
import { eq } from '../../../core/odata/filter';
import type { OrchestratorClient } from '../../../core/orchestrator/client';
import type { QueueDefinition, QueueItem } from '../../../core/orchestrator/schemas';
import type { FolderById } from '../../../core/rows/rows';
import { ToolAnswer } from '../toolDefinition';

// What the queue tools share: the queue field, finding the queue by name (1 request) and an item as a result row.

export const QUEUE_DESCRIBED = 'The queue name, exactly as listed in the folder.';

export const queueField = z.string().check(z.minLength(1), z.maxLength(500));

/** The queue of this name in the folder: 1 request. */
export async function toolQueue(
  client: OrchestratorClient,
  folder: FolderById,
  name: string,
  signal: AbortSignal,
): Promise<QueueDefinition> {
  const page = await client.queues.list({ folder, signal, query: { filter: eq('Name', name.trim()), top: 2 } });
  const queue = page.items.find((q) => q.Name.toLowerCase() === name.trim().toLowerCase()) ?? page.items[0];
  if (!queue)
    throw new ToolAnswer(
      `No queue is named ${quoted(name)} in that folder. Check the name with the user (the explorer lists the folder's queues).`,
    );
  return queue;
}

/** A queue item as one result row: id, reference, status, priority, times (ISO), retry number, exception reason. */
export function queueItemRow(item: QueueItem): ResultRow {
  return [
    ['id', item.Id],
    ['reference', quoted(item.Reference)],
    ['status', quoted(item.Status)],
    ['priority', quoted(item.Priority)],
    ['created', isoTime(item.CreationTime)],
    ['started', isoTime(item.StartProcessing)],
    ['ended', isoTime(item.EndProcessing)],
    ['retry', item.RetryNumber ?? 0],
    ['exception', quoted(item.ProcessingException?.Reason)],
  ];
}
