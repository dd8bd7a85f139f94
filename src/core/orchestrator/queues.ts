import type { CallOptions, ODataBase, ListOptions } from './base';
import {
  BulkAddResponseSchema,
  ExportSchema,
  QueueDefinitionSchema,
  QueueItemCommentSchema,
  QueueItemEventSchema,
  QueueItemSchema,
} from './schemas';
import { checkQueueItem, checkTextLimit, LIMITS, type QueueItemInput } from './validation';

const MAX_TOP = 1000;

/** Queues (definitions), queue items (rate limited, $top ≤ 100), their events and comments. */
export class QueuesApi {
  constructor(private readonly base: ODataBase) {}

  list(options: ListOptions = {}) {
    return this.base.getPage('/odata/QueueDefinitions', QueueDefinitionSchema, { ...options, maxTop: MAX_TOP });
  }

  get(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('QueueDefinitions', id), QueueDefinitionSchema, options);
  }

  create(
    queue: {
      Name: string;
      Description?: string;
      MaxNumberOfRetries?: number;
      AcceptAutomaticallyRetry?: boolean;
      EnforceUniqueReference?: boolean;
    },
    options: CallOptions = {},
  ) {
    return this.base.send('POST', '/odata/QueueDefinitions', queue, QueueDefinitionSchema, options);
  }

  replace(
    id: number,
    queue: {
      Name: string;
      Description?: string;
      MaxNumberOfRetries?: number;
      AcceptAutomaticallyRetry?: boolean;
      EnforceUniqueReference?: boolean;
    },
    options: CallOptions = {},
  ) {
    return this.base.send('PUT', this.base.entity('QueueDefinitions', id), queue, undefined, options);
  }

  delete(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('QueueDefinitions', id), undefined, undefined, options);
  }

  export(id: number, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('QueueDefinitions', 'Export', undefined, { key: id, queue: true }),
      {},
      ExportSchema,
      options,
    );
  }

  items(options: ListOptions = {}) {
    return this.base.getPage('/odata/QueueItems', QueueItemSchema, {
      ...options,
      maxTop: LIMITS.queueItemsTop,
      rateLimited: true,
    });
  }

  iterateItems(options: ListOptions & { limit?: number } = {}) {
    return this.base.iterate('/odata/QueueItems', QueueItemSchema, {
      ...options,
      maxTop: LIMITS.queueItemsTop,
      rateLimited: true,
      paging: { limit: options.limit },
    });
  }

  item(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('QueueItems', id), QueueItemSchema, options);
  }

  deleteItem(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('QueueItems', id), undefined, undefined, options);
  }

  /** One POST, never retried. */
  async addItem(item: QueueItemInput, options: CallOptions = {}) {
    const path = this.base.operation('Queues', 'AddQueueItem', undefined, { queue: true });
    this.base.check(`POST ${path}`, checkQueueItem(item));
    return this.base.send('POST', path, { itemData: item }, QueueItemSchema, options);
  }

  /** One POST, never retried; a 200 may still report FailedItems. */
  async bulkAdd(
    queueName: string,
    commitType: 'AllOrNothing' | 'ProcessAllIndependently',
    items: Omit<QueueItemInput, 'Name'>[],
    options: CallOptions = {},
  ) {
    const path = this.base.operation('Queues', 'BulkAddQueueItems', undefined, { queue: true });
    if (items.length === 0) this.base.check(`POST ${path}`, 'There are no items to add.');
    items.forEach((item, i) => {
      const problem = checkQueueItem({ ...item, Name: queueName });
      if (problem) this.base.check(`POST ${path}`, `Item ${i + 1}: ${problem}`);
    });
    return this.base.send(
      'POST',
      path,
      { queueName, commitType, queueItems: items.map((item) => ({ ...item, Name: queueName })) },
      BulkAddResponseSchema,
      options,
    );
  }

  async setProgress(itemId: number, progress: string, options: CallOptions = {}) {
    const path = this.base.operation('QueueItems', 'SetTransactionProgress', undefined, { key: itemId });
    this.base.check(`POST ${path}`, checkTextLimit('Progress', progress, LIMITS.progressChars));
    return this.base.send('POST', path, { progress }, undefined, options);
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
    return this.base.send('POST', path, { transactionResult: result }, undefined, options);
  }

  events(options: ListOptions = {}) {
    return this.base.getPage('/odata/QueueItemEvents', QueueItemEventSchema, { ...options, maxTop: MAX_TOP });
  }

  event(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('QueueItemEvents', id), QueueItemEventSchema, options);
  }

  itemHistory(queueItemId: number, options: ListOptions = {}) {
    return this.base.getPage(
      this.base.operation('QueueItemEvents', 'GetQueueItemEventsHistory', { queueItemId }),
      QueueItemEventSchema,
      options,
    );
  }

  comments(options: ListOptions = {}) {
    return this.base.getPage('/odata/QueueItemComments', QueueItemCommentSchema, { ...options, maxTop: MAX_TOP });
  }

  comment(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('QueueItemComments', id), QueueItemCommentSchema, options);
  }

  commentHistory(queueItemId: number, options: ListOptions = {}) {
    return this.base.getPage(
      this.base.operation('QueueItemComments', 'GetQueueItemCommentsHistory', { queueItemId }),
      QueueItemCommentSchema,
      options,
    );
  }

  async addComment(queueItemId: number, text: string, options: CallOptions = {}) {
    this.base.check('POST /odata/QueueItemComments', text.trim() ? undefined : 'A comment cannot be empty.');
    return this.base.send(
      'POST',
      '/odata/QueueItemComments',
      { QueueItemId: queueItemId, Text: text },
      QueueItemCommentSchema,
      options,
    );
  }

  editComment(id: number, text: string, options: CallOptions = {}) {
    return this.base.send('PUT', this.base.entity('QueueItemComments', id), { Text: text }, undefined, options);
  }

  deleteComment(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('QueueItemComments', id), undefined, undefined, options);
  }
}
