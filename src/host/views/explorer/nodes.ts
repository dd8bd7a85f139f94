import * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import type { FolderContext } from '../../../core/http/connection';
import type { SchedulerState } from '../../../core/http/scheduler';
import { and, anyOf, contains, eq, type Filter } from '../../../core/odata/filter';
import {
  alertItem, assetItem, folderItem, jobItem, JOB_STATE_ICONS, libraryItem, licenseItems, packageItem, packageVersionItem, queueItem, queueItemItem,
  releaseItem, robotItem, tenantItem, webhookItem, type ItemData,
} from '../../../core/presentation/items';
import type { Page } from '../../../core/odata/envelope';
import type { ODataQuery } from '../../../core/odata/query';
import type { OrchestratorClient } from '../../../core/orchestrator/client';
import type { FolderNavigation, Package, QueueDefinition, QueueItem, Robot, Session } from '../../../core/orchestrator/schemas';
import { PagedNode, type Narrowing, type PagedSource } from '../pagedNode';
import { errorRow, LazyNode, LeafNode, messageNode, toTreeItem, type TreeNode } from '../treeNode';

/** What the nodes need from the extension: clients, accounts, and a way to redraw a row. */
export interface ExplorerHost {
  clientFor(connection: Connection): OrchestratorClient;
  isSignedIn(connection: Connection): boolean;
  changed(node: TreeNode | undefined): void;
  now(): number;
  /** The tenant's rate-limit budget (for the auto-refresh), once a client exists for it. */
  budgetOf(connection: Connection): SchedulerState | undefined;
}

const NAV_PAGE = 100;
export const JOB_STATES = Object.keys(JOB_STATE_ICONS);
export const QUEUE_ITEM_STATUSES = [['New', 'New'], ['InProgress', 'In Progress'], ['Failed', 'Failed'], ['Successful', 'Successful'], ['Abandoned', 'Abandoned'], ['Retried', 'Retried'], ['Deleted', 'Deleted']] as const;

/** The OData filter for what the user typed and picked: contains() on the text field, any of the chosen states. */
export function narrowingFilter(narrowing: Narrowing, textField: string | undefined, stateField?: string): Filter | undefined {
  return and(narrowing.text && textField ? contains(textField, narrowing.text) : undefined, narrowing.states && stateField ? anyOf(stateField, narrowing.states) : undefined);
}

/** Children of the tenant (folderId undefined) or of a folder, from the folder navigation endpoint, paged. */
class FolderChildren {
  private loaded: FolderNavigation['ChildrenPage'] = [];
  private count = 0;
  private fetched = false;

  constructor(private readonly host: ExplorerHost, private readonly connection: Connection, private readonly folderId: number | undefined) {}

  async nodes(owner: TreeNode, scope: string): Promise<TreeNode[]> {
    if (!this.fetched) await this.more();
    const nodes: TreeNode[] = this.loaded.map((summary) => new FolderNode(this.host, this.connection, summary, scope));
    if (this.loaded.length < this.count) {
      nodes.push(messageNode(`${owner.id}/moreFolders`, `Load more folders… (${this.count - this.loaded.length} more)`, 'ellipsis', { command: CommandId.treeLoadMore, title: 'Load more', arguments: [owner] }, 'loadMore'));
    }
    return nodes;
  }

  async more(): Promise<void> {
    const nav = await this.host.clientFor(this.connection).folders.navigation(this.folderId, { skip: this.loaded.length, take: NAV_PAGE });
    this.loaded.push(...nav.ChildrenPage);
    this.count = nav.ChildrenCount;
    this.fetched = true;
  }

