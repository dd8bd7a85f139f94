import * as z from 'zod/mini';
import { list, text } from './common';
import { RECENT_RUNS } from '../../core/jobs/recentRuns';

// A process's recent runs as the job panel shows them (src/core/jobs/runHistory.ts computes the figures).

/** Runs one history read asks for: one page of the rate-limited Jobs list. */
export const HISTORY_RUNS = RECENT_RUNS;

const count = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

export const historyRun = z.strictObject({
  key: text(100),
  id: z.int(),
  state: text(100),
  created: text(40),
  duration: z.nullable(text(100)),
  source: z.nullable(text(1_000)),
});
export type HistoryRun = z.infer<typeof historyRun>;

export const runHistoryView = z.strictObject({
  process: text(1_000),
  runs: list(historyRun, HISTORY_RUNS),
  successful: count,
  faulted: count,
  stopped: count,
  unfinished: count,
  /** "92 %", or null when no run has finished. */
  successRate: z.nullable(text(20)),
  median: z.nullable(text(100)),
  p95: z.nullable(text(100)),
  sources: list(z.strictObject({ source: text(1_000), count }), 20),
  /** Duration buckets, shortest first: a label ("1 min–2 min") and how many runs fall in it. */
  chart: list(z.strictObject({ label: text(200), count }), 20),
});
export type RunHistoryView = z.infer<typeof runHistoryView>;
