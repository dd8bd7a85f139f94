import type { Job } from '../orchestrator/schemas';

// A process's recent runs in figures: how often they succeed, how long they take, who or what starts them, and a
// small histogram of durations. Durations count finished runs with both times only; a run whose end is before its
// start (clocks of robot and service disagree) is counted as finished but not measured, and said so.

export type HistoryJob = Pick<Job, 'State' | 'Source' | 'CreationTime' | 'StartTime' | 'EndTime'>;

/** States a run ends in. */
export const FINAL_STATES = ['Successful', 'Faulted', 'Stopped'] as const;
type FinalState = (typeof FINAL_STATES)[number];
const isFinal = (state: string): state is FinalState => (FINAL_STATES as readonly string[]).includes(state);

export interface DurationBucket {
  /** Milliseconds; the last bucket includes its upper bound. */
  readonly fromMs: number;
  readonly toMs: number;
  readonly count: number;
}

export interface RunHistory {
  readonly runs: number;
  /** Not yet in a final state: pending, running, suspended, stopping… */
  readonly unfinished: number;
  readonly successful: number;
  readonly faulted: number;
  readonly stopped: number;
  /** Successful ÷ finished, 0 to 1; undefined when none has finished. */
  readonly successRate?: number;
  /** Of the measured runs; undefined when none could be measured. */
  readonly medianMs?: number;
  readonly p95Ms?: number;
  /** Finished runs with a duration. */
  readonly measured: number;
  /** Finished runs without a start or an end time, and those that ended before they started. */
  readonly missingTimes: number;
  readonly clockSkew: number;
  /** Who or what started the runs (`Source`: Manual, a schedule's name, a trigger, an agent), most runs first. */
  readonly sources: readonly { readonly source?: string; readonly count: number }[];
  readonly chart: readonly DurationBucket[];
}

export const DEFAULT_BUCKETS = 8;

/** The value below which `fraction` of the sorted values lie (nearest rank; the median averages the middle pair). */
export function percentile(sorted: readonly number[], fraction: number): number | undefined {
  if (sorted.length === 0) return undefined;
  if (fraction === 0.5 && sorted.length % 2 === 0) {
    const middle = sorted.length / 2;
    return (sorted[middle - 1]! + sorted[middle]!) / 2;
  }
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1];
}

/** Equal-width buckets from the shortest to the longest duration; one bucket when they are all the same. */
export function durationBuckets(sorted: readonly number[], bucketCount = DEFAULT_BUCKETS): DurationBucket[] {
  if (sorted.length === 0) return [];
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  const count = max === min ? 1 : Math.max(1, Math.floor(bucketCount));
  const width = (max - min) / count || 1;
  const counts = new Array<number>(count).fill(0);
  for (const value of sorted) counts[Math.min(count - 1, Math.floor((value - min) / width))]!++;
  return counts.map((n, i) => ({
    fromMs: min + i * width,
    toMs: i === count - 1 ? max : min + (i + 1) * width,
    count: n,
  }));
}

const timeOf = (text: string | null | undefined) => (text ? Date.parse(text) : NaN);

export function runHistory(jobs: readonly HistoryJob[], options: { readonly buckets?: number } = {}): RunHistory {
  const ended: Record<FinalState, number> = { Successful: 0, Faulted: 0, Stopped: 0 };
  const durations: number[] = [];
  const sources = new Map<string | undefined, number>();
  let missingTimes = 0;
  let clockSkew = 0;
  for (const job of jobs) {
    const source = job.Source?.trim() || undefined;
    sources.set(source, (sources.get(source) ?? 0) + 1);
    if (!isFinal(job.State)) continue;
    ended[job.State]++;
    const start = timeOf(job.StartTime);
    const end = timeOf(job.EndTime);
    if (Number.isNaN(start) || Number.isNaN(end)) missingTimes++;
    else if (end < start) clockSkew++;
    else durations.push(end - start);
  }
  durations.sort((a, b) => a - b);
  const finished = ended.Successful + ended.Faulted + ended.Stopped;
  const median = percentile(durations, 0.5);
  const p95 = percentile(durations, 0.95);
  return {
    runs: jobs.length,
    unfinished: jobs.length - finished,
    successful: ended.Successful,
    faulted: ended.Faulted,
    stopped: ended.Stopped,
    ...(finished > 0 ? { successRate: ended.Successful / finished } : {}),
    ...(median !== undefined ? { medianMs: median } : {}),
    ...(p95 !== undefined ? { p95Ms: p95 } : {}),
    measured: durations.length,
    missingTimes,
    clockSkew,
    sources: [...sources.entries()]
      .map(([source, count]) => (source === undefined ? { count } : { source, count }))
      .sort((a, b) => b.count - a.count || (a.source ?? '\uffff').localeCompare(b.source ?? '\uffff')),
    chart: durationBuckets(durations, options.buckets),
  };
}
