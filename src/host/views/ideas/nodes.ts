import * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import type { IdeaClient } from '../../../core/ideas/client';
import type { Category, Idea } from '../../../core/ideas/schemas';
import type { Page } from '../../../core/odata/envelope';
import { categoryItem, describeFailure, ideaItem, namedItem, reviewItem, type IdeaLookups } from '../../../core/presentation/items';
import { PagedNode, type PagedSource } from '../pagedNode';
import { LeafNode, messageNode, toTreeItem, type TreeNode } from '../treeNode';

export interface IdeasHost {
  /** Throws with what to do when the connection has no idea-service URL or credentials. */
  clientFor(connection: Connection): Promise<IdeaClient>;
  changed(node: TreeNode | undefined): void;
  now(): number;
}

/** The idea service pages by number (1-based, pageSize ≤ 100): one of our pages of 50 is one of its pages. */
const ideaPage = async (load: (page: number, pageSize: number) => Promise<{ data: Idea[]; page: { total: number } }>, top: number, skip: number): Promise<Page<Idea>> => {
  const answer = await load(Math.floor(skip / top) + 1, top);
  return { items: answer.data, count: answer.page.total, skipped: [] };
};

/** A list the service answers whole: shown as one page, narrowed locally by name. */
const wholeList = <T extends { name: string }>(items: T[], text: string | undefined): Page<T> => {
  const needle = text?.toLowerCase();
  const shown = needle ? items.filter((i) => i.name.toLowerCase().includes(needle)) : items;
  return { items: shown, count: shown.length, skipped: [] };
};

const errorRow = (owner: TreeNode, error: unknown, what: string, where: string) =>
  messageNode(`${owner.id}/error`, `${describeFailure(error, what, where)} Retry`, 'error', { command: CommandId.treeRetry, title: 'Retry', arguments: [owner] }, 'error');

/**
 * A connection in the Ideas view: Pipeline (phase → status → automations), All Automations, Categories, Automation
 * Store (→ reviews), Components, Application Inventory. Submitter and category names come from one users page and the
 * category hierarchy, loaded once with the first list that needs them.
 */
export class IdeasConnectionNode implements TreeNode {
  readonly id: string;
  private groups: TreeNode[] | undefined;
  private lookups: Promise<IdeaLookups> | undefined;

  constructor(private readonly host: IdeasHost, readonly connection: Connection) {
    this.id = `ideas/${connection.id}`;
  }

  item(): vscode.TreeItem {
    return toTreeItem({ id: this.id, label: this.connection.label, description: 'idea service', icon: { id: 'lightbulb' }, contextValue: 'ideasConnection', collapsible: 'collapsed' });
  }

  async children(): Promise<TreeNode[]> {
    let client: IdeaClient;
    try {
      client = await this.host.clientFor(this.connection);
    } catch (error) {
      return [messageNode(`${this.id}/credentials`, `${(error as Error).message}`, 'key', { command: CommandId.setIdeaServiceCredentials, title: 'Set Idea Service Credentials', arguments: [this.connection.id] })];
    }
    this.groups ??= this.makeGroups(client);
    return this.groups;
  }

  reset(): void {
    for (const group of this.groups ?? []) group.reset?.();
    this.groups = undefined;
    this.lookups = undefined;
  }

