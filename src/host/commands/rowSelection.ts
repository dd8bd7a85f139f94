import { carriedRow, refusal, rowOf } from '../../core/rows/rowOf';
import { isRowOf, type FolderById, type Row, type RowKind, type RowOf } from '../../core/rows/rows';
import { t } from '../../core/l10n';

/**
 * The rows a command that accepts many acts on. With `canSelectMany`, the editor runs a row's command with
 * `(clicked, selected[])`; anything else may call it too (another extension, a keybinding), so both arguments are
 * checked as strictly as one row is: every row must be one the trees made (`makeRow`), never an object of the same
 * shape, and of the command's kinds.
 *
 * A selection that holds rows of other kinds is refused, not filtered: the confirmation names a count, and a change
 * made to fewer rows than the user selected, without saying why, would be a surprise. A selection that does not hold
 * the clicked row is the editor's way of saying the menu was opened outside it: the clicked row alone is acted on,
 * as single-row commands do.
 */

/** The most rows one command acts on: more than the tree shows at once after several Load more. */
export const MAX_SELECTED_ROWS = 1000;

export function selectedRows<K extends RowKind>(
  clicked: unknown,
  selected: unknown,
  kinds: readonly K[],
): readonly RowOf<K>[] {
  // The editor hands over no clicked row when the one right-clicked was redrawn meanwhile (a list reloaded under
  // the menu): the selection, checked as below, is still what the user chose.
  const staleClick = clicked === undefined && Array.isArray(selected) && selected.length > 0;
  const first = staleClick ? undefined : rowOf(clicked, ...kinds);
  if (selected === undefined && first) return [first];
  if (!Array.isArray(selected)) throw new Error(t('The selection is not a list of rows; nothing was done.'));
  const rows: (Row | undefined)[] = selected.map(carriedRow);
  if (first && !rows.includes(first)) return [first];
  if (rows.length > MAX_SELECTED_ROWS)
    throw new Error(
      t('{0} rows are selected; select at most {1} at a time. Nothing was done.', rows.length, MAX_SELECTED_ROWS),
    );
  const strangers = rows.filter((row) => row === undefined).length;
  if (strangers > 0)
    throw new Error(t('The selection holds {0} value(s) that are not rows of the trees; nothing was done.', strangers));
  const others = rows.filter((row) => !isRowOf(row, kinds)).length;
  if (others > 0)
    throw new Error(
      t('The selection holds {0} row(s) of another kind; nothing was done. {1}', others, refusal([...kinds])),
    );
  const chosen = [...new Set(rows)].filter((row): row is RowOf<K> => isRowOf(row, kinds));
  const connections = new Set(chosen.map((row) => row.connection.id)).size;
  if (connections > 1)
    throw new Error(t('The selection spans {0} connections; select rows of one connection.', connections));
  return chosen;
}

/** Rows of one folder each, in the order first met: folder-scoped requests (StopJobs, DeleteBulk) go per folder. */
export function byFolder<R extends { folder: FolderById }>(rows: readonly R[]): R[][] {
  const groups = new Map<number, R[]>();
  for (const row of rows) {
    const group = groups.get(row.folder.id);
    if (group) group.push(row);
    else groups.set(row.folder.id, [row]);
  }
  return [...groups.values()];
}
