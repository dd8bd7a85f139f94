import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { describeFailure, type ItemData } from '../presentation/items';
import { plainText } from '../../core/presentation/plainText';
import { ContextValue } from '../../core/rows/contextValues';
import { childId } from '../../core/rows/rowIds';
import type { Row } from '../../core/rows/rows';
import { t } from '../../core/l10n';

/**
 * A tooltip in Markdown whose service text was escaped (markdownText): untrusted (no command links run), no HTML,
 * no theme icons.
 */
export function safeMarkdown(markdown: string): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString(markdown, false);
  tooltip.isTrusted = false;
  tooltip.supportHtml = false;
  return tooltip;
}

/** A row of a tree: its item, and (for expandable rows) how to get its children. */
export interface TreeNode {
  /** Built by src/core/rows/rowIds.ts: the tree finds a row by it. */
  readonly id: string;
  /** What the row is about (a job, a queue…), for the commands run on it; message and collection rows have none. */
  readonly row?: Row;
  item(): vscode.TreeItem;
  /** A tooltip built only when the user hovers the row (NodeTree.resolveTreeItem), for rows that leave it out of item(). */
  tooltip?(): vscode.MarkdownString | undefined;
  children?(): Promise<TreeNode[]>;
  /** Forget cached children so the next expand reloads them (per-node Refresh). */
  reset?(): void;
}

/** Whether a command's argument is a tree row (menus pass the row they were opened on). */
export function isTreeNode(value: unknown): value is TreeNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string' &&
    'item' in value &&
    typeof value.item === 'function'
  );
}

/** A row that reads its children in pages: a collection, a connection or folder (more folders), a package (more versions). */
export interface PagingNode extends TreeNode {
  /**
   * Reads the next page. Resolves with the id of the row heading the rows shown when they replaced the ones before
   * (the rows after a list's first LIST_LIMIT): the tree takes the user there.
   */
  loadMore(): Promise<string | undefined>;
}

export function isPaging(value: unknown): value is PagingNode {
  return isTreeNode(value) && 'loadMore' in value && typeof value.loadMore === 'function';
}

export function toTreeItem(data: ItemData, extra: Partial<vscode.TreeItem> = {}): vscode.TreeItem {
  // Labels and descriptions are service text: plain, one line.
  const item = new vscode.TreeItem(
    plainText(data.label),
    data.collapsible === 'collapsed' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = data.id;
  item.description = data.description === undefined ? undefined : plainText(data.description);
  item.contextValue = data.contextValue;
  if (data.tooltip) item.tooltip = safeMarkdown(data.tooltip);
  if (data.icon)
    item.iconPath = new vscode.ThemeIcon(
      data.icon.id,
      data.icon.color ? new vscode.ThemeColor(data.icon.color) : undefined,
    );
  return Object.assign(item, extra);
}

/** What a click (or Enter) on a row runs: the command the row opens (`data.opens`), given the row. */
const opening = (data: ItemData, row: Row): Partial<vscode.TreeItem> =>
  data.opens ? { command: { command: data.opens, title: plainText(data.label), arguments: [row] } } : {};

/** A leaf that shows a row. */
export const rowLeaf = (data: ItemData, row: Row) => new LeafNode(data.id, toTreeItem(data, opening(data, row)), row);

/** A leaf that only shows something (an entity, a hint). */
export class LeafNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly treeItem: vscode.TreeItem,
    readonly row?: Row,
  ) {
    treeItem.id = id;
  }
  item(): vscode.TreeItem {
    return this.treeItem;
  }
}

/**
 * A leaf showing an entity of a long list (a queue item): it keeps its row and the list's shared way of describing
 * it, nothing more. Its TreeItem is built when the tree asks for it and dropped after; its tooltip when the user
 * hovers (a Markdown table per row was a third of a row's memory).
 */
export class RowLeaf<R extends Row> implements TreeNode {
  readonly id: string;

  constructor(
    readonly row: R,
    private readonly describe: (row: R) => ItemData,
  ) {
    this.id = describe(row).id;
  }

  item(): vscode.TreeItem {
    const data = this.describe(this.row);
    return toTreeItem({ ...data, tooltip: undefined }, opening(data, this.row));
  }

  tooltip(): vscode.MarkdownString | undefined {
    const { tooltip } = this.describe(this.row);
    return tooltip ? safeMarkdown(tooltip) : undefined;
  }
}

/** A message row: an empty state with its next action, or an error with Retry. */
export function messageNode(
  id: string,
  text: string,
  icon: string,
  command?: vscode.Command,
  contextValue: ContextValue = ContextValue.message,
): LeafNode {
  // An error row quotes the service's message: plain text, label and tooltip.
  const item = new vscode.TreeItem(plainText(text), vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon(
    icon,
    icon === 'error'
      ? new vscode.ThemeColor('errorForeground')
      : icon === 'warning'
        ? new vscode.ThemeColor('editorWarning.foreground')
        : undefined,
  );
  item.tooltip = plainText(text, { maxLength: 5_000 });
  item.contextValue = contextValue;
  if (command) item.command = command;
  return new LeafNode(id, item);
}

/** The error row of a failed load: what happened, what to do, and Retry (which reloads `owner`). */
export function errorRow(
  owner: TreeNode,
  error: unknown,
  what: string,
  where: string,
  word: 'error' | 'foldersError' = 'error',
): LeafNode {
  return messageNode(
    childId(owner.id, word),
    t('{0} Retry', describeFailure(error, what, where)),
    'error',
    { command: CommandId.treeRetry, title: t('Retry'), arguments: [owner] },
    ContextValue.error,
  );
}

/**
 * A row whose children come from one load (a license, the pipeline, a category's subcategories, a store entry's
 * reviews): loaded on first expand and kept; a failure becomes an error row whose Retry reloads this row; an empty
 * result an info row. Refresh forgets the children (and resets theirs).
 */
export class LazyNode implements TreeNode {
  private cached: TreeNode[] | undefined;
  /** Counts resets: a load started before the last Refresh must not fill (or fail) the row after it. */
  private generation = 0;

  constructor(
    readonly id: string,
    private readonly data: Omit<ItemData, 'id'>,
    private readonly load: () => Promise<TreeNode[]>,
    private readonly messages: { what: string; where: string; empty: string },
    readonly row?: Row,
  ) {}

  item(): vscode.TreeItem {
    return toTreeItem({ ...this.data, id: this.id });
  }

  async children(): Promise<TreeNode[]> {
    while (!this.cached) {
      const generation = this.generation;
      try {
        const loaded = await this.load();
        if (generation === this.generation) this.cached = loaded;
      } catch (error) {
        if (generation === this.generation) return [errorRow(this, error, this.messages.what, this.messages.where)];
      }
    }
    return this.cached.length ? this.cached : [messageNode(childId(this.id, 'empty'), this.messages.empty, 'info')];
  }

  reset(): void {
    this.generation++;
    for (const child of this.cached ?? []) child.reset?.();
    this.cached = undefined;
  }
}

/** A LazyNode whose children are already known (a phase's statuses, a category's subcategories). */
export const fixedNode = (id: string, data: Omit<ItemData, 'id' | 'collapsible'>, children: TreeNode[], row?: Row) =>
  new LazyNode(
    id,
    { ...data, collapsible: children.length ? 'collapsed' : 'none' },
    async () => children,
    { what: '', where: '', empty: '' },
    row,
  );