  private names(client: IdeaClient): Promise<IdeaLookups> {
    this.lookups ??= Promise.allSettled([client.users({ page: 1, pageSize: 100 }), client.categories()]).then(([users, categories]) => ({
      users: new Map(users.status === 'fulfilled' ? users.value.data.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]) : []),
      categories: new Map(categories.status === 'fulfilled' ? categories.value.data.map((c) => [c.id, c.name]) : []),
    }));
    return this.lookups;
  }

  private makeGroups(client: IdeaClient): TreeNode[] {
    const scope = this.id;
    const where = `the idea service of ${this.connection.label}`;
    const changed = (node: TreeNode) => this.host.changed(node);
    let names: IdeaLookups = { users: new Map(), categories: new Map() };
    const withNames = async <T>(page: Promise<T>): Promise<T> => {
      const [result, lookups] = await Promise.all([page, this.names(client)]);
      names = lookups;
      return result;
    };
    const idea = (row: Idea, at: string) => {
      const data = ideaItem(at, row, names, this.host.now());
      return new LeafNode(data.id, toTreeItem(data), { connection: this.connection, idea: row });
    };
    const ideas = (id: string, label: string, icon: string, filter: { phase?: string; status?: string }, empty: string, extra: Partial<PagedSource<Idea>> = {}) =>
      new PagedNode<Idea>(id, label, icon, {
        load: (top, skip, signal, n) => withNames(ideaPage((page, pageSize) => client.ideas({ ...filter, search: n.text, page, pageSize, signal }), top, skip)),
        filterField: 'name or description', make: (row) => idea(row, id), what: 'automations', where, empty: { text: empty }, ...extra,
      }, changed, 'collection ideas');
    return [
      new PipelineNode(`${scope}/pipeline`, client, where, (phase, status, id) => ideas(id, status.status, 'circle-small', { phase, status: status.status }, `No automations are ${status.status} in ${phase}.`, { badge: () => String(status.count) })),
      ideas(`${scope}/all`, 'All Automations', 'lightbulb', {}, 'No automation ideas yet. Submit the first one.'),
      new CategoriesNode(`${scope}/categories`, client, where),
      new PagedNode<Idea>(`${scope}/store`, 'Automation Store', 'library', {
        load: (top, skip, signal) => withNames(ideaPage((page, pageSize) => client.store({ page, pageSize, signal }), top, skip)),
        make: (row) => new StoreEntryNode(`${scope}/store`, row, client, () => names, this.host.now(), this.connection),
        what: 'store automations', where, empty: { text: 'Nothing is published to the store yet.' },
      }, changed),
      new PagedNode(`${scope}/components`, 'Components', 'extensions', {
        load: async (_top, _skip, signal, n) => wholeList((await client.components(undefined, { signal })).data, n.text),
        filterField: 'name', make: (row) => { const data = namedItem(`${scope}/components`, 'component', row); return new LeafNode(data.id, toTreeItem(data), { component: row }); },
        what: 'components', where, empty: { text: 'No components are registered.' },
      }, changed),
      new PagedNode(`${scope}/applications`, 'Application Inventory', 'window', {
        load: async (_top, _skip, signal, n) => wholeList((await client.applications({ signal })).data, n.text),
        filterField: 'name', make: (row) => { const data = namedItem(`${scope}/applications`, 'application', row); return new LeafNode(data.id, toTreeItem(data), { application: row }); },
        what: 'applications', where, empty: { text: 'The application inventory is empty.' },
      }, changed),
    ];
  }
}

type PipelinePhase = { phase: string; statuses: { status: string; count: number }[] };

/** The automation pipeline: phases with their totals, each status a paged list of its automations. One request. */
class PipelineNode implements TreeNode {
  private phases: TreeNode[] | undefined;
  constructor(readonly id: string, private readonly client: IdeaClient, private readonly where: string, private readonly statusNode: (phase: string, status: { status: string; count: number }, id: string) => TreeNode) {}

  item(): vscode.TreeItem {
    return toTreeItem({ id: this.id, label: 'Pipeline', icon: { id: 'git-pull-request' }, contextValue: 'group', collapsible: 'collapsed', tooltip: 'Automations grouped by phase and status' });
  }

  async children(): Promise<TreeNode[]> {
    if (!this.phases) {
      try {
        const pipeline: PipelinePhase[] = (await this.client.pipeline()).data;
        this.phases = pipeline.map((phase) => {
          const id = `${this.id}/phase/${phase.phase}`;
          const total = phase.statuses.reduce((sum, s) => sum + s.count, 0);
          const statuses = phase.statuses.map((status) => this.statusNode(phase.phase, status, `${id}/status/${status.status}`));
          return new StaticNode(id, { label: phase.phase, description: `${total}`, icon: { id: 'milestone' }, contextValue: 'phase' }, statuses);
        });
      } catch (error) {
        return [errorRow(this, error, 'the pipeline', this.where)];
      }
    }
    return this.phases.length ? this.phases : [messageNode(`${this.id}/empty`, 'The pipeline has no phases.', 'info')];
  }

