import type * as vscode from 'vscode';
import type { Connection } from '../../../core/connections';
import type { Package } from '../../../core/orchestrator/schemas';
import { packageItem } from '../../presentation/items';
import { PACKAGE_USE_FIELDS, packageInUseItem, packagesInUse } from '../../presentation/packagesInUse';
import { ContextValue } from '../../../core/rows/contextValues';
import { childId } from '../../../core/rows/rowIds';
import type { FolderById } from '../../../core/rows/rows';
import { collectionNode } from '../collectionNode';
import type { PagedNode } from '../pagedNode';
import { errorRow, messageNode, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';
import { PackageNode } from './packageNode';
import { formatNumber, t } from '../../../core/l10n';

/** The most processes of one folder the Packages row looks at (one request; the endpoint's cap). */
const PROCESSES_LOOKED_AT = 1000;

/**
 * A folder's Packages: first the packages its processes run (one request: the folder's processes, only the fields
 * that name their package), after a Feed row with the tenant's whole feed, paged and filterable. A folder's processes
 * use a handful of packages; the feed can hold ten thousand.
 */
export class FolderPackagesNode implements TreeNode {
  readonly id: string;
  private readonly feed: PagedNode<Package>;
  private inUse: TreeNode[] | undefined;
  /** Counts resets: a read started before a Refresh must not fill the row after it. */
  private generation = 0;

  constructor(
    private readonly host: ExplorerHost,
    readonly connection: Connection,
    readonly folder: FolderById,
    folderRowId: string,
    private readonly where: string,
  ) {
    this.id = childId(folderRowId, 'packages');
    const client = () => host.clientFor(connection);
    this.feed = collectionNode(
      {
        id: childId(this.id, 'feed'),
        label: t('Feed'),
        icon: 'library',
        list: (query, signal) => client().packages.list({ folder, signal, query }),
        order: [{ path: 'Id' }],
        filter: { field: 'Id', words: t('package name') },
        make: (pkg) => new PackageNode(host, connection, folder, pkg, packageItem(this.feed.id, pkg)),
        what: t('packages'),
        where: t('the feed'),
        empty: t('No packages in the feed.'),
      },
      (node) => host.changed(node),
    );
  }

  item(): vscode.TreeItem {
    return toTreeItem(
      {
        id: this.id,
        label: t('Packages'),
        icon: { id: 'package' },
        contextValue: ContextValue.packagesGroup,
        collapsible: 'collapsed',
      },
      { tooltip: t('The packages this folder’s processes run; the whole feed is under Feed') },
    );
  }

  async children(): Promise<TreeNode[]> {
    while (!this.inUse) {
      const generation = this.generation;
      const rows = await this.readInUse();
      if (generation === this.generation) this.inUse = rows;
    }
    // Feed first: with hundreds of packages in use it would otherwise sit far below, out of sight.
    return [this.feed, ...this.inUse];
  }

  reset(): void {
    this.generation++;
    this.inUse = undefined;
    this.feed.reset();
    // The package rows are made anew on the next expand; their versions with them.
  }

  /** The package rows, or the message saying why there are none. */
  private async readInUse(): Promise<TreeNode[]> {
    let page;
    try {
      page = await this.host.clientFor(this.connection).releases.list({
        folder: this.folder,
        query: {
          top: PROCESSES_LOOKED_AT,
          count: true,
          select: [...PACKAGE_USE_FIELDS],
          orderBy: [{ path: 'ProcessKey' }],
        },
      });
    } catch (error) {
      return [errorRow(this, error, t('the packages its processes run'), this.where)];
    }
    const rows: TreeNode[] = packagesInUse(page.items).map(
      (usage) =>
        new PackageNode(this.host, this.connection, this.folder, usage.package, packageInUseItem(this.id, usage)),
    );
    if (rows.length === 0)
      rows.push(
        messageNode(
          childId(this.id, 'none'),
          t('No process in this folder runs a package. Every package of the tenant is under Feed.'),
          'info',
        ),
      );
    const notLookedAt = (page.count ?? 0) - page.items.length - page.skipped.length;
    if (notLookedAt > 0)
      rows.push(
        messageNode(
          childId(this.id, 'partial'),
          t(
            "Only the first {0} processes were looked at; the others' packages are under Feed.",
            formatNumber(PROCESSES_LOOKED_AT),
          ),
          'warning',
        ),
      );
    if (page.skipped.length > 0)
      rows.push(
        messageNode(
          childId(this.id, 'skipped'),
          t('{0} process(es) could not be read (see the log); their packages are under Feed.', page.skipped.length),
          'warning',
        ),
      );
    return rows;
  }
}
