import { t } from '../l10n';
import { sleep as realSleep } from '../http/retry';
import { FINAL_JOB_STATES } from './jobs';
import type { Job } from './schemas';

export interface WatchOptions {
  signal?: AbortSignal;
  /** First pause between two reads; it grows while nothing changes, and resets when the state moves. */
  minIntervalMs?: number;
  maxIntervalMs?: number;
  /** Failed reads in a row before the watch gives up (the transport has already retried each one). */
  maxFailures?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Follows one job through `Jobs(<key>)` (not rate limited, and it carries the output arguments): yields the job each
 * time its state changes, starting with the first read, and ends after yielding a final state.
 */
export async function* watchJob(
  read: (signal?: AbortSignal) => Promise<Job>,
  options: WatchOptions = {},
): AsyncGenerator<Job, void, undefined> {
  const min = options.minIntervalMs ?? 1000;
  const max = options.maxIntervalMs ?? 5000;
  const maxFailures = options.maxFailures ?? 5;
  const wait = options.sleep ?? realSleep;
  let interval = min;
  let last: string | undefined;
  let failures = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    let job: Job;
    try {
      job = await read(options.signal);
      failures = 0;
    } catch (error) {
      if (options.signal?.aborted || ++failures >= maxFailures) throw error;
      await wait(Math.min(max, interval * 2), options.signal);
      continue;
    }
    if (job.State !== last) {
      last = job.State;
      interval = min;
      yield job;
      if (FINAL_JOB_STATES.has(job.State)) return;
    } else {
      interval = Math.min(max, Math.round(interval * 1.5));
    }
    await wait(interval, options.signal);
  }
}

/** "8 s", "1 min 5 s", "2 h 3 min": how long a job ran (start to end; creation if it never started). */
export function jobDuration(job: Pick<Job, 'CreationTime' | 'StartTime' | 'EndTime'>, now = Date.now()): string {
  const from = Date.parse(job.StartTime ?? job.CreationTime);
  const to = job.EndTime ? Date.parse(job.EndTime) : now;
  return formatDuration(Math.max(0, to - from));
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return t('{0} s', s);
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? t('{0} min {1} s', m, s % 60) : t('{0} min', m);
  const h = Math.floor(m / 60);
  return m % 60 ? t('{0} h {1} min', h, m % 60) : t('{0} h', h);
}
