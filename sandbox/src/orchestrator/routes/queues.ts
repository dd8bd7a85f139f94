import { badRequest, ErrorCode, forbidden, HttpError, notFound } from '../../server/errors';
import { empty, json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder, list, one, requireKeyInt, sets } from '../respond';
import type { QueueDefinition, QueueItem } from '../state';
import { bodyOf, utf16Length } from './body';
import { exportReply } from './jobs';
import { buildQueueItem, commitItem, ItemError, QUEUE_LIMITS } from './queueItems';

const MAX_BULK_ITEMS = 15_000;

function queueByName(call: Call, name: string): QueueDefinition {
  const queue = inFolder(call, call.tenant.queues).find((q) => q.Name.toLowerCase() === name.toLowerCase());
  if (!queue) throw notFound(`Queue '${name}' does not exist in this folder.`);
  return queue;
}

const itemOf = (call: Call, id = requireKeyInt(call, 'QueueItems')) =>
  byKey(inFolder(call, call.tenant.queueItems), id, 'Queue item');

function tooLarge(field: string, limit: number, length: number): HttpError {
  return new HttpError(
    400,
    ErrorCode.fieldTooLarge,
    `${field} is ${length} characters; the limit is ${limit} (UTF-16 characters).`,
  );
}

function applyQueueFields(call: Call, queue: QueueDefinition, body: ReturnType<typeof bodyOf>, replace: boolean): void {
  if (replace || body.has('Name')) {
    const name = body.string('Name', { max: 128 });
    if (
      call.tenant.queues.some(
        (q) => q !== queue && q.$folderId === queue.$folderId && q.Name.toLowerCase() === name.toLowerCase(),
      )
    )
      throw new HttpError(409, ErrorCode.conflict, `A queue named '${name}' already exists in this folder.`);
    queue.Name = name;
  }
  if (body.has('Description')) queue.Description = body.string('Description', { optional: true, max: 500 });
  if (body.has('MaxNumberOfRetries')) {
    const retries = body.int('MaxNumberOfRetries');
    if (retries < 0 || retries > 50) throw badRequest('MaxNumberOfRetries must be from 0 to 50.');
    queue.MaxNumberOfRetries = retries;
  }
  if (body.has('AcceptAutomaticallyRetry')) queue.AcceptAutomaticallyRetry = body.bool('AcceptAutomaticallyRetry');
  if (body.has('EnforceUniqueReference')) queue.EnforceUniqueReference = body.bool('EnforceUniqueReference');
}

