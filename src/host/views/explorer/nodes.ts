import * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import type { FolderContext } from '../../../core/http/connection';
import { and, eq } from '../../../core/odata/filter';
import { assetItem, folderItem, jobItem, JOB_STATE_ICONS, queueItem, queueItemItem, releaseItem, robotItem, type ItemData } from '../../../core/presentation/items';
import type { Page } from '../../../core/odata/envelope';
import type { ODataQuery } from '../../../core/odata/query';
import type { OrchestratorClient } from '../../../core/orchestrator/client';
import type { FolderNavigation, QueueDefinition, QueueItem, Robot, Session } from '../../../core/orchestrator/schemas';
import { narrowingFilter, PagedNode, type PagedSource } from '../pagedNode';
import { errorRow, LeafNode, messageNode, safeMarkdown, toTreeItem, type TreeNode } from '../treeNode';
import { markdownText, plainText } from '../../../core/presentation/plainText';
import type { ExplorerHost } from './explorerHost';
import { FolderPackagesNode } from './packageNodes';
import { TenantNode } from './tenantNode';

const NAV_PAGE = 100;
export const JOB_STATES = Object.keys(JOB_STATE_ICONS);
export const QUEUE_ITEM_STATUSES = [['New', 'New'], ['InProgress', 'In Progress'], ['Failed', 'Failed'], ['Successful', 'Successful'], ['Abandoned', 'Abandoned'], ['Retried', 'Retried'], ['Deleted', 'Deleted']] as const;

/** Children of the tenant (folderId undefined) or of a folder, from the folder navigation endpoint, paged. */
class FolderChildren {
  private loaded: FolderNavigation['ChildrenPage'] = [];
  private count = 0;
  private fetched = false;
  private reading: Promise<void> | undefined;
  /** Counts resets: a page read before a Refresh must not land in the fresh list (nor twice in it). */
  private generation = 0;

  constructor(private readonly host: ExplorerHost, private readonly connection: Connection, private readonly folderId: number | undefined) {}

  async nodes(owner: TreeNode, scope: string): Promise<TreeNode[]> {
    while (!this.fetched) await this.more();
    const nodes: TreeNode[] = this.loaded.map((summary) => new FolderNode(this.host, this.connection, summary, scope));
    if (this.loaded.length < this.count) {
      nodes.push(messageNode(`${owner.id}/moreFolders`, `Load more folders… (${this.count - this.loaded.length} more)`, 'ellipsis', { command: CommandId.treeLoadMore, title: 'Load more', arguments: [owner] }, 'loadMore'));
    }
    return nodes;
  }

  /** The next page of folders; callers at the same time share one request. */
  more(): Promise<void> {
    this.reading ??= this.readPage();
    return this.reading;
  }

  private async readPage(): Promise<void> {
    const generation = this.generation;
    try {
      const nav = await this.host.clientFor(this.connection).folders.navigation(this.folderId, { skip: this.loaded.length, take: NAV_PAGE });
      if (generation !== this.generation) return;
      this.loaded.push(...nav.ChildrenPage);
      this.count = nav.ChildrenCount;
      this.fetched = true;
    } finally {
      if (generation === this.generation) this.reading = undefined;
    }
  }

  reset(): void {
    this.generation++;
    this.reading = undefined;
    this.loaded = [];
    this.count = 0;
    this.fetched = false;
  }
}

export class ConnectionNode implements TreeNode {
  readonly id: string;
  private readonly folders: FolderChildren;
  private readonly tenant: TenantNode;

  constructor(private readonly host: ExplorerHost, readonly connection: Connection) {
    this.id = `conn/${connection.id}`;
    this.folders = new FolderChildren(host, connection, undefined);
    this.tenant = new TenantNode(host, connection, this.id);
  }

