import type { Call } from '../context';
import type { QueueDefinition, QueueItem } from '../state';
import { utf16Length } from './body';

/** Field limits in UTF-16 characters (spec, Large data fields). */
export const QUEUE_LIMITS = {
  Progress: 104_857,
  Output: 51_200,
  SpecificContent: 256_000,
  Reason: 102_400,
  Details: 102_400,
  Reference: 128,
} as const;

export class ItemError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const PRIORITIES = ['High', 'Normal', 'Low'];

function dateOrNull(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    throw new ItemError('InvalidDate', `${field} must be an ISO 8601 datetime.`);
  return new Date(value).toISOString();
}

/**
 * SpecificContent holds primitives only. `X@odata.type: "#String"` siblings mark text that contains special
 * characters; they are accepted and dropped from the stored object.
 */
function specificContent(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ItemError('InvalidSpecificContent', 'SpecificContent must be an object of primitive values.');
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key.endsWith('@odata.type')) {
      if (v !== '#String') throw new ItemError('InvalidSpecificContent', `${key} must be '#String'.`);
      continue;
    }
    if (v !== null && typeof v === 'object')
      throw new ItemError(
        'InvalidSpecificContent',
        `SpecificContent.${key} must be a primitive value (string, number, boolean or null).`,
      );
    out[key] = v;
  }
  if (utf16Length(out) > QUEUE_LIMITS.SpecificContent)
    throw new ItemError(
      'SpecificContentTooLarge',
      `SpecificContent is larger than ${QUEUE_LIMITS.SpecificContent} characters.`,
    );
  return out;
}

/** Validates one item of AddQueueItem/BulkAddQueueItems and builds it; throws ItemError naming what is wrong. */
export function buildQueueItem(
  call: Call,
  queue: QueueDefinition,
  data: Record<string, unknown>,
  pendingReferences: Set<string>,
): QueueItem {
  const reference =
    data.Reference === undefined || data.Reference === null || data.Reference === '' ? null : data.Reference;
  if (reference !== null && typeof reference !== 'string')
    throw new ItemError('InvalidReference', 'Reference must be a string.');
  if (reference !== null && reference.length > QUEUE_LIMITS.Reference)
    throw new ItemError('ReferenceTooLong', `Reference must be at most ${QUEUE_LIMITS.Reference} characters.`);
  if (queue.EnforceUniqueReference) {
    if (reference === null)
      throw new ItemError(
        'TransactionReferenceRequired',
        `Queue '${queue.Name}' enforces unique references: Reference is required.`,
      );
    const taken =
      pendingReferences.has(reference) ||
      call.tenant.queueItems.some(
        (i) => i.QueueDefinitionId === queue.Id && i.Reference === reference && i.Status !== 'Deleted',
      );
    if (taken)
      throw new ItemError('DuplicateReference', `Reference '${reference}' already exists in queue '${queue.Name}'.`);
  }
  const priority = data.Priority ?? 'Normal';
  if (typeof priority !== 'string' || !PRIORITIES.includes(priority))
    throw new ItemError('InvalidPriority', `Priority must be one of ${PRIORITIES.join(', ')}.`);
  const deferDate = dateOrNull(data.DeferDate, 'DeferDate');
  const dueDate = dateOrNull(data.DueDate, 'DueDate');
  if (deferDate && dueDate && Date.parse(dueDate) < Date.parse(deferDate))
    throw new ItemError('InvalidDueDate', 'DueDate must not be before DeferDate.');
  const content = specificContent(data.SpecificContent);
  if (reference !== null) pendingReferences.add(reference);
  const now = call.clock.iso();
  return {
    Id: 0,
    Key: call.random.uuid(),
    QueueDefinitionId: queue.Id,
    Status: 'New',
    ReviewStatus: 'None',
    ReviewerUserId: null,
    Reference: reference,
    Priority: priority,
    DeferDate: deferDate,
    DueDate: dueDate,
    StartProcessing: null,
    EndProcessing: null,
    SecondsInPreviousAttempts: 0,
    AncestorId: null,
    RetryNumber: 0,
    CreationTime: now,
    Progress: null,
    RowVersion: Buffer.from(now).toString('base64'),
    ProcessingExceptionType: null,
    ProcessingException: null,
    Output: null,
    SpecificContent: content,
    $folderId: queue.$folderId,
  };
}

export function commitItem(call: Call, item: QueueItem): QueueItem {
  item.Id = call.tenant.nextId++;
  call.tenant.queueItems.push(item);
  call.tenant.queueItemEvents.push({
    Id: call.tenant.nextId++,
    QueueItemId: item.Id,
    Action: 'Create',
    Status: 'New',
    ReviewStatus: 'None',
    Timestamp: item.CreationTime,
    UserName: call.user.userName,
    $folderId: item.$folderId,
  });
  return item;
}
