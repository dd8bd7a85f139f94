import { rowOf } from '../../core/rows/rowOf';
import type { RowKind, RowOf } from '../../core/rows/rows';
import type { CommandDefinition, CommandRun } from './registry';
import { selectedRows } from './rowSelection';

/** A change command on one kind of row, as written: `change` gets the row, already typed. */
export interface RowChangeDefinition<K extends RowKind, C> extends Omit<CommandDefinition<C>, 'run' | 'asksFirst'> {
  readonly change: (run: CommandRun<C>, row: RowOf<K>) => Promise<unknown>;
}

/**
 * A change command run on rows of one kind (an idea's Change Status, Add Tags…; a queue's Add Item, Bulk Add): it
 * asks first (what to change, then guardChange's confirmation), so progress waits for `progressTitle`; and its
 * `change` gets the row it was run on, typed (anything else is refused in the user's words by rowOf).
 */
export function rowChangeCommand<K extends RowKind, C>(
  kind: K,
  { change, ...definition }: RowChangeDefinition<K, C>,
): CommandDefinition<C> {
  // Async, so a refused row is a rejection the wrapper reports like any failure (not a throw before it listens).
  return { ...definition, asksFirst: true, run: async (run, node) => change(run, rowOf(node, kind)) };
}

/** A change command that accepts many rows of these kinds: `change` gets the selection, checked and typed. */
export interface RowsChangeDefinition<K extends RowKind, C> extends Omit<
  CommandDefinition<C>,
  'run' | 'asksFirst' | 'acceptsMany'
> {
  readonly change: (run: CommandRun<C>, rows: readonly RowOf<K>[]) => Promise<unknown>;
}

/**
 * A change command run on one row or on the rows selected with it (Retry, Delete of queue items): the editor passes
 * `(clicked, selected[])`, which selectedRows checks (rowSelection.ts); one row is a selection of one.
 */
export function rowsChangeCommand<K extends RowKind, C>(
  kinds: readonly K[],
  { change, ...definition }: RowsChangeDefinition<K, C>,
): CommandDefinition<C> {
  return {
    ...definition,
    asksFirst: true,
    acceptsMany: true,
    run: async (run, clicked, selected) => change(run, selectedRows(clicked, selected, kinds)),
  };
}
