import type * as vscode from 'vscode';
import type { Connection } from '../../../core/connections';
import type { FolderContext } from '../../../core/http/connection';
import { packageVersionItem, type ItemData } from '../../../core/presentation/items';
import type { Package } from '../../../core/orchestrator/schemas';
import { PagedNode } from '../pagedNode';
import { LeafNode, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';

/** A package: expands to its versions (one request), the latest marked. */
export class PackageNode implements TreeNode {
  private readonly versions: PagedNode<Package>;
  readonly value: { connection: Connection; folder: FolderContext; package: Package; key: string };

  /** `data` is how the row looks; its tooltip, when plain text, comes in `plainTooltip`. */
  constructor(host: ExplorerHost, readonly connection: Connection, readonly folder: FolderContext, readonly pkg: Package, private readonly data: ItemData & { plainTooltip?: string }) {
    this.value = { connection, folder, package: pkg, key: pkg.Key };
    this.versions = new PagedNode(`${this.id}/versions`, 'Versions', 'versions', {
      load: (top, skip, signal) => host.clientFor(connection).packages.versions(pkg.Id, { folder, signal, query: { top, skip, count: skip === 0, orderBy: [{ path: 'Published', desc: true }] } }),
      make: (version) => {
        const row = packageVersionItem(this.id, version);
        return new LeafNode(row.id, toTreeItem(row), { connection, folder, package: version, key: version.Key });
      },
      what: 'package versions', where: `package ${pkg.Id}`, empty: { text: 'This package has no versions left.' },
    }, () => host.changed(this));
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

  async loadMore(): Promise<void> {
    await this.versions.loadMore();
  }

  reset(): void {
    this.versions.reset();
  }
}
