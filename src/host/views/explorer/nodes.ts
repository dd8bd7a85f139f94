import * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import type { FolderContext } from '../../../core/http/connection';
import { and, eq } from '../../../core/odata/filter';
import { assetItem, describeFailure, folderItem, jobItem, packageItem, queueItem, queueItemItem, releaseItem, robotItem, type ItemData } from '../../../core/presentation/items';
import type { Page } from '../../../core/odata/envelope';
import type { ODataQuery } from '../../../core/odata/query';
import type { OrchestratorClient } from '../../../core/orchestrator/client';
import type { FolderNavigation, QueueDefinition, QueueItem } from '../../../core/orchestrator/schemas';
import { PagedNode } from '../pagedNode';
import { LeafNode, messageNode, toTreeItem, type TreeNode } from '../treeNode';

/** What the nodes need from the extension: clients, accounts, and a way to redraw a row. */
export interface ExplorerHost {
  clientFor(connection: Connection): OrchestratorClient;
  isSignedIn(connection: Connection): boolean;
  changed(node: TreeNode | undefined): void;
  now(): number;
}

const NAV_PAGE = 100;

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

  constructor(private readonly host: ExplorerHost, readonly connection: Connection) {
    this.id = `conn/${connection.id}`;
    this.folders = new FolderChildren(host, connection, undefined);
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
      return nodes.length > 0 ? nodes : [messageNode(`${this.id}/noFolders`, 'You have no folders here. Ask an administrator to assign you to one.', 'info')];
    } catch (error) {
      return [messageNode(`${this.id}/error`, `${describeFailure(error, 'folders', this.connection.label)} Retry`, 'error', { command: CommandId.treeRetry, title: 'Retry', arguments: [this] }, 'error')];
    }
  }

  async loadMore(): Promise<void> {
    await this.folders.more();
    this.host.changed(this);
  }

  reset(): void {
    this.folders.reset();
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
        subfolders = [messageNode(`${this.id}/foldersError`, `${describeFailure(error, 'subfolders', this.folder.DisplayName)} Retry`, 'error', { command: CommandId.treeRetry, title: 'Retry', arguments: [this] }, 'error')];
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
    const leaf = (data: ItemData, value: unknown) => new LeafNode(data.id, toTreeItem(data), { connection: this.connection, folder, ...(value as object) });
    /** One collection row: a list call of the client, its order, the field Filter searches, and how a row looks. */
    const group = <T>(name: string, icon: string, list: Lister<T>, order: ODataQuery['orderBy'], filterField: string, make: (row: T) => TreeNode, empty: string, expand?: string[]) =>
      new PagedNode(`${scope}/${name.toLowerCase()}`, name, icon, {
        load: (top, skip, signal, filter) => list({ folder, signal, query: { top, skip, filter, count: skip === 0, orderBy: order, expand } }),
        filterField, make, what: name.toLowerCase(), where, empty: { text: empty },
      }, (node) => this.host.changed(node));
    return [
      group('Processes', 'symbol-event', (o) => client().releases.list(o), [{ path: 'Name' }], 'Name', (release) => leaf(releaseItem(scope, release), { release }), 'No processes in this folder. Deploy a package as a process first.'),
      group('Jobs', 'run-all', (o) => client().jobs.list(o), [{ path: 'CreationTime', desc: true }], 'ReleaseName', (job) => leaf(jobItem(scope, job, this.host.now()), { job, key: job.Key }), 'No jobs have run in this folder yet.', ['Robot']),
      group('Queues', 'list-ordered', (o) => client().queues.list(o), [{ path: 'Name' }], 'Name', (queue) => new QueueNode(this.host, this.connection, folder, scope, queue), 'No queues in this folder.'),
      group('Packages', 'package', (o) => client().packages.list(o), [{ path: 'Id' }], 'Id', (pkg) => leaf(packageItem(scope, pkg), { package: pkg, key: pkg.Key }), 'No packages in the feed.'),
      group('Robots', 'hubot', (o) => client().robots.list(o), [{ path: 'Name' }], 'Name', (robot) => leaf(robotItem(scope, robot), { robot }), 'No robots are assigned to this folder.'),
      group('Assets', 'symbol-constant', (o) => client().assets.list(o), [{ path: 'Name' }], 'Name', (asset) => leaf(assetItem(scope, asset), { asset }), 'No assets in this folder.'),
    ];
  }
}

type Lister<T> = (options: { folder: FolderContext; signal: AbortSignal; query: ODataQuery }) => Promise<Page<T>>;

/** A queue: its items, newest first, paged at the service's cap of 100 per request (50 per page here). */
export class QueueNode implements TreeNode {
  readonly id: string;
  private readonly items: PagedNode<QueueItem>;

  constructor(host: ExplorerHost, readonly connection: Connection, readonly folder: FolderContext, scope: string, readonly queue: QueueDefinition) {
    this.id = queueItem(scope, queue).id;
    this.items = new PagedNode(`${this.id}/items`, 'Items', 'list-unordered', {
      load: (top, skip, signal, filter) => host.clientFor(connection).queues.items({ folder, signal, query: { top, skip, count: skip === 0, filter: and(eq('QueueDefinitionId', queue.Id), filter), orderBy: [{ path: 'Id', desc: true }] } }),
      filterField: 'Reference',
      make: (item) => {
        const data = queueItemItem(this.id, item, host.now());
        return new LeafNode(data.id, toTreeItem(data), { connection, folder, queueItem: item });
      },
      what: 'queue items', where: `queue ${queue.Name}`, empty: { text: 'This queue is empty.' },
    }, () => host.changed(this));
  }

  item(): vscode.TreeItem {
    return toTreeItem(queueItem(this.id.slice(0, this.id.lastIndexOf('/queue/')), this.queue));
  }

  children(): Promise<TreeNode[]> {
    return this.items.children();
  }

  reset(): void {
    this.items.reset();
  }
}
