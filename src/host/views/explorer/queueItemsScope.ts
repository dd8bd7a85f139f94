import type { RowOf } from '../../../core/rows/rows';

// A module of its own, tiny: the Explorer (loaded at activation) writes it and Export Items (loaded on first use)
// reads it, so what they share is only this, not the whole queue node.

/** What a queue's status row lists (its queue and status): Export Items reads it from the row it is run on. */
export interface QueueItemsScope {
  row: RowOf<'queue'>;
  /** undefined: All Items. */
  status: string | undefined;
  /** The status's label, as the row shows it. */
  label: string;
  /** The reference text the user filtered the row by, now. */
  filterText(): string | undefined;
}

const scopes = new WeakMap<object, QueueItemsScope>();

export const setQueueItemsScope = (node: object, scope: QueueItemsScope) => void scopes.set(node, scope);

/** The queue and status of a status row (All Items, Failed…); undefined for any other node. */
export const queueItemsScopeOf = (node: unknown): QueueItemsScope | undefined =>
  typeof node === 'object' && node !== null ? scopes.get(node) : undefined;
