import type { CallOptions, ODataBase, ListOptions } from './base';
import { EntitySet } from './entitySet';
import {
  BulkAddResponseSchema,
  DeleteBulkResponseSchema,
  ExportSchema,
  QueueDefinitionSchema,
  QueueItemCommentSchema,
  QueueItemEventSchema,
  QueueItemSchema,
  type QueueDefinition,
  type QueueItem,
  type QueueItemComment,
  type QueueItemEvent,
} from './schemas';
import { checkTextLimit, LIMITS } from './limits';
import type { QueueItemInput } from './validation';
import { onFirstUse } from '../onFirstUse';

/** The queue item checks load with the first item added, not at activation. */
const validation = onFirstUse(() => import('./validation'));
import { t } from '../l10n';

export interface QueueSettings {
  Name: string;
  Description?: string;
  MaxNumberOfRetries?: number;
  AcceptAutomaticallyRetry?: boolean;
  EnforceUniqueReference?: boolean;
}

/** Queues (definitions), queue items (rate limited, $top ≤ 100), their events and comments. */
export class QueuesApi extends EntitySet<QueueDefinition> {
  readonly items: EntitySet<QueueItem>;
  readonly itemEvents: EntitySet<QueueItemEvent>;
  readonly itemComments: EntitySet<QueueItemComment>;

  constructor(base: ODataBase) {
    super(base, 'QueueDefinitions', QueueDefinitionSchema);
    this.items = new EntitySet(base, 'QueueItems', QueueItemSchema, {
      maxTop: LIMITS.queueItemsTop,
      rateLimited: true,
    });
    this.itemEvents = new EntitySet(base, 'QueueItemEvents', QueueItemEventSchema);
    this.itemComments = new EntitySet(base, 'QueueItemComments', QueueItemCommentSchema);
  }

  create(queue: QueueSettings, options: CallOptions = {}) {
    return this.base.post(this.path, queue, options, QueueDefinitionSchema);
  }

  replace(id: number, queue: QueueSettings, options: CallOptions = {}) {
    return this.base.send('PUT', this.base.entity('QueueDefinitions', id), queue, undefined, options);
  }

  export(id: number, options: CallOptions = {}) {
    const path = this.base.operationOn('QueueDefinitions', id, 'Export', { queue: true });
    return this.base.post(path, {}, options, ExportSchema);
  }

  /** One POST, never retried. */
  async addItem(item: QueueItemInput, options: CallOptions = {}) {
    const path = this.base.operation('Queues', 'AddQueueItem', undefined, { queue: true });
    const { checkQueueItem } = await validation();
    this.base.check(`POST ${path}`, checkQueueItem(item));
    return this.base.post(path, { itemData: item }, options, QueueItemSchema);
  }

  /** One POST, never retried; a 200 may still report FailedItems. */
  async bulkAdd(
    queueName: string,
    commitType: 'AllOrNothing' | 'ProcessAllIndependently',
    items: Omit<QueueItemInput, 'Name'>[],
    options: CallOptions = {},
  ) {
    const path = this.base.operation('Queues', 'BulkAddQueueItems', undefined, { queue: true });
    if (items.length === 0) this.base.check(`POST ${path}`, t('There are no items to add.'));
    const { checkQueueItem } = await validation();
    items.forEach((item, i) => {
      const problem = checkQueueItem({ ...item, Name: queueName });
      if (problem) this.base.check(`POST ${path}`, t('Item {0}: {1}', i + 1, problem));
    });
    const queueItems = items.map((item) => ({ ...item, Name: queueName }));
    return this.base.post(path, { queueName, commitType, queueItems }, options, BulkAddResponseSchema);
  }

  /**
   * Marks these items Deleted in one POST (QueueItems DeleteBulk), never retried. The service deletes only New items;
   * the ids it refused come back in FailedItems, the others are deleted.
   */
  deleteItems(ids: readonly number[], options: CallOptions = {}) {
    const path = this.base.operation('QueueItems', 'DeleteBulk', undefined, { queue: true });
    return this.base.post(path, { queueItems: ids.map((Id) => ({ Id })) }, options, DeleteBulkResponseSchema);
  }

  async setProgress(itemId: number, progress: string, options: CallOptions = {}) {
    const path = this.base.operationOn('QueueItems', itemId, 'SetTransactionProgress', { queue: true });
    this.base.check(`POST ${path}`, checkTextLimit('Progress', progress, LIMITS.progressChars));
    return this.base.post(path, { progress }, options);
  }

  async setResult(
    itemId: number,
    result: {
      IsSuccessful: boolean;
      Output?: Record<string, unknown>;
      ProcessingException?: { Reason: string; Details: string };
    },
    options: CallOptions = {},
  ) {
    const path = this.base.operation('Queues', 'SetTransactionResult', undefined, { key: itemId, queue: true });
    const endpoint = `POST ${path}`;
    this.base.check(
      endpoint,
      checkTextLimit('Output', result.Output ? JSON.stringify(result.Output) : undefined, LIMITS.outputChars),
    );
    this.base.check(
      endpoint,
      checkTextLimit('Reason', result.ProcessingException?.Reason, LIMITS.exceptionReasonChars),
    );
    this.base.check(
      endpoint,
      checkTextLimit('Details', result.ProcessingException?.Details, LIMITS.exceptionDetailsChars),
    );
    return this.base.post(path, { transactionResult: result }, options);
  }

  itemHistory(queueItemId: number, options: ListOptions = {}) {
    return this.history(this.itemEvents, 'GetQueueItemEventsHistory', queueItemId, options);
  }

  commentHistory(queueItemId: number, options: ListOptions = {}) {
    return this.history(this.itemComments, 'GetQueueItemCommentsHistory', queueItemId, options);
  }

  /** An item's events or comments, oldest first, through the set's history function. */
  private history<T>(set: EntitySet<T>, name: string, queueItemId: number, options: ListOptions) {
    return this.base.getPage(this.base.operation(set.name, name, { queueItemId }), set.schema, options);
  }

  async addComment(queueItemId: number, text: string, options: CallOptions = {}) {
    this.base.check('POST /odata/QueueItemComments', text.trim() ? undefined : t('A comment cannot be empty.'));
    const comment = { QueueItemId: queueItemId, Text: text };
    return this.base.post(this.itemComments.path, comment, options, QueueItemCommentSchema);
  }

  editComment(id: number, text: string, options: CallOptions = {}) {
    return this.base.send('PUT', this.base.entity('QueueItemComments', id), { Text: text }, undefined, options);
  }
}