  reset(): void {
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
    const item = new vscode.TreeItem(this.connection.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = `${this.connection.kind === 'cloud' ? `${this.connection.account}/${this.connection.tenant}` : 'on-premises'}${signedIn ? '' : ' · signed out'}${this.connection.protection === 'readOnly' ? ' · read-only' : this.connection.protection === 'confirm' ? ' · confirm changes' : ''}`;
    item.iconPath = new vscode.ThemeIcon(signedIn ? 'organization' : 'warning', signedIn ? undefined : new vscode.ThemeColor('editorWarning.foreground'));
    item.contextValue = signedIn ? 'connection.signedIn' : 'connection.signedOut';
    item.tooltip = new vscode.MarkdownString(`**${this.connection.label}**\n\n${this.connection.serviceUrl}${this.connection.kind === 'cloud' ? `/${this.connection.account}/${this.connection.tenant}` : ''}`);
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

/**
 * Tenant-wide resources: libraries, webhooks, alerts (with the unread count), the license summary, and for host
 * administrators the host's tenants. Expanding it costs two requests (unread count, and a one-row probe of Tenants that
 * only host administrators pass); each list then loads when expanded.
 */
export class TenantNode implements TreeNode {
  readonly id: string;
  private unread: number | undefined;
  private hostAdmin: boolean | undefined;
  private groups: TreeNode[] | undefined;

  constructor(private readonly host: ExplorerHost, readonly connection: Connection, scope: string) {
    this.id = `${scope}/tenant`;
  }

  item(): vscode.TreeItem {
    const description = this.unread ? `${this.unread} unread alert${this.unread === 1 ? '' : 's'}` : undefined;
    return toTreeItem({ id: this.id, label: 'Tenant', description, icon: { id: 'server-environment' }, contextValue: 'group.tenant', collapsible: 'collapsed', tooltip: '**Tenant-wide resources**\n\nLibraries, webhooks, alerts, license' });
  }

  async children(): Promise<TreeNode[]> {
    if (!this.groups) {
      const client = this.host.clientFor(this.connection);
      const [unread, probe] = await Promise.allSettled([client.tenant.unreadAlerts(), client.tenant.tenants({ query: { top: 1 } })]);
      const before = this.unread;
      this.unread = unread.status === 'fulfilled' ? unread.value : undefined;
      this.hostAdmin = probe.status === 'fulfilled';
      this.groups = this.makeGroups();
      // The unread count is part of this row's description: redraw it once known.
      if (before !== this.unread) setTimeout(() => this.host.changed(this), 0);
    }
    return this.groups;
  }

  reset(): void {
    for (const group of this.groups ?? []) group.reset?.();
    this.groups = undefined;
  }

  private makeGroups(): TreeNode[] {
    const client = () => this.host.clientFor(this.connection);
    const where = `tenant ${this.connection.label}`;
    const scope = this.id;
    const leaf = (data: ItemData, value: object) => new LeafNode(data.id, toTreeItem(data), { connection: this.connection, ...value });
    const changed = (node: TreeNode) => this.host.changed(node);
    const groups: TreeNode[] = [
      new PagedNode(`${scope}/libraries`, 'Libraries', 'library', {
        load: (top, skip, signal, n) => client().packages.listLibraries({ signal, query: { top, skip, count: skip === 0, filter: narrowingFilter(n, 'Id'), orderBy: [{ path: 'Id' }] } }),
        filterField: 'Id', make: (library) => leaf(libraryItem(scope, library), { library, key: library.Key }),
        what: 'libraries', where, empty: { text: 'No libraries in the tenant feed.' },
      }, changed),
      new PagedNode(`${scope}/webhooks`, 'Webhooks', 'radio-tower', {
        load: (top, skip, signal, n) => client().tenant.webhooks({ signal, query: { top, skip, count: skip === 0, filter: narrowingFilter(n, 'Url'), orderBy: [{ path: 'Id' }] } }),
        filterField: 'Url', make: (webhook) => leaf(webhookItem(scope, webhook), { webhook }),
        what: 'webhooks', where, empty: { text: 'No webhooks are configured.' },
      }, changed),
      new PagedNode(`${scope}/alerts`, 'Alerts', 'bell', {
        load: (top, skip, signal, n) => client().tenant.alerts({ signal, query: { top, skip, count: skip === 0, filter: narrowingFilter(n, 'NotificationName', 'State'), orderBy: [{ path: 'CreationTime', desc: true }] } }),
        filterField: 'NotificationName', states: ['Unread', 'Read'], make: (alert) => leaf(alertItem(scope, alert, this.host.now()), { alert }),
        what: 'alerts', where, empty: { text: 'No alerts.' }, badge: () => (this.unread ? `${this.unread} unread` : undefined),
      }, changed),
      new LazyNode(`${scope}/license`, { label: 'License', icon: { id: 'verified' }, tooltip: 'Robots allowed and defined per type', contextValue: 'group', collapsible: 'collapsed' }, async () => {
        const license = await client().tenant.license();
        return licenseItems(`${scope}/license`, license).map((data) => leaf(data, { license }));
      }, { what: 'the license', where, empty: 'No license information.' }),
    ];
    if (this.hostAdmin) {
      groups.push(new PagedNode(`${scope}/tenants`, 'Tenants', 'server', {
        load: (top, skip, signal, n) => client().tenant.tenants({ signal, query: { top, skip, count: skip === 0, filter: narrowingFilter(n, 'Name'), orderBy: [{ path: 'Name' }] } }),
        filterField: 'Name', make: (tenant) => leaf(tenantItem(scope, tenant), { tenant }),
        what: 'tenants', where: 'the host', empty: { text: 'The host has no tenants.' },
      }, changed, 'collection tenants'));
    }
    return groups;
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
    /** One collection row: a list call of the client, its order, the fields Filter searches, and how a row looks. */
    const group = <T>(name: string, icon: string, list: Lister<T>, order: ODataQuery['orderBy'], filterField: string, make: (row: T) => TreeNode, empty: string, extra: Partial<PagedSource<T>> & { stateField?: string; expand?: string[] } = {}) =>
      new PagedNode(`${scope}/${name.split(' ')[0]!.toLowerCase()}`, name, icon, {
        load: (top, skip, signal, n) => list({ folder, signal, query: { top, skip, filter: narrowingFilter(n, filterField, extra.stateField), count: skip === 0, orderBy: order, expand: extra.expand } }),
        filterField, make, what: name.toLowerCase(), where, empty: { text: empty }, ...extra,
      }, changed);
    return [
      group('Processes', 'symbol-event', (o) => client().releases.list(o), [{ path: 'Name' }], 'Name', (release) => leaf(releaseItem(scope, release), { release, key: release.Key }), 'No processes in this folder. Deploy a package as a process first.'),
      group('Jobs', 'run-all', (o) => client().jobs.list(o), [{ path: 'CreationTime', desc: true }], 'ReleaseName', (job) => leaf(jobItem(scope, job, this.host.now()), { job, key: job.Key }), 'No jobs have run in this folder yet.', { expand: ['Robot'], stateField: 'State', states: JOB_STATES, autoRefresh: () => this.host.budgetOf(this.connection) }),
      group('Queues', 'list-ordered', (o) => client().queues.list(o), [{ path: 'Name' }], 'Name', (queue) => new QueueNode(this.host, this.connection, folder, scope, queue), 'No queues in this folder.'),
      group('Packages', 'package', (o) => client().packages.list(o), [{ path: 'Id' }], 'Id', (pkg) => new PackageNode(this.host, this.connection, folder, scope, pkg), 'No packages in the feed.'),
      group('Robots & Sessions', 'hubot', (o) => robotsWithSessions(client(), o), [{ path: 'Name' }], 'Name', ({ robot, session }) => leaf(robotItem(scope, robot, session), { robot, session }), 'No robots are assigned to this folder.'),
      group('Assets', 'symbol-constant', (o) => client().assets.list(o), [{ path: 'Name' }], 'Name', (asset) => leaf(assetItem(scope, asset), { asset }), 'No assets in this folder.'),
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

/** A package: expands to its versions (one request), the latest marked. */
export class PackageNode implements TreeNode {
  readonly id: string;
  private readonly versions: PagedNode<Package>;
  readonly value: { connection: Connection; folder: FolderContext; package: Package; key: string };

  constructor(host: ExplorerHost, readonly connection: Connection, readonly folder: FolderContext, private readonly scope: string, readonly pkg: Package) {
    this.id = packageItem(scope, pkg).id;
    this.value = { connection, folder, package: pkg, key: pkg.Key };
    this.versions = new PagedNode(`${this.id}/versions`, 'Versions', 'versions', {
      load: (top, skip, signal) => host.clientFor(connection).packages.versions(pkg.Id, { folder, signal, query: { top, skip, count: skip === 0, orderBy: [{ path: 'Published', desc: true }] } }),
      make: (version) => {
        const data = packageVersionItem(this.id, version);
        return new LeafNode(data.id, toTreeItem(data), { connection, folder, package: version, key: version.Key });
      },
      what: 'package versions', where: `package ${pkg.Id}`, empty: { text: 'This package has no versions left.' },
    }, () => host.changed(this));
  }

  item(): vscode.TreeItem {
    return toTreeItem(packageItem(this.scope, this.pkg));
  }

  children(): Promise<TreeNode[]> {
    return this.versions.children();
  }

  async loadMore(): Promise<void> {
    await this.versions.loadMore();
  }

  reset(): void {
    this.versions.reset();
  }
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
        filterField: 'Reference',
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