export const QUEUE_ROUTES: ODataRoute[] = [
  {
    method: 'POST',
    set: 'Queues',
    operation: 'AddQueueItem',
    queueNamespace: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.Create'],
    handler: (call) => {
      const itemData = bodyOf(call.req).object('itemData');
      if (typeof itemData.Name !== 'string' || !itemData.Name)
        throw badRequest('itemData.Name (the queue name) is required.');
      const queue = queueByName(call, itemData.Name);
      try {
        const item = commitItem(call, buildQueueItem(call, queue, itemData, new Set()));
        call.changed();
        return one(call, sets(call).QueueItems, item);
      } catch (error) {
        if (!(error instanceof ItemError)) throw error;
        const status = error.code === 'DuplicateReference' ? 409 : error.code.endsWith('TooLarge') ? 400 : 400;
        throw new HttpError(
          status,
          error.code.endsWith('TooLarge') ? ErrorCode.fieldTooLarge : ErrorCode.invalidRequest,
          `${error.message} (${error.code})`,
        );
      }
    },
  },
  {
    method: 'POST',
    set: 'Queues',
    operation: 'BulkAddQueueItems',
    queueNamespace: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.Create'],
    handler: (call) => {
      const body = bodyOf(call.req);
      const queue = queueByName(call, body.string('queueName'));
      const commitType = body.string('commitType');
      if (commitType !== 'AllOrNothing' && commitType !== 'ProcessAllIndependently')
        throw badRequest(`commitType must be AllOrNothing or ProcessAllIndependently, got '${commitType}'.`);
      const items = body.raw.queueItems;
      if (!Array.isArray(items) || items.length === 0) throw badRequest('queueItems must be a non-empty array.');
      if (items.length > MAX_BULK_ITEMS)
        throw badRequest(`queueItems holds ${items.length} items; at most ${MAX_BULK_ITEMS} are accepted per request.`);
      const pending = new Set<string>();
      const built: QueueItem[] = [];
      const failed: { Ordinal: number; ErrorCode: string; ErrorMessage: string }[] = [];
      items.forEach((data: unknown, ordinal) => {
        try {
          if (typeof data !== 'object' || data === null || Array.isArray(data))
            throw new ItemError('InvalidItem', 'Each queue item must be an object.');
          built.push(buildQueueItem(call, queue, data as Record<string, unknown>, pending));
        } catch (error) {
          if (!(error instanceof ItemError)) throw error;
          failed.push({ Ordinal: ordinal, ErrorCode: error.code, ErrorMessage: error.message });
        }
      });
      const commit = commitType === 'ProcessAllIndependently' || failed.length === 0;
      if (commit) for (const item of built) commitItem(call, item);
      if (commit && built.length > 0) call.changed();
      return json({
        '@odata.context': `${call.odataBase}/$metadata#${call.options.namespace}.BulkOperationResponseDto`,
        Success: failed.length === 0,
        Message:
          failed.length === 0
            ? null
            : commitType === 'AllOrNothing'
              ? `${failed.length} item(s) failed; nothing was added.`
              : `${failed.length} item(s) failed; ${built.length} added.`,
        FailedItems: failed,
      });
    },
  },
  {
    method: 'POST',
    set: 'Queues',
    key: true,
    operation: 'SetTransactionResult',
    queueNamespace: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.Edit'],
    handler: (call) => {
      const item = itemOf(call);
      const result = bodyOf(call.req).object('transactionResult');
      const exception = result.ProcessingException as { Reason?: unknown; Details?: unknown } | null | undefined;
      if (utf16Length(exception?.Reason) > QUEUE_LIMITS.Reason)
        throw tooLarge('ProcessingException.Reason', QUEUE_LIMITS.Reason, utf16Length(exception?.Reason));
      if (utf16Length(exception?.Details) > QUEUE_LIMITS.Details)
        throw tooLarge('ProcessingException.Details', QUEUE_LIMITS.Details, utf16Length(exception?.Details));
      if (utf16Length(result.Output) > QUEUE_LIMITS.Output)
        throw tooLarge('Output', QUEUE_LIMITS.Output, utf16Length(result.Output));
      if (typeof result.IsSuccessful !== 'boolean')
        throw badRequest('transactionResult.IsSuccessful must be true or false.');
      Object.assign(item, {
        Status: result.IsSuccessful ? 'Successful' : 'Failed',
        EndProcessing: call.clock.iso(),
        Output: (result.Output as Record<string, unknown>) ?? null,
        ProcessingException: exception
          ? { Reason: String(exception.Reason ?? ''), Details: String(exception.Details ?? '') }
          : null,
        ProcessingExceptionType: exception ? 'BusinessException' : null,
      });
      call.tenant.queueItemEvents.push({
        Id: call.tenant.nextId++,
        QueueItemId: item.Id,
        Action: 'StatusChange',
        Status: item.Status,
        ReviewStatus: item.ReviewStatus,
        Timestamp: call.clock.iso(),
        UserName: call.user.userName,
        $folderId: item.$folderId,
      });
      call.changed();
      return json({});
    },
  },
  {
    method: 'POST',
    set: 'QueueItems',
    key: true,
    operation: 'SetTransactionProgress',
    // Real clients call it in {qns}; {ns} stays for the extension, which calls it there (test/unit/core/client.test.ts).
    queueNamespace: true,
    alsoInNamespace: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.Edit'],
    handler: (call) => {
      const item = itemOf(call);
      const progress = bodyOf(call.req).string('progress', { optional: true });
      if (progress.length > QUEUE_LIMITS.Progress) throw tooLarge('Progress', QUEUE_LIMITS.Progress, progress.length);
      item.Progress = progress;
      call.changed();
      return json({});
    },
  },
  {
    method: 'GET',
    set: 'QueueDefinitions',
    // Beyond the spec: without a folder header, the rows of every folder the caller may use (README).
    scope: 'optionalFolder',
    permissions: ['Queues.View'],
    handler: (call) => list(call, sets(call).QueueDefinitions, inFolder(call, call.tenant.queues)),
  },
  {
    method: 'GET',
    set: 'QueueDefinitions',
    key: true,
    scope: 'folder',
    permissions: ['Queues.View'],
    handler: (call) =>
      one(
        call,
        sets(call).QueueDefinitions,
        byKey(inFolder(call, call.tenant.queues), requireKeyInt(call, 'QueueDefinitions'), 'Queue'),
      ),
  },
  {
    method: 'POST',
    set: 'QueueDefinitions',
    scope: 'folder',
    permissions: ['Queues.Create'],
    handler: (call) => {
      const queue: QueueDefinition = {
        Id: call.tenant.nextId++,
        Key: call.random.uuid(),
        Name: '',
        Description: null,
        MaxNumberOfRetries: 1,
        AcceptAutomaticallyRetry: true,
        EnforceUniqueReference: false,
        CreationTime: call.clock.iso(),
        OrganizationUnitId: call.folder!.Id,
        $folderId: call.folder!.Id,
      };
      applyQueueFields(call, queue, bodyOf(call.req), true);
      call.tenant.queues.push(queue);
      call.changed();
      return one(call, sets(call).QueueDefinitions, queue);
    },
  },
  {
    method: 'PUT',
    set: 'QueueDefinitions',
    key: true,
    scope: 'folder',
    permissions: ['Queues.Edit'],
    handler: (call) => {
      const queue = byKey(inFolder(call, call.tenant.queues), requireKeyInt(call, 'QueueDefinitions'), 'Queue');
      applyQueueFields(call, queue, bodyOf(call.req), true);
      call.changed();
      return json({});
    },
  },
  {
    method: 'DELETE',
    set: 'QueueDefinitions',
    key: true,
    scope: 'folder',
    permissions: ['Queues.Delete'],
    handler: (call) => {
      const queue = byKey(inFolder(call, call.tenant.queues), requireKeyInt(call, 'QueueDefinitions'), 'Queue');
      call.tenant.queues = call.tenant.queues.filter((q) => q !== queue);
      call.tenant.queueItems = call.tenant.queueItems.filter((i) => i.QueueDefinitionId !== queue.Id);
      call.changed();
      return empty(204);
    },
  },
  {
    method: 'POST',
    set: 'QueueDefinitions',
    key: true,
    operation: 'Export',
    queueNamespace: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    exportOperation: true,
    handler: (call) => {
      byKey(inFolder(call, call.tenant.queues), requireKeyInt(call, 'QueueDefinitions'), 'Queue');
      return exportReply(call, 'QueueItems');
    },
  },
  {
    method: 'GET',
    set: 'QueueItems',
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    rateLimited: true,
    handler: (call) => list(call, sets(call).QueueItems, inFolder(call, call.tenant.queueItems)),
  },
  {
    method: 'GET',
    set: 'QueueItems',
    key: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    handler: (call) => one(call, sets(call).QueueItems, itemOf(call)),
  },
  {
    method: 'DELETE',
    set: 'QueueItems',
    key: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.Delete'],
    handler: (call) => {
      const item = itemOf(call);
      if (item.Status !== 'New')
        throw new HttpError(
          409,
          ErrorCode.conflict,
          `Only New items can be deleted; item ${item.Id} is ${item.Status}.`,
        );
      item.Status = 'Deleted';
      call.changed();
      return empty(204);
    },
  },
  {
    method: 'GET',
    set: 'QueueItemEvents',
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    handler: (call) => list(call, sets(call).QueueItemEvents, inFolder(call, call.tenant.queueItemEvents)),
  },
  {
    method: 'GET',
    set: 'QueueItemEvents',
    key: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    handler: (call) =>
      one(
        call,
        sets(call).QueueItemEvents,
        byKey(inFolder(call, call.tenant.queueItemEvents), requireKeyInt(call, 'QueueItemEvents'), 'Queue item event'),
      ),
  },
  {
    method: 'GET',
    set: 'QueueItemEvents',
    operation: 'GetQueueItemEventsHistory',
    parameters: { queueItemId: 'integer' },
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    handler: (call) => {
      const item = itemOf(call, Number(call.params.queueItemId));
      return list(
        call,
        sets(call).QueueItemEvents,
        call.tenant.queueItemEvents.filter((e) => e.QueueItemId === item.Id),
      );
    },
  },
  {
    method: 'GET',
    set: 'QueueItemComments',
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    handler: (call) => list(call, sets(call).QueueItemComments, inFolder(call, call.tenant.queueItemComments)),
  },
  {
    method: 'GET',
    set: 'QueueItemComments',
    key: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    handler: (call) =>
      one(
        call,
        sets(call).QueueItemComments,
        byKey(inFolder(call, call.tenant.queueItemComments), requireKeyInt(call, 'QueueItemComments'), 'Comment'),
      ),
  },
  {
    method: 'GET',
    set: 'QueueItemComments',
    operation: 'GetQueueItemCommentsHistory',
    parameters: { queueItemId: 'integer' },
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.View'],
    handler: (call) =>
      list(
        call,
        sets(call).QueueItemComments,
        call.tenant.queueItemComments.filter((c) => c.QueueItemId === itemOf(call, Number(call.params.queueItemId)).Id),
      ),
  },
  {
    method: 'POST',
    set: 'QueueItemComments',
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.Edit'],
    handler: (call) => {
      const body = bodyOf(call.req);
      const item = itemOf(call, body.int('QueueItemId'));
      const comment = {
        Id: call.tenant.nextId++,
        QueueItemId: item.Id,
        Text: body.string('Text', { max: 512 }),
        CreationTime: call.clock.iso(),
        UserId: call.user.id,
        UserName: call.user.userName,
        $folderId: item.$folderId,
      };
      call.tenant.queueItemComments.push(comment);
      call.changed();
      return one(call, sets(call).QueueItemComments, comment);
    },
  },
  {
    method: 'PUT',
    set: 'QueueItemComments',
    key: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.Edit'],
    handler: (call) => {
      const comment = byKey(
        inFolder(call, call.tenant.queueItemComments),
        requireKeyInt(call, 'QueueItemComments'),
        'Comment',
      );
      if (comment.UserId !== call.user.id) throw forbidden('Only the author may edit a comment.');
      comment.Text = bodyOf(call.req).string('Text', { max: 512 });
      call.changed();
      return json({});
    },
  },
  {
    method: 'DELETE',
    set: 'QueueItemComments',
    key: true,
    scope: 'folder',
    permissions: ['Queues.View', 'Transactions.Edit'],
    handler: (call) => {
      const comment = byKey(
        inFolder(call, call.tenant.queueItemComments),
        requireKeyInt(call, 'QueueItemComments'),
        'Comment',
      );
      if (comment.UserId !== call.user.id) throw forbidden('Only the author may delete a comment.');
      call.tenant.queueItemComments = call.tenant.queueItemComments.filter((c) => c !== comment);
      call.changed();
      return empty(204);
    },
  },
];
