import type * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import { t } from '../../../core/l10n';
import { arrangeFolders } from '../../../core/folderPreferences';
import { folderItem } from '../../presentation/items';
import { NO_MARKS, type FolderMarks } from '../../../core/folderPreferences';
import { ContextValue } from '../../../core/rows/contextValues';
import { childId, RowIds } from '../../../core/rows/rowIds';
import { makeRow, type FolderSummary, type RowOf } from '../../../core/rows/rows';
import { errorRow, messageNode, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';
import { folderCollections } from './folderCollections';

const NAV_PAGE = 100;

/** Children of the tenant (folderId undefined) or of a folder, from the folder navigation endpoint, paged. */
export class FolderChildren {
  private loaded: FolderSummary[] = [];
  /** The rows made for the folders read, by id: a redraw reuses them, with what they loaded. */
  private readonly rows = new Map<number, FolderNode>();
  private count = 0;
  private fetched = false;
  private reading: Promise<void> | undefined;
  /** Counts resets: a page read before a Refresh must not land in the fresh list (nor twice in it). */
  private generation = 0;

  constructor(
    private readonly host: ExplorerHost,
    private readonly connection: Connection,
    private readonly folderId: number | undefined,
  ) {}

  /** The folder rows under `owner` (the connection's row or a folder's), and Load more while some are not read. */
  async nodes(owner: TreeNode): Promise<TreeNode[]> {
    while (!this.fetched) await this.more();
    const { preferences, showHidden } = this.host.folderPreferences(this.connection);
    // Hidden and pinned folders are arranged from what was read, and a folder keeps its row (and what it loaded):
    // hiding or pinning one sends no request.
    const arranged = arrangeFolders(this.loaded, preferences, showHidden);
    const nodes: TreeNode[] = arranged.map((entry) => {
      const node = this.rows.get(entry.folder.Id) ?? new FolderNode(this.host, this.connection, entry.folder);
      this.rows.set(entry.folder.Id, node);
      node.marks = { pinned: entry.pinned, hidden: entry.hidden };
      return node;
    });
    if (arranged.length === 0 && this.loaded.length > 0) {
      nodes.push(
        messageNode(
          childId(owner.id, 'allHidden'),
          this.loaded.length === 1
            ? t('The one folder here is hidden. Show Hidden Folders…')
            : t('All {0} folders here are hidden. Show Hidden Folders…', this.loaded.length),
          'eye-closed',
          { command: CommandId.showHiddenFolders, title: t('Show Hidden Folders'), arguments: [this.connection.id] },
        ),
      );
    }
    if (this.loaded.length < this.count) {
      nodes.push(
        messageNode(
          childId(owner.id, 'moreFolders'),
          t('Load more folders… ({0} more)', this.count - this.loaded.length),
          'ellipsis',
          { command: CommandId.treeLoadMore, title: t('Load more'), arguments: [owner] },
          ContextValue.loadMore,
        ),
      );
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
      const nav = await this.host
        .clientFor(this.connection)
        .folders.navigation(this.folderId, { skip: this.loaded.length, take: NAV_PAGE });
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
    this.rows.clear();
    this.count = 0;
    this.fetched = false;
  }
}

/** A folder: its subfolders (when it has any), then Processes, Jobs, Queues, Packages, Robots & Sessions, Assets. */
export class FolderNode implements TreeNode {
  readonly id: string;
  readonly row: RowOf<'folder'>;
  private readonly subfolders: FolderChildren;
  private groups: TreeNode[] | undefined;
  /** Pinned or hidden by the user (set by the list that shows it, on every redraw). */
  marks: FolderMarks = NO_MARKS;

  constructor(
    private readonly host: ExplorerHost,
    readonly connection: Connection,
    readonly folder: FolderSummary,
  ) {
    this.id = RowIds.folder(connection.id, folder.Id);
    const key = folder.Key ?? undefined;
    this.row = makeRow({
      kind: 'folder',
      connection,
      folder: { id: folder.Id, ...(key ? { key } : {}) },
      summary: folder,
    });
    this.subfolders = new FolderChildren(host, connection, folder.Id);
  }

  item(): vscode.TreeItem {
    return toTreeItem(folderItem(RowIds.connection(this.connection.id), this.folder, this.marks));
  }

  async children(): Promise<TreeNode[]> {
    this.groups ??= folderCollections(this.host, this.row, this.id);
    // Subfolders cost one request, and only when the folder has any.
    let subfolders: TreeNode[] = [];
    if ((this.folder.ChildrenCount ?? 0) > 0) {
      try {
        subfolders = await this.subfolders.nodes(this);
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
}