  item(): vscode.TreeItem {
    const signedIn = this.host.isSignedIn(this.connection);
    // The label, URL, account and tenant come from settings: plain text like any service text.
    const item = new vscode.TreeItem(plainText(this.connection.label), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = `${this.connection.kind === 'cloud' ? plainText(`${this.connection.account}/${this.connection.tenant}`) : 'on-premises'}${signedIn ? '' : ' · signed out'}${this.connection.protection === 'readOnly' ? ' · read-only' : this.connection.protection === 'confirm' ? ' · confirm changes' : ''}`;
    item.iconPath = new vscode.ThemeIcon(signedIn ? 'organization' : 'warning', signedIn ? undefined : new vscode.ThemeColor('editorWarning.foreground'));
    item.contextValue = signedIn ? 'connection.signedIn' : 'connection.signedOut';
    item.tooltip = safeMarkdown(`**${markdownText(this.connection.label)}**\n\n${markdownText(`${this.connection.serviceUrl}${this.connection.kind === 'cloud' ? `/${this.connection.account}/${this.connection.tenant}` : ''}`)}`);
    return item;
  }

  async children(): Promise<TreeNode[]> {
    if (!this.host.isSignedIn(this.connection)) {
      return [messageNode(`${this.id}/signIn`, 'Sign in to see the folders of this tenant', 'sign-in', { command: CommandId.signIn, title: 'Sign In', arguments: [this.connection.id] })];
    }
    try {
      const nodes = await this.folders.nodes(this, this.id);
      return [this.tenant, ...(nodes.length > 0 ? nodes : [messageNode(`${this.id}/noFolders`, 'You have no folders here. Ask an administrator to assign you to one.', 'info')])];
    } catch (error) {
      return [this.tenant, errorRow(this, error, 'folders', this.connection.label)];
    }
  }

  async loadMore(): Promise<void> {
    await this.folders.more();
    this.host.changed(this);
  }

  reset(): void {
    this.folders.reset();
    this.tenant.reset();
  }
}

export class FolderNode implements TreeNode {
  readonly id: string;
  private readonly subfolders: FolderChildren;
  private groups: TreeNode[] | undefined;

  constructor(private readonly host: ExplorerHost, readonly connection: Connection, readonly folder: FolderNavigation['ChildrenPage'][number], scope: string) {
    this.id = folderItem(scope, folder).id;
    this.subfolders = new FolderChildren(host, connection, folder.Id);
  }

  get context(): FolderContext {
    return { id: this.folder.Id };
  }

  item(): vscode.TreeItem {
    return toTreeItem(folderItem(this.id.slice(0, this.id.lastIndexOf('/folder/')), this.folder));
  }

  async children(): Promise<TreeNode[]> {
    this.groups ??= this.makeGroups();
    // Subfolders cost one request, and only when the folder has any.
    let subfolders: TreeNode[] = [];
    if ((this.folder.ChildrenCount ?? 0) > 0) {
      try {
        subfolders = await this.subfolders.nodes(this, this.id);
      } catch (error) {
        subfolders = [errorRow(this, error, 'subfolders', this.folder.DisplayName, 'foldersError')];
      }
    }
    return [...subfolders, ...this.groups];
  }

  async loadMore(): Promise<void> {
    await this.subfolders.more();
    this.host.changed(this);
  }

  reset(): void {
    this.subfolders.reset();
    for (const group of this.groups ?? []) group.reset?.();
  }

