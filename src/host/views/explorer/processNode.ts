import type * as vscode from 'vscode';
import type { Release } from '../../../core/orchestrator/schemas';
import type { RowOf } from '../../../core/rows/rows';
import { releaseItem } from '../../presentation/items';
import { toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';

/**
 * A process: its row, and below it its Recent Runs. Expanding the process costs nothing; its Recent Runs reads one
 * page of Jobs when it is expanded (its code loads then, not at activation).
 */
export class ProcessNode implements TreeNode {
  readonly id: string;
  private recentRuns: TreeNode | undefined;

  /** `scope`: the id of the Processes row it is listed under. */
  constructor(
    private readonly host: ExplorerHost,
    private readonly scope: string,
    readonly row: RowOf<'process'>,
  ) {
    this.id = releaseItem(scope, row.release).id;
  }

  get release(): Release {
    return this.row.release;
  }

  item(): vscode.TreeItem {
    return toTreeItem({ ...releaseItem(this.scope, this.row.release), collapsible: 'collapsed' });
  }

  async children(): Promise<TreeNode[]> {
    const { RecentRunsNode } = await import('./recentRunsNode');
    this.recentRuns ??= new RecentRunsNode(this.host, this.row, this.id);
    return [this.recentRuns];
  }

  reset(): void {
    this.recentRuns?.reset?.();
  }
}
