import * as vscode from 'vscode';
import { CommandId, ViewId } from '../../constants';
import type { Services } from '../services';
import { labelOf, type NodeTree } from '../views/nodeTree';
import { PagedNode } from '../views/pagedNode';
import { isPaging, isTreeNode, type TreeNode } from '../views/treeNode';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { assertSendable, unsendableText } from '../../core/odata/filter';
import { keyOf } from '../../core/rows/rows';
import { rowOf } from '../../core/rows/rowOf';
import { t } from '../../core/l10n';
import { inExplorer, nls, paletteCommand, rowCommand, RowKinds, withButton } from './contribution';
import { CollectionContext, ContextValue, MESSAGE_CONTEXT_VALUES, RowFlag } from '../../core/rows/contextValues';

type BothTrees = Pick<Services, 'explorer' | 'ideas'>;

const treeOf = (ctx: BothTrees, node: TreeNode): NodeTree | undefined =>
  [ctx.explorer, ctx.ideas].find((tree) => tree.owns(node));

const BOTH_VIEWS = [ViewId.explorer, ViewId.ideas];

/** The rows that list something (Refresh reloads what they list); the rest are reloaded by their collection's. */
const REFRESHABLE = [
  ContextValue.connectionSignedIn,
  ContextValue.group,
  ContextValue.tenantGroup,
  ContextValue.packagesGroup,
  ContextValue.folder,
  ContextValue.queue,
  ContextValue.package,
  CollectionContext.collection,
  ContextValue.ideasConnection,
  ContextValue.phase,
  ContextValue.storeIdea,
];

/** Refresh: a node (from its inline button or menu), or both trees (view title). */
export const treeRefresh: CommandDefinition<BothTrees> = {
  id: CommandId.treeRefresh,
  contributes: {
    title: nls('Refresh'),
    icon: '$(refresh)',
    palette: 'withConnections',
    rows: withButton({ views: BOTH_VIEWS, rows: REFRESHABLE, group: '9_refresh' }, 9),
    viewTitle: [{ views: BOTH_VIEWS, group: 'navigation', order: 4 }],
  },
  title: t('Refresh'),
  async run({ ctx }, node) {
    if (isTreeNode(node)) (treeOf(ctx, node) ?? ctx.explorer).refresh(node);
    else for (const tree of [ctx.explorer, ctx.ideas]) tree.refresh();
  },
};

/** Retry on an error row: reload the collection the row belongs to. */
export const treeRetry: CommandDefinition<BothTrees> = {
  id: CommandId.treeRetry,
  contributes: {
    title: nls('Retry'),
    icon: '$(refresh)',
    palette: 'never',
  },
  title: t('Retry'),
  async run(run, node) {
    return treeRefresh.run(run, node);
  },
};

/** "Load more…": the next page of the collection the row belongs to. */
export const treeLoadMore: CommandDefinition<BothTrees> = {
  id: CommandId.treeLoadMore,
  contributes: {
    title: nls('Load More'),
    palette: 'never',
  },
  title: t('Load More'),
  async run({ ctx }, node) {
    if (!isPaging(node))
      throw new Error(t('Load more is run from a "Load more…" row of the Orchestrator or Ideas view.'));
    const head = await node.loadMore();
    // The rows after these replaced the rows shown: to the row saying which rows these are, with the focus.
    if (head) await treeOf(ctx, node)?.revealChild(node, head);
  },
};

/** From a folder row: make it the active folder (status bar, default for commands). */
export const setActiveFolder: CommandDefinition<Pick<Services, 'active'>> = {
  id: CommandId.setActiveFolder,
  contributes: rowCommand(nls('Set as Active Folder'), '$(pinned)', [inExplorer([ContextValue.folder], '1_folder')]),
  title: t('Set as Active Folder'),
  async run({ ctx }, node) {
    const { connection, folder, summary } = rowOf(node, 'folder');
    const path = summary.FullyQualifiedName ?? summary.DisplayName;
    await ctx.active.set({ connectionId: connection.id, folder: { id: folder.id, path } });
    return path;
  },
};

/** Copy Key of a package (version), a process or a job. */
export const copyKey: CommandDefinition<unknown> = {
  id: CommandId.copyKey,
  contributes: rowCommand(nls('Copy Key'), '$(copy)', [
    inExplorer([...RowKinds.process, ...RowKinds.job, ...RowKinds.packageOrVersion, ContextValue.library], '9_copy'),
  ]),
  title: t('Copy Key'),
  async run(_run, node) {
    const key = keyOf(rowOf(node, 'package', 'packageVersion', 'process', 'job', 'library'));
    await vscode.env.clipboard.writeText(key);
    return key;
  },
};

/** The Filter commands' entry on collection rows that carry `flag`, and the same as a button, at `order` in both. */
const onCollections = (flag: RowFlag, order: number) =>
  withButton({ views: BOTH_VIEWS, has: flag, group: '2_filter', order });

