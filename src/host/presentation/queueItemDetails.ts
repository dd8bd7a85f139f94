import { t } from '../../core/l10n';
import type { QueueItem, QueueItemEvent } from '../../core/orchestrator/schemas';
import type { ContentEntry, QueueItemDetails, QueueItemEventRow } from '../../shared/protocol/queueItem';

/** One value as the panel shows it: text always (never markup), with its JSON kind. */
export function contentEntry(key: string, value: unknown): ContentEntry {
  if (value === null || value === undefined) return { key, value: 'null', kind: 'null' };
  if (typeof value === 'string') return { key, value, kind: 'string' };
  if (typeof value === 'number') return { key, value: String(value), kind: 'number' };
  if (typeof value === 'boolean') return { key, value: String(value), kind: 'boolean' };
  return { key, value: JSON.stringify(value, null, 2), kind: 'json' };
}

/** OutputData is JSON text with a DynamicProperties object; Output is that object already. */
function outputOf(item: QueueItem): ContentEntry[] | null {
  if (item.Output) return Object.entries(item.Output).map(([k, v]) => contentEntry(k, v));
  if (!item.OutputData) return null;
  try {
    const parsed: unknown = JSON.parse(item.OutputData);
    const properties = (parsed as { DynamicProperties?: unknown } | null)?.DynamicProperties;
    const object = properties && typeof properties === 'object' ? properties : parsed;
    if (object && typeof object === 'object' && !Array.isArray(object))
      return Object.entries(object).map(([k, v]) => contentEntry(k, v));
  } catch {
    // Not JSON: shown as the text it is.
  }
  return [contentEntry('OutputData', item.OutputData)];
}

/** Every field of the spec's queue item table, shaped for the details panel. */
export function queueItemDetails(
  item: QueueItem,
  context: { queueName?: string | null; folderName?: string | null; reviewerName?: string | null },
): QueueItemDetails {
  const exception = item.ProcessingException;
  return {
    id: item.Id,
    key: item.Key,
    queueName: context.queueName ?? null,
    folderName: context.folderName ?? null,
    status: item.Status,
    reviewStatus: item.ReviewStatus ?? null,
    reviewer: item.ReviewerUserId == null ? null : (context.reviewerName ?? t('User {0}', item.ReviewerUserId)),
    reference: item.Reference ?? null,
    priority: item.Priority ?? null,
    creationTime: item.CreationTime,
    deferDate: item.DeferDate ?? null,
    dueDate: item.DueDate ?? null,
    startProcessing: item.StartProcessing ?? null,
    endProcessing: item.EndProcessing ?? null,
    secondsInPreviousAttempts: item.SecondsInPreviousAttempts ?? null,
    retryNumber: item.RetryNumber ?? null,
    ancestorId: item.AncestorId != null && item.AncestorId > 0 ? item.AncestorId : null,
    progress: item.Progress ?? null,
    specificContent: Object.entries(item.SpecificContent ?? {}).map(([k, v]) => contentEntry(k, v)),
    output: outputOf(item),
    exception:
      exception || item.ProcessingExceptionType
        ? {
            type: item.ProcessingExceptionType ?? null,
            reason: exception?.Reason ?? null,
            details: exception?.Details ?? null,
          }
        : null,
  };
}

/** The item's history, oldest first. */
export function queueItemEvents(events: readonly QueueItemEvent[]): QueueItemEventRow[] {
  return [...events]
    .sort((a, b) => Date.parse(a.Timestamp ?? '') - Date.parse(b.Timestamp ?? '') || a.Id - b.Id)
    .map((e) => ({
      id: e.Id,
      action: e.Action ?? null,
      status: e.Status ?? null,
      reviewStatus: typeof e.ReviewStatus === 'string' ? e.ReviewStatus : null,
      timestamp: e.Timestamp ?? null,
      user: e.UserName ?? null,
    }));
}