  reset(): void {
    this.phases = undefined;
  }
}

/** A row with fixed children (a phase's statuses, a category's subcategories). */
class StaticNode implements TreeNode {
  constructor(readonly id: string, private readonly data: { label: string; description?: string; icon: { id: string }; contextValue: string; tooltip?: string }, private readonly kids: TreeNode[]) {}
  item(): vscode.TreeItem {
    return toTreeItem({ ...this.data, id: this.id, collapsible: this.kids.length ? 'collapsed' : 'none' });
  }
  async children(): Promise<TreeNode[]> {
    return this.kids;
  }
  reset(): void {
    for (const kid of this.kids) kid.reset?.();
  }
}

/** The categories hierarchy (one request), nested by parent. */
class CategoriesNode implements TreeNode {
  private roots: TreeNode[] | undefined;
  constructor(readonly id: string, private readonly client: IdeaClient, private readonly where: string) {}

  item(): vscode.TreeItem {
    return toTreeItem({ id: this.id, label: 'Categories', icon: { id: 'symbol-namespace' }, contextValue: 'group', collapsible: 'collapsed' });
  }

  async children(): Promise<TreeNode[]> {
    if (!this.roots) {
      try {
        const all = (await this.client.categories()).data;
        const byParent = new Map<number | null, Category[]>();
        for (const category of all) byParent.set(category.parentId, [...(byParent.get(category.parentId) ?? []), category]);
        // Guard against a cycle in what the service sent: each category is placed once.
        const placed = new Set<number>();
        const build = (parent: number | null): TreeNode[] => (byParent.get(parent) ?? []).filter((c) => !placed.has(c.id) && placed.add(c.id)).map((category) => {
          const kids = build(category.id);
          const data = categoryItem(this.id, category, kids.length);
          return new StaticNode(data.id, { ...data, icon: data.icon!, description: data.description }, kids);
        });
        this.roots = build(null);
      } catch (error) {
        return [errorRow(this, error, 'categories', this.where)];
      }
    }
    return this.roots.length ? this.roots : [messageNode(`${this.id}/empty`, 'No categories are defined.', 'info')];
  }

  reset(): void {
    this.roots = undefined;
  }
}

/** A store automation: expands to its reviews (one request). */
class StoreEntryNode implements TreeNode {
  readonly id: string;
  private reviews: TreeNode[] | undefined;
  readonly value: { connection: Connection; idea: Idea };

  constructor(private readonly scope: string, private readonly idea: Idea, private readonly client: IdeaClient, private readonly names: () => IdeaLookups, private readonly now: number, connection: Connection) {
    this.id = ideaItem(scope, idea, names(), now).id;
    this.value = { connection, idea };
  }

  item(): vscode.TreeItem {
    const data = ideaItem(this.scope, this.idea, this.names(), this.now, 'collapsed');
    return toTreeItem({ ...data, icon: { id: 'verified-filled' }, contextValue: 'storeIdea' });
  }

  async children(): Promise<TreeNode[]> {
    if (!this.reviews) {
      try {
        const reviews = (await this.client.reviews(this.idea.id)).data;
        this.reviews = reviews.map((review) => { const data = reviewItem(this.id, review, this.names()); return new LeafNode(data.id, toTreeItem(data), { review }); });
      } catch (error) {
        return [errorRow(this, error, 'reviews', `automation ${this.idea.name}`)];
      }
    }
    return this.reviews.length ? this.reviews : [messageNode(`${this.id}/empty`, 'No reviews yet.', 'info')];
  }

  reset(): void {
    this.reviews = undefined;
  }
}
