import * as vscode from 'vscode';
import type { ItemData } from '../../core/presentation/items';

/** A row of a tree: its item, and (for expandable rows) how to get its children. */
export interface TreeNode {
  readonly id: string;
  item(): vscode.TreeItem;
  children?(): Promise<TreeNode[]>;
  /** Forget cached children so the next expand reloads them (per-node Refresh). */
  reset?(): void;
}

export function toTreeItem(data: ItemData, extra: Partial<vscode.TreeItem> = {}): vscode.TreeItem {
  const item = new vscode.TreeItem(data.label, data.collapsible === 'collapsed' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.id = data.id;
  item.description = data.description;
  item.contextValue = data.contextValue;
  if (data.tooltip) item.tooltip = new vscode.MarkdownString(data.tooltip);
  if (data.icon) item.iconPath = new vscode.ThemeIcon(data.icon.id, data.icon.color ? new vscode.ThemeColor(data.icon.color) : undefined);
  return Object.assign(item, extra);
}

/** A leaf that only shows something (an entity, a hint). */
export class LeafNode implements TreeNode {
  constructor(readonly id: string, private readonly treeItem: vscode.TreeItem, readonly value?: unknown) {
    treeItem.id = id;
  }
  item(): vscode.TreeItem {
    return this.treeItem;
  }
}

/** A message row: an empty state with its next action, or an error with Retry. */
export function messageNode(id: string, text: string, icon: string, command?: vscode.Command, contextValue = 'message'): LeafNode {
  const item = new vscode.TreeItem(text, vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon(icon, icon === 'error' ? new vscode.ThemeColor('errorForeground') : icon === 'warning' ? new vscode.ThemeColor('editorWarning.foreground') : undefined);
  item.tooltip = text;
  item.contextValue = contextValue;
  if (command) item.command = command;
  return new LeafNode(id, item);
}
