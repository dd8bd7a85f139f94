// The rows around a list at its limit (listLimit.ts): loaded with the first list that reaches it, not at activation.
import type * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { ContextValue } from '../../core/rows/contextValues';
import { childId } from '../../core/rows/rowIds';
import { LIST_LIMIT } from './listLimit';
import { messageNode, type TreeNode } from './treeNode';
import { formatNumber as count, t } from '../../core/l10n';

/** What the rows around a bounded list need to know of it. */
export interface BoundedList extends TreeNode {
  readonly filterField?: string;
  readonly states?: readonly string[];
}

/** Above the rows of a later window: which rows these are, and the way back to the first ones. */
export function windowRows(list: BoundedList, first: number, last: number, total: number | undefined): TreeNode[] {
  return [
    messageNode(
      childId(list.id, 'window'),
      total === undefined
        ? t('Rows {0}–{1}', count(first), count(last))
        : t('Rows {0}–{1} of {2}', count(first), count(last), count(total)),
      'list-flat',
    ),
    messageNode(
      childId(list.id, 'backToFirst'),
      t('Back to the first rows'),
      'arrow-up',
      // Refresh reloads the list from its first page, keeping its filter.
      { command: CommandId.treeRefresh, title: t('Back to the first rows'), arguments: [list] },
      ContextValue.loadMore,
    ),
  ];
}

/** In place of *Load more* once the list shows LIST_LIMIT rows: narrow it, or show the rows after these. */
export function limitRows(list: BoundedList, remaining: number | undefined): TreeNode[] {
  const filter: vscode.Command | undefined = list.filterField
    ? { command: CommandId.treeFilter, title: t('Filter'), arguments: [list] }
    : list.states
      ? { command: CommandId.treeFilterByState, title: t('Filter by State'), arguments: [list] }
      : undefined;
  return [
    messageNode(
      childId(list.id, 'limit'),
      filter
        ? t('{0} rows is the most a list shows at once. Filter to narrow it…', count(LIST_LIMIT))
        : t('{0} rows is the most a list shows at once.', count(LIST_LIMIT)),
      'filter',
      filter,
    ),
    messageNode(
      childId(list.id, 'next'),
      remaining === undefined
        ? t('Show the rows after these…')
        : t('Show the rows after these… ({0} more)', count(remaining)),
      'arrow-down',
      { command: CommandId.treeLoadMore, title: t('Show the rows after these'), arguments: [list] },
      ContextValue.loadMore,
    ),
  ];
}
