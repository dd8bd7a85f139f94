import type * as vscode from 'vscode';
import type { Connection } from '../../../core/connections';
import type { Package } from '../../../core/orchestrator/schemas';
import { packageVersionItem, type ItemData } from '../../presentation/items';
import { childId } from '../../../core/rows/rowIds';
import { makeRow, type FolderById, type RowOf } from '../../../core/rows/rows';
import { PagedNode } from '../pagedNode';
import { LeafNode, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';
import { t } from '../../../core/l10n';

/** A package: expands to its versions (one request), the latest marked. */
export class PackageNode implements TreeNode {
  readonly row: RowOf<'package'>;
  private readonly versions: PagedNode<Package>;

  /** `data` is how the row looks (the feed's package row by default); its tooltip, when plain, comes in `plainTooltip`. */
  constructor(
    host: ExplorerHost,
    readonly connection: Connection,
    readonly folder: FolderById,
    readonly pkg: Package,
    private readonly data: ItemData & { plainTooltip?: string },
  ) {
    this.row = makeRow({ kind: 'package', connection, folder, package: pkg });
    // The versions show right under the package (no Versions row): they are its children, and their ids say so.
    this.versions = new PagedNode(
      childId(this.id, 'versions'),
      { label: t('Versions'), icon: 'versions' },
      {
        load: (top, skip, signal) =>
          host.clientFor(connection).packages.versions(pkg.Id, {
            folder,
            signal,
            query: { top, skip, count: skip === 0, orderBy: [{ path: 'Published', desc: true }] },
          }),
        make: (version) => {
          const data = packageVersionItem(this.id, version);
          return new LeafNode(
            data.id,
            toTreeItem(data),
            makeRow({ kind: 'packageVersion', connection, folder, package: version }),
          );
        },
        what: t('package versions'),
        where: t('package {0}', pkg.Id),
        empty: { text: t('This package has no versions left.') },
      },
      () => host.changed(this),
    );
  }

  get id(): string {
    return this.data.id;
  }

  item(): vscode.TreeItem {
    const { plainTooltip, ...data } = this.data;
    return toTreeItem(data, plainTooltip ? { tooltip: plainTooltip } : {});
  }

  children(): Promise<TreeNode[]> {
    return this.versions.children();
  }

  loadMore(): Promise<string | undefined> {
    return this.versions.loadMore();
  }

  reset(): void {
    this.versions.reset();
  }
}
