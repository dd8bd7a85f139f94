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
  private period: FailurePeriod = 'day';
  /** What the last load read, and its rows: none until the row is expanded, and after a Refresh. */
  private loaded: { read: FailureRead; rows: TreeNode[] } | undefined;
  /** Counts resets: a read started before one must not fill the row after it. */
  private generation = 0;

  constructor(
    private readonly host: ExplorerHost,
    readonly connection: Connection,
    readonly id: string,
  ) {}

  /** Switches between 24 hours and 7 days and reloads. */
  switchPeriod(): FailurePeriod {
    this.period = this.period === 'day' ? 'week' : 'day';
    this.reset();
    this.host.changed(this);
    return this.period;
  }

  item(): vscode.TreeItem {
    const count = this.loaded?.read.jobs.length;
    const period = PERIOD_WORDS[this.period]();
    // Red once something failed; the count (with + when the cap cut the list) in the description.
    return toTreeItem({
      id: this.id,
      collapsible: 'collapsed',
      contextValue: ContextValue.group,
      label: t('Failures'),
      icon: count ? { id: 'error', color: 'testing.iconFailed' } : { id: 'error' },
      tooltip: t('**Failed jobs** in every folder you may read, grouped by process and by message'),
      description:
        count === undefined
          ? period
          : t('{0}{1} in {2}', formatNumber(count), this.loaded?.read.cut ? '+' : '', period),
    });
  }

  async children(): Promise<TreeNode[]> {
    for (;;) {
      if (this.loaded) return this.loaded.rows;
      const generation = this.generation;
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
      const read = await rows.load().catch((error: unknown) => ({ error }));
      if (generation !== this.generation) continue;
      if ('error' in read)
        return [this.periodRow(), errorRow(this, read.error, t('failed jobs'), this.connection.label)];
      this.loaded = { read, rows: rows.rows(read) };
      this.host.changed(this);
    }
  }

  reset(): void {
    this.generation++;
    this.loaded = undefined;
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
