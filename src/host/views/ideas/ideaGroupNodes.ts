import type { Connection } from '../../../core/connections';
import type { IdeaClient } from '../../../core/ideas/client';
import type { Category, Idea } from '../../../core/ideas/schemas';
import { categoryItem, ideaItem, reviewItem, type IdeaLookups } from '../../presentation/ideaItems';
import type { ItemData } from '../../presentation/items';
import { ContextValue } from '../../../core/rows/contextValues';
import { childId } from '../../../core/rows/rowIds';
import { makeRow } from '../../../core/rows/rows';
import { fixedNode, LazyNode, LeafNode, toTreeItem, type TreeNode } from '../treeNode';
import { t } from '../../../core/l10n';

/*
 * The rows of the Ideas view whose children come whole in one request (the pipeline, the categories, a store
 * automation's reviews), apart from the connection's row (nodes.ts), which puts them together with the paged lists.
 */

/** A group's row: collapsed, with no menus of its own. */
const groupLook = (label: string, icon: string): Omit<ItemData, 'id'> => ({
  label,
  icon: { id: icon },
  contextValue: ContextValue.group,
  collapsible: 'collapsed',
});

/** The automation pipeline (one request): phases with their totals, each status a list of its automations. */
export function pipelineNode(
  id: string,
  client: IdeaClient,
  where: string,
  statusNode: (phase: string, status: { status: string; count: number }, id: string) => TreeNode,
): TreeNode {
  return new LazyNode(
    id,
    { ...groupLook(t('Pipeline'), 'git-pull-request'), tooltip: t('Automations grouped by phase and status') },
    async () =>
      (await client.pipeline()).data.map((phase) => {
        const phaseId = childId(id, 'phase', phase.phase);
        const total = phase.statuses.reduce((sum, s) => sum + s.count, 0);
        return fixedNode(
          phaseId,
          { label: phase.phase, description: `${total}`, icon: { id: 'milestone' }, contextValue: ContextValue.phase },
          phase.statuses.map((status) => statusNode(phase.phase, status, childId(phaseId, 'status', status.status))),
        );
      }),
    { what: t('the pipeline'), where, empty: t('The pipeline has no phases.') },
  );
}

/** The categories hierarchy (one request), nested by parent; each category is placed once, so a cycle cannot loop. */
export function categoriesNode(id: string, connection: Connection, client: IdeaClient, where: string): TreeNode {
  return new LazyNode(
    id,
    groupLook(t('Categories'), 'symbol-namespace'),
    async () => {
      const byParent = new Map<number | null, Category[]>();
      for (const category of (await client.categories()).data)
        byParent.set(category.parentId, [...(byParent.get(category.parentId) ?? []), category]);
      const placed = new Set<number>();
      const build = (parent: number | null, scope: string): TreeNode[] =>
        (byParent.get(parent) ?? [])
          .filter((c) => !placed.has(c.id) && placed.add(c.id))
          .map((category) => {
            const rowId = childId(scope, 'category', category.id);
            const kids = build(category.id, rowId);
            const { id: _id, collapsible: _c, ...data } = categoryItem(scope, category, kids.length);
            return fixedNode(rowId, data, kids, makeRow({ kind: 'category', connection, category }));
          });
      return build(null, id);
    },
    { what: t('categories'), where, empty: t('No categories are defined.') },
  );
}

/** A store automation: expands to its reviews (one request). */
export function storeEntryNode(
  scope: string,
  idea: Idea,
  { connection, client, names, now }: { connection: Connection; client: IdeaClient; names: IdeaLookups; now: number },
): TreeNode {
  const { id, ...data } = ideaItem(scope, idea, names, now, 'collapsed');
  return new LazyNode(
    id,
    { ...data, icon: { id: 'verified-filled' }, contextValue: ContextValue.storeIdea },
    async () =>
      (await client.reviews(idea.id)).data.map((review) => {
        const row = reviewItem(id, review, names);
        return new LeafNode(row.id, toTreeItem(row), makeRow({ kind: 'review', connection, idea, review }));
      }),
    { what: t('reviews'), where: t('the idea {0}', idea.name), empty: t('No reviews yet.') },
    makeRow({ kind: 'storeIdea', connection, idea }),
  );
}
