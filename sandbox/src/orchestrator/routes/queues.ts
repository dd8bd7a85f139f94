import { badRequest, forbidden, HttpError } from '../../server/errors';
import { empty, json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import type { QueueDefinition, Row } from '../state';
import { bodyOf } from './body';
import * as route from './entityRoutes';
import { exportReply } from './jobs';

const QUEUES = route.entity('QueueDefinitions', 'Queue', (t) => t.queues);
const ITEMS = route.entity('QueueItems', 'Queue item', (t) => t.queueItems);
const EVENTS = route.entity('QueueItemEvents', 'Queue item event', (t) => t.queueItemEvents);
const COMMENTS = route.entity('QueueItemComments', 'Comment', (t) => t.queueItemComments);
const ITEM_VIEW = ['Queues.View', 'Transactions.View'];
const ITEM_EDIT = ['Queues.View', 'Transactions.Edit'];

/** A queue item of the caller's folder, by the request's key (or the id given). */
export const itemOf = (call: Call, id?: number) => route.rowOf(call, ITEMS, id);

/** What an item's history functions share: the item is the `queueItemId` parameter. */
const HISTORY = { parameters: { queueItemId: 'integer' as const }, permissions: ITEM_VIEW };

/** The item named by the `queueItemId` parameter of a history function. */
const historyItemOf = (call: Call) => itemOf(call, Number(call.params.queueItemId));

const onlyTheAuthor = (what: string) => (call: Call, comment: Row) => {
  if (comment.UserId !== call.user.id) throw forbidden(`Only the author may ${what} a comment.`);
};

function applyQueueFields(call: Call, queue: QueueDefinition, body: ReturnType<typeof bodyOf>, replace: boolean): void {
  if (replace || body.has('Name')) {
    const name = body.string('Name', { max: 128 });
    if (
      call.tenant.queues.some(
        (q) => q !== queue && q.$folderId === queue.$folderId && q.Name.toLowerCase() === name.toLowerCase(),
      )
    )
      throw route.conflict(`A queue named '${name}' already exists in this folder.`);
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
  // Beyond the spec: without a folder header, the rows of every folder the caller may use (README).
  route.list(QUEUES, { scope: 'optionalFolder', permissions: ['Queues.View'] }),
  route.get(QUEUES, { permissions: ['Queues.View'] }),
  route.create(QUEUES, { permissions: ['Queues.Create'] }, (call, body) => {
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
    applyQueueFields(call, queue, body, true);
    return queue;
  }),
  route.update(QUEUES, { permissions: ['Queues.Edit'] }, (call, queue, body) =>
    applyQueueFields(call, queue, body, true),
  ),
  route.remove(QUEUES, {
    permissions: ['Queues.Delete'],
    removed: (call, queue) => {
      call.tenant.queueItems = call.tenant.queueItems.filter((i) => i.QueueDefinitionId !== queue.Id);
    },
  }),
  route.entityAction(
    QUEUES,
    'Export',
    { queueNamespace: true, permissions: ['Queues.View', 'Transactions.View'], exportOperation: true },
    (call) => exportReply(call, 'QueueItems'),
  ),
  route.list(ITEMS, { permissions: ITEM_VIEW, rateLimited: true }),
  route.get(ITEMS, { permissions: ITEM_VIEW }),
  route.entityAction(
    ITEMS,
    undefined,
    {
      method: 'DELETE',
      permissions: ['Queues.View', 'Transactions.Delete'],
      refusal: (item) =>
        item.Status === 'New' ? undefined : `Only New items can be deleted; item ${item.Id} is ${item.Status}.`,
    },
    (call, item) => {
      item.Status = 'Deleted';
      call.changed();
      return empty(204);
    },
  ),
  // The published API's DeleteBulk (README): { queueItems: [{ Id, RowVersion? }] }, New items only, the rest listed.
  route.setAction(
    ITEMS,
    'DeleteBulk',
    { queueNamespace: true, permissions: ['Queues.View', 'Transactions.Delete'] },
    deleteBulk,
  ),
  route.list(EVENTS, { permissions: ITEM_VIEW }),
  route.get(EVENTS, { permissions: ITEM_VIEW }),
  route.list(EVENTS, { operation: 'GetQueueItemEventsHistory', ...HISTORY }, (call) => {
    const item = historyItemOf(call);
    return call.tenant.queueItemEvents.filter((e) => e.QueueItemId === item.Id);
  }),
  route.list(COMMENTS, { permissions: ITEM_VIEW }),
  route.get(COMMENTS, { permissions: ITEM_VIEW }),
  route.list(COMMENTS, { operation: 'GetQueueItemCommentsHistory', ...HISTORY }, (call) => {
    const item = historyItemOf(call);
    return call.tenant.queueItemComments.filter((c) => c.QueueItemId === item.Id);
  }),
  route.create(COMMENTS, { permissions: ITEM_EDIT }, (call, body) => {
    const item = itemOf(call, body.int('QueueItemId'));
    return {
      Id: call.tenant.nextId++,
      QueueItemId: item.Id,
      Text: body.string('Text', { max: 512 }),
      CreationTime: call.clock.iso(),
      UserId: call.user.id,
      UserName: call.user.userName,
      $folderId: item.$folderId,
    };
  }),
  route.update(COMMENTS, { permissions: ITEM_EDIT }, (call, comment, body) => {
    onlyTheAuthor('edit')(call, comment);
    comment.Text = body.string('Text', { max: 512 });
  }),
  route.remove(COMMENTS, { permissions: ITEM_EDIT, refuse: onlyTheAuthor('delete') }),
];

/** The most items one DeleteBulk takes (the published documentation names no limit: the sandbox's choice, README). */
export const DELETE_BULK_MAX = 1000;

/**
 * Marks the listed New items of the caller's folder Deleted, all in one request. The body is checked whole first (a
 * 400 changes nothing); an item that is not found in the folder, not New, or whose RowVersion (when sent) is not the
 * current one is left as it is and its id is listed in FailedItems, as the BulkOperationResponseDto of Int64 does.
 */
function deleteBulk(call: Call) {
  const entries = bodyOf(call.req).raw.queueItems;
  const shape = "'queueItems' must be a non-empty array of { Id (integer), RowVersion (string, optional) }.";
  if (!Array.isArray(entries) || entries.length === 0) throw badRequest(shape);
  if (entries.length > DELETE_BULK_MAX)
    throw badRequest(`At most ${DELETE_BULK_MAX} queue items per DeleteBulk (got ${entries.length}).`);
  const wanted = entries.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) throw badRequest(shape);
    const Id = 'Id' in entry ? entry.Id : undefined;
    const RowVersion = 'RowVersion' in entry ? entry.RowVersion : undefined;
    if (typeof Id !== 'number' || !Number.isInteger(Id)) throw badRequest(shape);
    if (RowVersion !== undefined && RowVersion !== null && typeof RowVersion !== 'string') throw badRequest(shape);
    return { id: Id, rowVersion: typeof RowVersion === 'string' ? RowVersion : undefined };
  });
  const failed: number[] = [];
  const seen = new Set<number>();
  for (const { id, rowVersion } of wanted) {
    if (seen.has(id)) continue;
    seen.add(id);
    const item = findItem(call, id);
    if (!item || item.Status !== 'New' || (rowVersion !== undefined && rowVersion !== item.RowVersion)) {
      failed.push(id);
      continue;
    }
    item.Status = 'Deleted';
    call.changed();
  }
  return json({
    Success: failed.length === 0,
    Message: failed.length
      ? `${failed.length} of ${seen.size} queue items were not deleted: only New items of this folder can be deleted.`
      : null,
    FailedItems: failed,
  });
}

/** The item of the caller's folder with this id, or undefined (a bulk request lists what it could not find). */
function findItem(call: Call, id: number) {
  try {
    return itemOf(call, id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  }
}
