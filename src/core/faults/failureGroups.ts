import type { Job } from '../orchestrator/schemas';
import { parseFaultInfo } from './faultText';
import { normaliseMessage } from './normaliseMessage';

// Failures across a tenant: faulted jobs grouped by process, then by what failed (the exception message with its
// changing parts folded), newest first, so a failure seen 40 times today reads as one row with a count.

export type FaultedJob = Pick<Job, 'Key' | 'Info' | 'CreationTime' | 'StartTime' | 'EndTime' | 'ReleaseName'>;

export interface FailureGroup<J extends FaultedJob = FaultedJob> {
  readonly process: string;
  /** The normalised message: what every job of the group says, placeholders where they differ. */
  readonly message: string;
  readonly exceptionType?: string;
  readonly count: number;
  /** When the group's first and last jobs failed (ISO text as the service wrote it). */
  readonly first: string;
  readonly last: string;
  /** The newest job of the group, to open. */
  readonly sample: J;
}

export interface ProcessFailures<J extends FaultedJob = FaultedJob> {
  readonly process: string;
  readonly count: number;
  readonly last: string;
  /** Newest first. */
  readonly groups: readonly FailureGroup<J>[];
}

/** When a job failed: its end, else its start, else its creation (a job faulted before it started has no start). */
export function failedAt(job: FaultedJob): { text: string; time: number } {
  for (const text of [job.EndTime, job.StartTime, job.CreationTime]) {
    const time = text ? Date.parse(text) : NaN;
    if (text && !Number.isNaN(time)) return { text, time };
  }
  return { text: job.CreationTime, time: 0 };
}

interface Building<J extends FaultedJob> {
  process: string;
  message: string;
  exceptionType?: string;
  count: number;
  first: { text: string; time: number };
  last: { text: string; time: number };
  sample: J;
}

const newestFirst = (a: { last: { time: number } }, b: { last: { time: number } }) => b.last.time - a.last.time;

/** Groups faulted jobs; a job without Info is grouped under an empty message (still counted, never dropped). */
export function groupFailures<J extends FaultedJob>(jobs: readonly J[]): ProcessFailures<J>[] {
  const groups = new Map<string, Building<J>>();
  for (const job of jobs) {
    const fault = parseFaultInfo(job.Info ?? '');
    const process = job.ReleaseName ?? '';
    const message = normaliseMessage(fault.message);
    const key = JSON.stringify([process, fault.exceptionType ?? '', message]);
    const at = failedAt(job);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        process,
        message,
        exceptionType: fault.exceptionType,
        count: 1,
        first: at,
        last: at,
        sample: job,
      });
      continue;
    }
    group.count++;
    if (at.time < group.first.time) group.first = at;
    if (at.time > group.last.time) [group.last, group.sample] = [at, job];
  }
  const byProcess = new Map<string, Building<J>[]>();
  for (const group of groups.values()) byProcess.set(group.process, [...(byProcess.get(group.process) ?? []), group]);
  return [...byProcess.entries()]
    .map(([process, built]) => {
      built.sort((a, b) => newestFirst(a, b) || b.count - a.count);
      return { process, built, last: built[0]!.last };
    })
    .sort(newestFirst)
    .map(({ process, built, last }) => ({
      process,
      count: built.reduce((sum, group) => sum + group.count, 0),
      last: last.text,
      groups: built.map((group) => ({
        process: group.process,
        message: group.message,
        ...(group.exceptionType ? { exceptionType: group.exceptionType } : {}),
        count: group.count,
        first: group.first.text,
        last: group.last.text,
        sample: group.sample,
      })),
    }));
}
