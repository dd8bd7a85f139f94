import { isoTime, quoted, type ResultRow } from '../../../core/agents/resultText';
import type { Job } from '../../../core/orchestrator/schemas';

/** Seconds from start to end (or to now, while it runs); undefined before it starts. */
function durationSeconds(job: Pick<Job, 'StartTime' | 'EndTime'>, now: number): number | undefined {
  if (!job.StartTime) return undefined;
  const end = job.EndTime ? Date.parse(job.EndTime) : now;
  const seconds = Math.round((end - Date.parse(job.StartTime)) / 1000);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** A job as one result row: its key (for a follow-up call), state, process, times (ISO) and robot. */
export function jobRow(job: Job, now = Date.now()): ResultRow {
  const duration = durationSeconds(job, now);
  return [
    ['key', job.Key],
    ['state', quoted(job.State)],
    ['process', quoted(job.ReleaseName)],
    ['created', isoTime(job.CreationTime)],
    ['started', isoTime(job.StartTime)],
    ['ended', isoTime(job.EndTime)],
    ...(duration === undefined ? [] : ([['seconds', duration]] as const)),
    ['robot', quoted(job.Robot?.Name)],
    ['source', quoted(job.Source)],
  ];
}
