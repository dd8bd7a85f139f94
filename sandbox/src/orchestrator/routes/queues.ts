import { badRequest, ErrorCode, forbidden, HttpError } from '../../server/errors';
import { empty, json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder, list, one, requireKeyInt, sets } from '../respond';
import type { QueueDefinition } from '../state';
import { bodyOf } from './body';
import { exportReply } from './jobs';

/** A queue item of the caller's folder, by the request's key (or the id given). */
export const itemOf = (call: Call, id = requireKeyInt(call, 'QueueItems')) =>
  byKey(inFolder(call, call.tenant.queueItems), id, 'Queue item');

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
