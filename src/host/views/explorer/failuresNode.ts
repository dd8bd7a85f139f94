import type * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import type { FailurePeriod, FailureRead } from '../../../core/jobs/failureReads';
import { t, formatNumber } from '../../../core/l10n';
import { ContextValue } from '../../../core/rows/contextValues';
import { childId } from '../../../core/rows/rowIds';
import { errorRow, messageNode, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';

/** A finished read and its rows, or why it failed. */
type Loaded = { read: FailureRead; rows: TreeNode[] } | { error: unknown };

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
  private loaded: Exclude<Loaded, { error: unknown }> | undefined;
  /** Counts resets: a read started before one must not fill the row after it. */
  private generation = 0;
  /**
   * The read in flight: every expand of this generation joins it (the tree may ask twice); a reset aborts it (its
   * further pages or folders are not read) and the next expand starts one new read.
   */
  private reading: { generation: number; controller: AbortController; read: Promise<Loaded> } | undefined;

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
      const reading = this.reading?.generation === this.generation ? this.reading : this.startReading();
      const loaded = await reading.read;
      if (reading.generation !== this.generation) continue;
      if (this.reading === reading) this.reading = undefined;
      if ('error' in loaded)
        return [this.periodRow(), errorRow(this, loaded.error, t('failed jobs'), this.connection.label)];
      if (!this.loaded) {
        this.loaded = loaded;
        this.host.changed(this);
      }
    }
  }

  reset(): void {
    this.generation++;
    this.loaded = undefined;
    this.reading?.controller.abort();
    this.reading = undefined;
  }

  private startReading(): NonNullable<FailuresNode['reading']> {
    const controller = new AbortController();
    const period = this.period;
    const read = (async (): Promise<Loaded> => {
      // Loaded on first expand: the grouping and fault-text code stays out of the activation bundle.
      const { FailureRows } = await import('./failureRows');
      const rows = new FailureRows({
        host: this.host,
        connection: this.connection,
        parentId: this.id,
        period,
        periodWords: PERIOD_WORDS[period](),
        periodRow: this.periodRow(),
      });
      const read = await rows.load(controller.signal);
      return { read, rows: rows.rows(read) };
    })().catch((error: unknown) => ({ error }));
    this.reading = { generation: this.generation, controller, read };
    return this.reading;
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
