import type * as vscode from 'vscode';
import { readRecentRuns, RECENT_RUNS } from '../../../core/jobs/recentRuns';
import { runHistory, type RunHistory } from '../../../core/jobs/runHistory';
import { formatNumber, t } from '../../../core/l10n';
import { formatDuration, jobDuration } from '../../../core/orchestrator/jobWatch';
import type { Job } from '../../../core/orchestrator/schemas';
import { localTime } from '../../../core/presentation/times';
import { ContextValue } from '../../../core/rows/contextValues';
import { childId } from '../../../core/rows/rowIds';
import { makeRow, type RowOf } from '../../../core/rows/rows';
import { jobItem, md, type ItemData } from '../../presentation/items';
import { errorRow, messageNode, rowLeaf, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';

/** A run of the process: when it started (local time, how long ago), its state, duration and who started it. */
export function recentRunItem(scope: string, job: Job, now: number): ItemData {
  const item = jobItem(scope, job, now);
  const duration = job.StartTime ? jobDuration(job, now) : undefined;
  return {
    ...item,
    label: localTime(job.StartTime ?? job.CreationTime, now) ?? job.Key,
    description: [job.State, duration, job.Source, `#${job.Id}`].filter(Boolean).join(' · '),
    tooltip: `${item.tooltip ?? ''}\n| ${md(t('Duration'))} | ${md(duration)} |`,
  };
}

/** "67 % successful · median 2 min", for the Recent Runs row once read. */
export function recentRunsDescription(figures: RunHistory): string {
  if (figures.runs === 0) return t('no runs');
  const parts = [
    figures.successRate === undefined
      ? t('{0} not finished', formatNumber(figures.unfinished))
      : t('{0} % successful', formatNumber(Math.round(figures.successRate * 100))),
  ];
  if (figures.medianMs !== undefined) parts.push(t('median {0}', formatDuration(figures.medianMs)));
  return parts.join(' · ');
}

function recentRunsTooltip(figures: RunHistory): string {
  return [
    `**${md(t('Recent Runs'))}**`,
    '',
    md(
      t(
        '{0} runs read (the last {1} at most): {2} successful, {3} faulted, {4} stopped, {5} not finished.',
        formatNumber(figures.runs),
        formatNumber(RECENT_RUNS),
        formatNumber(figures.successful),
        formatNumber(figures.faulted),
        formatNumber(figures.stopped),
        formatNumber(figures.unfinished),
      ),
    ),
    '',
    md(
      t(
        'Median {0}, 95th percentile {1}.',
        figures.medianMs === undefined ? '—' : formatDuration(figures.medianMs),
        figures.p95Ms === undefined ? '—' : formatDuration(figures.p95Ms),
      ),
    ),
  ].join('\n');
}

/**
 * Recent Runs under a process: its last runs in its folder, newest first, each opening the job panel; the success
 * rate and median duration in the row's description. One Jobs request per expand or Refresh (the job panel's history
 * reads through the same readRecentRuns), kept until the folder or the row is refreshed.
 */
export class RecentRunsNode implements TreeNode {
  readonly id: string;
  private loaded: { figures: RunHistory; rows: TreeNode[] } | undefined;
  /** Counts resets: a read started before one must not fill the row after it. */
  private generation = 0;
  private reading = new AbortController();

  constructor(
    private readonly host: ExplorerHost,
    private readonly process: RowOf<'process'>,
    parentId: string,
  ) {
    this.id = childId(parentId, 'recentRuns');
  }

  item(): vscode.TreeItem {
    const figures = this.loaded?.figures;
    return toTreeItem({
      id: this.id,
      label: t('Recent Runs'),
      icon: { id: 'history' },
      contextValue: ContextValue.group,
      collapsible: 'collapsed',
      ...(figures
        ? { description: recentRunsDescription(figures), tooltip: recentRunsTooltip(figures) }
        : { tooltip: t('The last {0} runs of this process in its folder', formatNumber(RECENT_RUNS)) }),
    });
  }

  async children(): Promise<TreeNode[]> {
    for (;;) {
      if (this.loaded) return this.loaded.rows;
      const generation = this.generation;
      const { connection, folder, release } = this.process;
      let runs: Job[];
      try {
        runs = await readRecentRuns(this.host.clientFor(connection), {
          folder,
          process: release.Name,
          signal: this.reading.signal,
        });
      } catch (error) {
        if (generation !== this.generation) continue;
        return [errorRow(this, error, t('recent runs'), t('process {0}', release.Name))];
      }
      if (generation !== this.generation) continue;
      const now = this.host.now();
      const rows = runs.map((job) =>
        rowLeaf(recentRunItem(this.id, job, now), makeRow({ kind: 'job', connection, folder, job })),
      );
      this.loaded = {
        figures: runHistory(runs),
        rows: rows.length ? rows : [messageNode(childId(this.id, 'empty'), t('No runs yet'), 'info')],
      };
      this.host.changed(this);
    }
  }

  reset(): void {
    this.generation++;
    this.reading.abort();
    this.reading = new AbortController();
    this.loaded = undefined;
  }
}
