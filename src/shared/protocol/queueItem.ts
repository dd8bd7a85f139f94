import * as z from 'zod/mini';
import { connectionId, contentEntry, list, parseMessage, positiveId, readyMessage, requestId, text } from './common';

export type { ContentEntry } from './common';

// Host ⇄ webview messages of the queue item details panel.

/** What the panel's state keeps (setState) and the serializer restores: the item's identity, nothing it shows. */
export const queueItemIdentity = z.strictObject({
  connectionId,
  folderId: z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  itemId: positiveId,
});
export type QueueItemIdentity = z.infer<typeof queueItemIdentity>;

/** The actions the panel may ask for: an allow-list, never a command id. */
export const queueItemActions = ['refresh', 'copyJson', 'openAncestor', 'delete'] as const;
export type QueueItemAction = (typeof queueItemActions)[number];

export const queueItemFromWebview = z.discriminatedUnion('type', [
  readyMessage,
  z.strictObject({ type: z.literal('request'), id: requestId, action: z.enum(queueItemActions) }),
]);
export type QueueItemFromWebview = z.infer<typeof queueItemFromWebview>;

const nullableText = (max?: number) => z.nullable(text(max));
const isoTime = z.nullable(text(40));

/**
 * SpecificContent is at most 256,000 characters of JSON text (spec, Limits; OutputData 51,200), so a key may be nearly
 * that long, and the entries are at most 256,000 / 6 (`"a":0,` is the shortest entry): 50,000 bounds every item the
 * service accepts. The panel lays out the first rows and offers Show all for the rest.
 */
export const CONTENT_ENTRIES_MAX = 50_000;

export const queueItemDetails = z.strictObject({
  id: positiveId,
  key: text(100),
  queueName: nullableText(),
  folderName: nullableText(),
  status: text(100),
  reviewStatus: nullableText(100),
  reviewer: nullableText(),
  reference: nullableText(),
  priority: nullableText(100),
  creationTime: isoTime,
  deferDate: isoTime,
  dueDate: isoTime,
  startProcessing: isoTime,
  endProcessing: isoTime,
  secondsInPreviousAttempts: z.nullable(z.number()),
  retryNumber: z.nullable(z.int()),
  ancestorId: z.nullable(positiveId),
  progress: nullableText(),
  specificContent: list(contentEntry, CONTENT_ENTRIES_MAX),
  output: z.nullable(list(contentEntry, CONTENT_ENTRIES_MAX)),
  exception: z.nullable(
    z.strictObject({ type: nullableText(10_000), reason: nullableText(), details: nullableText() }),
  ),
});
export type QueueItemDetails = z.infer<typeof queueItemDetails>;

export const queueItemEvent = z.strictObject({
  id: positiveId,
  action: nullableText(200),
  status: nullableText(200),
  reviewStatus: nullableText(200),
  timestamp: isoTime,
  user: nullableText(10_000),
});
export type QueueItemEventRow = z.infer<typeof queueItemEvent>;

export const queueItemToWebview = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('loading') }),
  z.strictObject({
    type: z.literal('show'),
    identity: queueItemIdentity,
    item: queueItemDetails,
    events: list(queueItemEvent, 10_000),
    /** Why the history is missing (e.g. no Transactions.View), when it is. */
    eventsProblem: z.optional(text()),
    /** Delete is offered: the item is New, the caller has Transactions.Delete and the service has not refused us deleting here. */
    canDelete: z.boolean(),
    /** The connection refuses changes (protection level read-only). */
    readOnly: z.boolean(),
  }),
  z.strictObject({ type: z.literal('failed'), identity: queueItemIdentity, message: text() }),
  z.strictObject({ type: z.literal('reply'), id: requestId, ok: z.boolean(), message: z.optional(text()) }),
]);
export type QueueItemToWebview = z.infer<typeof queueItemToWebview>;

export const parseQueueItemFromWebview = (raw: unknown) => parseMessage(queueItemFromWebview, raw);
export const parseQueueItemToWebview = (raw: unknown) => parseMessage(queueItemToWebview, raw);
