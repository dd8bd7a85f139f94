import type * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import type { FailurePeriod, FailureRead } from '../../../core/jobs/failureReads';
import { t, formatNumber } from '../../../core/l10n';
import { ContextValue } from '../../../core/rows/contextValues';
import { childId } from '../../../core/rows/rowIds';
import { errorRow, messageNode, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';

const PERIOD_WORDS: Record<FailurePeriod, () => string> = {
  day: () => t('the last 24 hours'),
  week: () => t('the last 7 days'),
};

/**
 * Failures: the faulted jobs of the last 24 hours (or 7 days) in every folder the user may read, grouped by process
 * and by what failed (groupFailures), newest first. One cross-folder Jobs read with its pages; where the service
 * refuses that (400/403 without a folder), one read per folder within the tenant's Jobs budget, with progress.
 */
export class FailuresNode implements TreeNode {
  readonly id: string;
  private period: FailurePeriod = 'day';
  private read: FailureRead | undefined;
  private cached: TreeNode[] | undefined;
  private generation = 0;

  constructor(
    private readonly host: ExplorerHost,
    readonly connection: Connection,
    parentId: string,
  ) {
    this.id = childId(parentId, 'failures');
  }

  get periodShown(): FailurePeriod {
    return this.period;
  }

  /** Switches between 24 hours and 7 days and reloads. */
  switchPeriod(): FailurePeriod {
    this.period = this.period === 'day' ? 'week' : 'day';
    this.reset();
    this.host.changed(this);
    return this.period;
  }

  item(): vscode.TreeItem {
    const count = this.read?.jobs.length;
    return toTreeItem({
      id: this.id,
      label: t('Failures'),
      description:
        count === undefined
          ? PERIOD_WORDS[this.period]()
          : t('{0}{1} in {2}', formatNumber(count), this.read?.cut ? '+' : '', PERIOD_WORDS[this.period]()),
      icon: { id: 'error', color: count ? 'testing.iconFailed' : undefined },
      contextValue: ContextValue.group,
      collapsible: 'collapsed',
      tooltip: t('**Failed jobs** in every folder you may read, grouped by process and by message'),
    });
  }

  async children(): Promise<TreeNode[]> {
    while (!this.cached) {
      const generation = this.generation;
      try {
        // Loaded on first expand: the grouping and fault-text code stays out of the activation bundle.
        const { FailureRows } = await import('./failureRows');
        const rows = new FailureRows({
          host: this.host,
          connection: this.connection,
          parentId: this.id,
          period: this.period,
          periodWords: PERIOD_WORDS[this.period](),
          periodRow: this.periodRow(),
        });
        const read = await rows.load();
        if (generation !== this.generation) continue;
        this.read = read;
        this.cached = rows.rows(read);
        this.host.changed(this);
      } catch (error) {
        if (generation === this.generation)
          return [this.periodRow(), errorRow(this, error, t('failed jobs'), this.connection.label)];
      }
    }
    return this.cached;
  }

  reset(): void {
    this.generation++;
    this.cached = undefined;
    this.read = undefined;
  }

  private periodRow(): TreeNode {
    const other: FailurePeriod = this.period === 'day' ? 'week' : 'day';
    return messageNode(
      childId(this.id, 'window'),
      t('Showing {0} · switch to {1}', PERIOD_WORDS[this.period](), PERIOD_WORDS[other]()),
      'calendar',
      { command: CommandId.failuresPeriod, title: t('Switch Failures Period'), arguments: [this] },
    );
  }
}