  private makeGroups(): TreeNode[] {
    const client = () => this.host.clientFor(this.connection);
    const folder = this.context;
    const where = `folder ${this.folder.FullyQualifiedName ?? this.folder.DisplayName}`;
    const scope = this.id;
    const leaf = (data: ItemData, value: object) => new LeafNode(data.id, toTreeItem(data), { connection: this.connection, folder, ...value });
    const changed = (node: TreeNode) => this.host.changed(node);
    /** One collection row: a list call of the client, its order, what Filter searches (field, and in the user's words), and how a row looks. */
    const group = <T>(name: string, icon: string, list: Lister<T>, order: ODataQuery['orderBy'], filter: { field: string; words: string }, make: (row: T) => TreeNode, empty: string, extra: Partial<PagedSource<T>> & { stateField?: string; expand?: string[] } = {}) =>
      new PagedNode(`${scope}/${name.split(' ')[0]!.toLowerCase()}`, name, icon, {
        load: (top, skip, signal, n) => list({ folder, signal, query: { top, skip, filter: narrowingFilter(n, filter.field, extra.stateField), count: skip === 0, orderBy: order, expand: extra.expand } }),
        filterField: filter.words, make, what: name.toLowerCase(), where, empty: { text: empty }, ...extra,
      }, changed);
    return [
      group('Processes', 'symbol-event', (o) => client().releases.list(o), [{ path: 'Name' }], { field: 'Name', words: 'process name' }, (release) => leaf(releaseItem(scope, release), { release, key: release.Key }), 'No processes in this folder. Deploy a package as a process first.'),
      group('Jobs', 'run-all', (o) => client().jobs.list(o), [{ path: 'CreationTime', desc: true }], { field: 'ReleaseName', words: 'process name' }, (job) => leaf(jobItem(scope, job, this.host.now()), { job, key: job.Key }), 'No jobs have run in this folder yet.', { expand: ['Robot'], stateField: 'State', states: JOB_STATES, autoRefresh: () => this.host.budgetOf(this.connection) }),
      group('Queues', 'list-ordered', (o) => client().queues.list(o), [{ path: 'Name' }], { field: 'Name', words: 'queue name' }, (queue) => new QueueNode(this.host, this.connection, folder, scope, queue), 'No queues in this folder.'),
      new FolderPackagesNode(this.host, this.connection, folder, scope, where),
      group('Robots & Sessions', 'hubot', (o) => robotsWithSessions(client(), o), [{ path: 'Name' }], { field: 'Name', words: 'robot name' }, ({ robot, session }) => leaf(robotItem(scope, robot, session), { robot, session }), 'No robots are assigned to this folder.'),
      group('Assets', 'symbol-constant', (o) => client().assets.list(o), [{ path: 'Name' }], { field: 'Name', words: 'asset name' }, (asset) => leaf(assetItem(scope, asset), { asset }), 'No assets in this folder.'),
    ];
  }
}

type Lister<T> = (options: { folder: FolderContext; signal: AbortSignal; query: ODataQuery }) => Promise<Page<T>>;

/**
 * A page of robots and, in one more request, the sessions of exactly those robots (state, unresponsive): two requests
 * per page, never one per robot. A failing sessions call leaves the robots shown without state.
 */
async function robotsWithSessions(client: OrchestratorClient, options: Parameters<Lister<Robot>>[0]): Promise<Page<{ robot: Robot; session?: Session }>> {
  const page = await client.robots.list(options);
  const sessions = await client.robots.sessionsOf(page.items.map((r) => r.Id), { folder: options.folder, signal: options.signal });
  return { ...page, items: page.items.map((robot) => ({ robot, session: sessions.get(robot.Id) })) };
}

/** A queue: its items by status (All, New, In Progress, Failed…); expanding the queue costs nothing, each status one request. */
export class QueueNode implements TreeNode {
  readonly id: string;
  private readonly statuses: PagedNode<QueueItem>[];

  constructor(host: ExplorerHost, readonly connection: Connection, readonly folder: FolderContext, private readonly scope: string, readonly queue: QueueDefinition) {
    this.id = queueItem(scope, queue).id;
    const byStatus = (status: string | undefined, label: string) =>
      new PagedNode(`${this.id}/items/${status ?? 'all'}`, label, status ? 'filter' : 'list-unordered', {
        load: (top, skip, signal, n) => host.clientFor(connection).queues.items({ folder, signal, query: { top, skip, count: skip === 0, filter: and(eq('QueueDefinitionId', queue.Id), status ? eq('Status', status) : undefined, narrowingFilter(n, 'Reference')), orderBy: [{ path: 'Id', desc: true }] } }),
        filterField: 'reference',
        make: (item) => {
          const data = queueItemItem(this.id, item, host.now());
          return new LeafNode(data.id, toTreeItem(data), { connection, folder, queue, queueItem: item });
        },
        what: 'queue items', where: `queue ${queue.Name}`, empty: { text: status ? `No ${label.toLowerCase()} items.` : 'This queue is empty.' },
      }, (node) => host.changed(node), 'collection queueItems');
    this.statuses = [byStatus(undefined, 'All Items'), ...QUEUE_ITEM_STATUSES.map(([status, label]) => byStatus(status, label))];
  }

  item(): vscode.TreeItem {
    return toTreeItem(queueItem(this.scope, this.queue));
  }

  async children(): Promise<TreeNode[]> {
    return this.statuses;
  }

  reset(): void {
    for (const status of this.statuses) status.reset();
  }
}
