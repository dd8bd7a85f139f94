import type * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import { t } from '../../../core/l10n';
import { arrangeFolders, NO_MARKS, type FolderMarks } from '../../../core/folderPreferences';
import { folderItem } from '../../presentation/items';
import { ContextValue } from '../../../core/rows/contextValues';
import { childId, RowIds } from '../../../core/rows/rowIds';
import { makeRow, type FolderSummary, type RowOf } from '../../../core/rows/rows';
import { errorRow, messageNode, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';
import { folderCollections } from './folderCollections';
import type { PinnedBeyond } from './pinnedBeyond';
import { onFirstUse } from '../../../core/onFirstUse';

/** The lookup of pins beyond a list's pages loads with the first long list that has one, not at activation. */
const pinLookup = onFirstUse(() => import('./pinnedBeyond'));

const NAV_PAGE = 100;

/** Children of the tenant (folderId undefined) or of a folder, from the folder navigation endpoint, paged. */
export class FolderChildren {
  private loaded: FolderSummary[] = [];
  /** Pinned folders of this list found beyond the pages read: listed first before Load more brings them. */
  private pins: PinnedBeyond | undefined;
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
    const { preferences, showHidden } = await this.settled();
    // Read again: a Load more may have brought a page while the pins were looked up.
    const read = new Set(this.loaded.map((folder) => folder.Id));
    const beyond = this.pins?.shown(preferences.pinned, read) ?? [];
    // Hidden and pinned folders are arranged from what was read (and the pins found beyond it), and a folder keeps its
    // row (and what it loaded): hiding or pinning one sends no request.
    const arranged = arrangeFolders([...this.loaded, ...beyond], preferences, showHidden);
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
    const unread = this.count - this.loaded.length - beyond.length;
    if (unread > 0) {
      nodes.push(
        messageNode(
          childId(owner.id, 'moreFolders'),
          t('Load more folders… ({0} more)', unread),
          'ellipsis',
          { command: CommandId.treeLoadMore, title: t('Load more'), arguments: [owner] },
          ContextValue.loadMore,
        ),
      );
    }
    return nodes;
  }

  /** The first page read and the pins beyond it looked up, with the choices they were looked up for. */
  private async settled() {
    for (;;) {
      while (!this.fetched) await this.more();
      // A Refresh while the pins are looked up starts the list again: read it afresh.
      const generation = this.generation;
      const { preferences, showHidden } = this.host.folderPreferences(this.connection);
      const read = new Set(this.loaded.map((folder) => folder.Id));
      if (this.loaded.length < this.count && preferences.pinned.some((id) => !read.has(id))) {
        // Only a long list with a pin not read yet needs the lookups: their code loads then (activation stays light).
        const code = await pinLookup().catch(() => undefined); // a damaged installation: the list, without the lookups
        if (generation !== this.generation) continue;
        if (code) {
          this.pins ??= new code.PinnedBeyond(this.host, this.connection, this.folderId ?? null);
          await this.pins.lookUp(preferences.pinned, read);
        }
      }
      if (generation === this.generation && this.fetched) return { preferences, showHidden };
    }
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
      const ids = nav.ChildrenPage.map((folder) => folder.Id);
      this.host.folderLocations(this.connection).seen(this.folderId ?? null, ids);
      // A pin found beyond the pages read gets the row of its own entry now (with what the navigation lacks).
      for (const id of this.pins?.read(ids) ?? []) this.rows.delete(id);
      this.count = nav.ChildrenCount;
      this.fetched = true;
    } finally {
      if (generation === this.generation) this.reading = undefined;
    }
  }

  reset(): void {
    this.generation++;
    this.reading = undefined;
    this.pins = undefined;
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
        subfolders = [errorRow(this, error, t('subfolders'), this.folder.DisplayName, 'foldersError')];
      }
    }
    return [...subfolders, ...this.groups];
  }

  async loadMore(): Promise<undefined> {
    await this.subfolders.more();
    this.host.changed(this);
  }

  reset(): void {
    this.subfolders.reset();
    for (const group of this.groups ?? []) group.reset?.();
  }
}
