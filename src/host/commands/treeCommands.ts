import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { TreeNode } from '../views/treeNode';
import type { CommandDefinition } from './registry';

/** Refresh: a node (from its inline button or menu) or the whole tree (view title). */
export const treeRefresh: CommandDefinition = {
  id: CommandId.treeRefresh,
  title: 'Refresh',
  async run({ ctx }, node) {
    ctx.explorer.refresh(node as TreeNode | undefined);
  },
};

/** Retry on an error row: reload its parent collection. */
export const treeRetry: CommandDefinition = {
  id: CommandId.treeRetry,
  title: 'Retry',
  async run({ ctx }, node) {
    ctx.explorer.refresh(node as TreeNode | undefined);
  },
};

/** "Load more…": the next page of the collection the row belongs to. */
export const treeLoadMore: CommandDefinition = {
  id: CommandId.treeLoadMore,
  title: 'Load More',
  async run(_run, node) {
    const owner = node as { loadMore?: () => Promise<void> } | undefined;
    if (!owner?.loadMore) throw new Error('Load more is run from a "Load more…" row of the Orchestrator view.');
    await owner.loadMore();
  },
};

/** From a folder row: make it the active folder (status bar, default for commands). */
export const setActiveFolder: CommandDefinition = {
  id: CommandId.setActiveFolder,
  title: 'Set as Active Folder',
  async run({ ctx }, node) {
    const folderNode = node as { connection?: { id: string }; folder?: { Id: number; DisplayName: string; FullyQualifiedName?: string | null } } | undefined;
    if (!folderNode?.folder || !folderNode.connection) throw new Error('Choose a folder in the Orchestrator view, or run "Switch Active Folder…".');
    const path = folderNode.folder.FullyQualifiedName ?? folderNode.folder.DisplayName;
    await ctx.active.set({ connectionId: folderNode.connection.id, folder: { id: folderNode.folder.Id, path } });
    return path;
  },
};

/** Copy Key of a package version or a job. */
export const copyKey: CommandDefinition = {
  id: CommandId.copyKey,
  title: 'Copy Key',
  async run(_run, node) {
    const key = ((node as { value?: { key?: unknown } })?.value?.key);
    if (typeof key !== 'string') throw new Error('Copy Key works on packages and jobs in the Orchestrator view.');
    await vscode.env.clipboard.writeText(key);
    return key;
  },
};

interface Filterable {
  filterText: string | undefined;
  filterField: string | undefined;
  setFilter(text: string | undefined): void;
}

const filterableOf = (node: unknown): Filterable => {
  const candidate = node as Partial<Filterable> | undefined;
  if (!candidate?.setFilter || !candidate.filterField) throw new Error('Filter works on a collection of the Orchestrator view (Processes, Jobs, Queues, …).');
  return candidate as Filterable;
};

/** Filter a collection by text (contains, case-insensitive on the service); the text is escaped by the builder. */
export const treeFilter: CommandDefinition = {
  id: CommandId.treeFilter,
  title: 'Filter',
  async run(_run, node) {
    const target = filterableOf(node);
    const text = await vscode.window.showInputBox({
      title: `Filter by ${target.filterField}`,
      prompt: 'Show only rows whose name contains this text. Leave empty to show everything.',
      value: target.filterText ?? '',
      validateInput: (value) => (value.length > 200 ? 'Use at most 200 characters.' : undefined),
    });
    if (text === undefined) return;
    target.setFilter(text);
  },
};

export const treeClearFilter: CommandDefinition = {
  id: CommandId.treeClearFilter,
  title: 'Clear Filter',
  async run(_run, node) {
    filterableOf(node).setFilter(undefined);
  },
};
