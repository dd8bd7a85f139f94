// Robots' side of a queue: adding items (one or in bulk) and reporting a transaction's progress and result.
import { badRequest, ErrorCode, HttpError, notFound } from '../../server/errors';
import { empty, json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { inFolder, one, sets } from '../respond';
import type { QueueDefinition, QueueItem } from '../state';
import { bodyOf, utf16Length } from './body';
import * as route from './entityRoutes';
import { buildQueueItem, commitItem, ItemError, PRIORITIES, QUEUE_LIMITS } from './queueItems';
import { itemOf } from './queues';

const MAX_BULK_ITEMS = 15_000;

function queueByName(call: Call, name: string): QueueDefinition {
  const queue = inFolder(call, call.tenant.queues).find((q) => q.Name.toLowerCase() === name.toLowerCase());
  if (!queue) throw notFound(`Queue '${name}' does not exist in this folder.`);
  return queue;
}

function tooLarge(field: string, limit: number, length: number): HttpError {
  return new HttpError(
    400,
    ErrorCode.fieldTooLarge,
    `${field} is ${length} characters; the limit is ${limit} (UTF-16 characters).`,
  );
}

/** AddQueueItem's item errors as HTTP errors: a duplicate reference is a 409, a field too large or wrong a 400. */
function itemHttpError(error: ItemError): HttpError {
  return new HttpError(
    error.code === 'DuplicateReference' ? 409 : 400,
    error.code.endsWith('TooLarge') ? ErrorCode.fieldTooLarge : ErrorCode.invalidRequest,
    `${error.message} (${error.code})`,
  );
}

function statusEvent(call: Call, item: QueueItem): void {
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
}

/**
 * The item StartTransaction hands out: the first New item of the queue that is not deferred to later, by Priority
 * (High first), then DueDate (earliest first, none last), then age; `Reference` narrows to items whose reference
 * starts with it (`ReferenceFilterOption: "Equals"`: is it).
 */
function nextNewItem(call: Call, queue: QueueDefinition, data: Record<string, unknown>): QueueItem | undefined {
  const reference = data.Reference ?? null;
  if (reference !== null && typeof reference !== 'string') throw badRequest('transactionData.Reference must be text.');
  const option = data.ReferenceFilterOption ?? 'StartsWith';
  if (option !== 'StartsWith' && option !== 'Equals')
    throw badRequest(
      `transactionData.ReferenceFilterOption must be StartsWith or Equals, got ${JSON.stringify(option)}.`,
    );
  const now = call.clock.now();
  const due = (i: QueueItem) => (i.DueDate ? Date.parse(i.DueDate) : Number.POSITIVE_INFINITY);
  return call.tenant.queueItems
    .filter(
      (i) =>
        i.QueueDefinitionId === queue.Id &&
        i.Status === 'New' &&
        (!i.DeferDate || Date.parse(i.DeferDate) <= now) &&
        (!reference || (option === 'Equals' ? i.Reference === reference : (i.Reference ?? '').startsWith(reference))),
    )
    .sort(
      (a, b) => PRIORITIES.indexOf(a.Priority) - PRIORITIES.indexOf(b.Priority) || due(a) - due(b) || a.Id - b.Id,
    )[0];
}

/**
 * POST Queues/{qns}.StartTransaction: a robot takes the next New item (InProgress), or, with SpecificContent, adds
 * an item and starts it at once (the add-transaction-item call). 204 when nothing is left.
 */
function startTransaction(call: Call) {
  const data = bodyOf(call.req).object('transactionData');
  if (typeof data.Name !== 'string' || !data.Name.trim())
    throw badRequest('transactionData.Name (the queue name) is required.');
  const queue = queueByName(call, data.Name);
  const robotKey = data.RobotIdentifier ?? null;
  if (robotKey !== null) {
    if (typeof robotKey !== 'string' || !/^[0-9a-f-]{36}$/i.test(robotKey))
      throw badRequest('transactionData.RobotIdentifier must be a robot key (a GUID).');
    if (!call.tenant.robots.some((r) => String(r.LicenseKey).toLowerCase() === robotKey.toLowerCase()))
      throw notFound('No robot has that RobotIdentifier.');
  }
  let item: QueueItem | undefined;
  if (data.SpecificContent !== undefined && data.SpecificContent !== null) {
    try {
      item = commitItem(call, buildQueueItem(call, queue, data, new Set()));
    } catch (error) {
      throw error instanceof ItemError ? itemHttpError(error) : error;
    }
  } else item = nextNewItem(call, queue, data);
  if (!item) return empty(204);
  Object.assign(item, { Status: 'InProgress', StartProcessing: call.clock.iso() });
  statusEvent(call, item);
  call.changed();
  return one(call, sets(call).QueueItems, item);
}

const QUEUES = { set: 'Queues', scope: 'folder' } as const;
const ITEMS = { set: 'QueueItems', scope: 'folder' } as const;
const ADD = { queueNamespace: true, permissions: ['Queues.View', 'Transactions.Create'] };
const REPORT = { queueNamespace: true, permissions: ['Queues.View', 'Transactions.Edit'] };

export const QUEUE_TRANSACTION_ROUTES: ODataRoute[] = [
  route.setAction(QUEUES, 'AddQueueItem', ADD, (call) => {
    const itemData = bodyOf(call.req).object('itemData');
    if (typeof itemData.Name !== 'string' || !itemData.Name)
      throw badRequest('itemData.Name (the queue name) is required.');
    const queue = queueByName(call, itemData.Name);
    try {
      const item = commitItem(call, buildQueueItem(call, queue, itemData, new Set()));
      call.changed();
      return one(call, sets(call).QueueItems, item);
    } catch (error) {
      throw error instanceof ItemError ? itemHttpError(error) : error;
    }
  }),
  route.setAction(QUEUES, 'BulkAddQueueItems', ADD, (call) => {
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
  }),
  // Beyond the spec's table of bodies (it lists only the permissions): see the README, Beyond the spec.
  route.setAction(
    QUEUES,
    'StartTransaction',
    {
      queueNamespace: true,
      permissions: ['Queues.View', 'Transactions.View', 'Transactions.Create', 'Transactions.Edit'],
    },
    startTransaction,
  ),
  route.keyed(QUEUES, 'POST', 'SetTransactionResult', REPORT, (call) => {
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
    statusEvent(call, item);
    call.changed();
    return json({});
  }),
  // Real clients call it in {qns}; {ns} stays for the extension, which calls it there (test/unit/core/client.test.ts).
  route.keyed(ITEMS, 'POST', 'SetTransactionProgress', { ...REPORT, alsoInNamespace: true }, (call) => {
    const item = itemOf(call);
    const progress = bodyOf(call.req).string('progress', { optional: true });
    if (progress.length > QUEUE_LIMITS.Progress) throw tooLarge('Progress', QUEUE_LIMITS.Progress, progress.length);
    item.Progress = progress;
    call.changed();
    return json({});
  }),
];
