import type { QueueItem } from '../../../src/core/orchestrator/schemas';

/** A queue item as the service answers one: these fields, the rest empty. */
export function queueItemOf(id: number, fields: Partial<QueueItem>): QueueItem {
  return {
    Id: id,
    Key: `key-${id}`,
    QueueDefinitionId: 1,
    Status: 'New',
    ReviewStatus: null,
    ReviewerUserId: null,
    Reference: null,
    Priority: 'Normal',
    DeferDate: null,
    DueDate: null,
    StartProcessing: null,
    EndProcessing: null,
    SecondsInPreviousAttempts: null,
    AncestorId: null,
    RetryNumber: 0,
    CreationTime: '2026-01-01T00:00:00Z',
    Progress: null,
    RowVersion: null,
    ProcessingExceptionType: null,
    ProcessingException: null,
    Output: null,
    OutputData: null,
    SpecificData: null,
    SpecificContent: null,
    ...fields,
  };
}
