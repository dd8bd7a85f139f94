import { runHistory } from '../../core/jobs/runHistory';
import { formatDuration, jobDuration } from '../../core/orchestrator/jobWatch';
import type { Job } from '../../core/orchestrator/schemas';
import { formatNumber, t } from '../../core/l10n';
import type { RunHistoryView } from '../../shared/protocol/runHistory';

/** A process's recent runs (newest first), shaped for the job panel: figures as the reader reads them. */
export function runHistoryView(process: string, jobs: readonly Job[], now = Date.now()): RunHistoryView {
  const figures = runHistory(jobs);
  const duration = (ms: number | undefined) => (ms === undefined ? null : formatDuration(ms));
  return {
    process: process.slice(0, 1_000),
    runs: jobs.map((job) => ({
      key: job.Key,
      id: job.Id,
      state: job.State,
      created: job.CreationTime,
      duration: job.StartTime ? jobDuration(job, now) : null,
      source: job.Source?.slice(0, 1_000) ?? null,
    })),
    successful: figures.successful,
    faulted: figures.faulted,
    stopped: figures.stopped,
    unfinished: figures.unfinished,
    successRate:
      figures.successRate === undefined ? null : t('{0} %', formatNumber(Math.round(figures.successRate * 100))),
    median: duration(figures.medianMs),
    p95: duration(figures.p95Ms),
    sources: figures.sources
      .slice(0, 20)
      .map((s) => ({ source: s.source?.slice(0, 1_000) ?? t('(not said)'), count: s.count })),
    chart: figures.chart.map((bucket) => ({
      label: t('{0} to {1}', formatDuration(bucket.fromMs), formatDuration(bucket.toMs)),
      count: bucket.count,
    })),
  };
}