/** The collection a Filter command was run on (only collection rows can be narrowed). */
const filterableOf = (node: unknown): PagedNode<unknown> => {
  if (!(node instanceof PagedNode))
    throw new Error(
      t('Filter works on a collection row of the Orchestrator or Ideas view (Processes, Jobs, a queue status, …).'),
    );
  return node;
};

/** Filter a collection by text (contains, case-insensitive on the service); the text is escaped by the builder. */
export const treeFilter: CommandDefinition<Pick<Services, 'input'>> = {
  id: CommandId.treeFilter,
  contributes: rowCommand(nls('Filter…'), '$(filter)', onCollections(RowFlag.filterable, 1)),
  asksFirst: true,
  title: t('Filter'),
  async run({ ctx }, node) {
    const target = filterableOf(node);
    const field = target.filterField;
    if (!field) throw new Error(t('This collection cannot be filtered by text.'));
    // The field is named in the user's words ("package name", "reference"), never the service's field name.
    const value = await ctx.input.input({
      title: t('Filter by {0}', target.filterField),
      prompt: t(
        'Show only the rows whose {0} contains this text (any part of it). Leave it empty to show everything.',
        target.filterField,
      ),
      value: target.filterText ?? '',
      validateInput: (v) => (v.length > 200 ? t('Use at most 200 characters.') : unsendableText(v, field)),
    });
    if (value === undefined) return;
    if (value.length > 200) throw new Error(t('A filter has at most 200 characters.'));
    // Refused here, naming the field, rather than by the request ("URI malformed") once the rows reload.
    assertSendable(value, field);
    target.setFilter(value);
  },
};

/** Filter a collection by state (jobs, alerts): several states at once, none = all. */
export const treeFilterByState: CommandDefinition<Pick<Services, 'input'>> = {
  id: CommandId.treeFilterByState,
  contributes: rowCommand(nls('Filter by State…'), '$(list-filter)', onCollections(RowFlag.stateful, 2)),
  asksFirst: true,
  title: t('Filter by State'),
  async run({ ctx }, node) {
    const target = filterableOf(node);
    if (!target.states) throw new Error(t('This collection has no states to filter by.'));
    const picks = await ctx.input.pickMany(
      target.states.map((state) => ({ label: state, picked: target.filterStates.includes(state) })),
      { title: t('Show only these states'), placeHolder: t('None chosen shows every state') },
    );
    if (picks === undefined) return;
    target.setStates(picks.map((p) => p.label));
  },
};

export const treeClearFilter: CommandDefinition<unknown> = {
  id: CommandId.treeClearFilter,
  contributes: rowCommand(nls('Clear Filter'), '$(clear-all)', onCollections(RowFlag.filtered, 3)),
  title: t('Clear Filter'),
  async run(_run, node) {
    filterableOf(node).clearFilters();
  },
};

/** Find across what both trees have loaded (also inside collapsed rows), then reveal the chosen row. */
export const treeFind: CommandDefinition<Pick<Services, 'explorer' | 'ideas' | 'input'>> = {
  id: CommandId.treeFind,
  contributes: paletteCommand(nls('Find in Trees…'), '$(search)', 'withConnections', {
    viewTitle: [{ views: BOTH_VIEWS, group: 'navigation', order: 3 }],
  }),
  asksFirst: true,
  title: t('Find in Trees'),
  async run({ ctx }) {
    type Pick = vscode.QuickPickItem & { node?: TreeNode; tree?: NodeTree };
    const items: Pick[] = [];
    for (const tree of [ctx.explorer, ctx.ideas]) {
      // Entities only: error, empty-state and Load more rows are not something to find.
      const rows = tree
        .loadedNodes()
        .map((node) => ({ node, item: node.item() }))
        .filter(({ item }) => !MESSAGE_CONTEXT_VALUES.includes(String(item.contextValue)));
      if (rows.length === 0) continue;
      items.push({ label: tree.title, kind: vscode.QuickPickItemKind.Separator });
      for (const { node, item } of rows) {
        items.push({
          label: labelOf(item),
          description: typeof item.description === 'string' ? item.description : undefined,
          detail: plainText(tree.pathOf(node).join(' › ')) || undefined,
          iconPath: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath : undefined,
          node,
          tree,
        });
      }
    }
    if (!items.some((i) => i.node))
      throw new Error(
        t(
          'Nothing is loaded yet: expand a connection in the Orchestrator or Ideas view first. Find searches the rows loaded so far.',
        ),
      );
    const pick = await ctx.input.pick(items, {
      title: t('Find in the loaded rows'),
      placeHolder: t('Type a name, state, reference…'),
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (!pick?.node || !pick.tree) return undefined;
    await pick.tree.reveal(pick.node);
    return pick.node.id;
  },
};
