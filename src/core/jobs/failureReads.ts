import { and, eq, gt } from '../odata/filter';
import type { ODataQuery } from '../odata/query';
import type { Job } from '../orchestrator/schemas';
import { failedAt, type FailureGroup } from '../faults/failureGroups';
import { parseFaultInfo } from '../faults/faultText';
import { normaliseMessage } from '../faults/normaliseMessage';

// Reading the faulted jobs of a period for the Failures row. The Jobs list is rate limited (a tenant's budget per
// minute), so the number of requests a refresh makes is fixed: one cross-folder read and its pages up to a cap, or,
// where the service refuses to read without a folder, one read per folder and never more than the budget left.

export type FailurePeriod = 'day' | 'week';

export const FAILURE_PERIOD_MS: Readonly<Record<FailurePeriod, number>> = {
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
};

/** Rows per Jobs request. */
export const FAILURES_PAGE = 100;
/** The most faulted jobs a refresh reads (five pages): beyond that a row says the list was cut. */
export const FAILURES_CAP = 500;

/** A faulted job and the folder it ran in (undefined when the service did not say). */
export interface LocatedJob {
  readonly job: Job;
  readonly folderId: number | undefined;
}

export interface FailureRead {
  /** Newest first. */
  readonly jobs: readonly LocatedJob[];
  /** The cap (or, folder by folder, a folder's page) cut the list: older faulted jobs were left out. */
  readonly cut: boolean;
  /** Jobs requests sent. */
  readonly requests: number;
  /** Folder by folder only: how many folders there were, and how many were read. */
  readonly folders?: { readonly total: number; readonly read: number; readonly cancelled: boolean };
}

/** Reads one page of the Jobs list: across folders when `folderId` is undefined. */
export type ListJobs = (query: ODataQuery, folderId: number | undefined) => Promise<readonly Job[]>;

/** `State eq 'Faulted' and EndTime gt <since>`, newest first. */
export function failuresQuery(since: Date, page: { top: number; skip?: number }): ODataQuery {
  return {
    filter: and(eq('State', 'Faulted'), gt('EndTime', since)),
    orderBy: [{ path: 'EndTime', desc: true }],
    top: page.top,
    ...(page.skip ? { skip: page.skip } : {}),
  };
}

/** The folder a job of a cross-folder read names (the service adds it to each row). */
export function folderOfJob(job: Job): number | undefined {
  const id = job.OrganizationUnitId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

/** One cross-folder read, paged until a short page or the cap: 1 + (further pages) requests, at most cap ÷ page. */
export async function readAcrossFolders(list: ListJobs, since: Date, cap = FAILURES_CAP): Promise<FailureRead> {
  const jobs: LocatedJob[] = [];
  let requests = 0;
  while (jobs.length < cap) {
    const top = Math.min(FAILURES_PAGE, cap - jobs.length);
    const page = await list(failuresQuery(since, { top, skip: jobs.length }), undefined);
    requests++;
    for (const job of page.slice(0, top)) jobs.push({ job, folderId: folderOfJob(job) });
    if (page.length < top) return { jobs, cut: false, requests };
  }
  return { jobs, cut: true, requests };
}

/**
 * One read per folder (one page each), at most `allowance` folders (the tenant's Jobs budget left): what could not be
 * read is counted, never waited for. Stops between folders when `cancelled()` says so.
 */
export async function readFolderByFolder(options: {
  list: ListJobs;
  folderIds: readonly number[];
  since: Date;
  allowance: number;
  cancelled?: () => boolean;
  progress?: (read: number, of: number) => void;
}): Promise<FailureRead> {
  const planned = options.folderIds.slice(0, Math.max(0, Math.floor(options.allowance)));
  const jobs: LocatedJob[] = [];
  let cut = false;
  let read = 0;
  let cancelled = false;
  for (const folderId of planned) {
    if (options.cancelled?.()) {
      cancelled = true;
      break;
    }
    const page = await options.list(failuresQuery(options.since, { top: FAILURES_PAGE }), folderId);
    read++;
    if (page.length >= FAILURES_PAGE) cut = true;
    for (const job of page.slice(0, FAILURES_PAGE)) jobs.push({ job, folderId });
    options.progress?.(read, planned.length);
  }
  jobs.sort((a, b) => failedAt(b.job).time - failedAt(a.job).time);
  return {
    jobs: jobs.slice(0, FAILURES_CAP),
    cut: cut || jobs.length > FAILURES_CAP,
    requests: read,
    folders: { total: options.folderIds.length, read, cancelled },
  };
}

/** How many Jobs requests may still go out this minute without waiting: the budget less what was sent or queued. */
export function jobsAllowance(
  state: { budget: number; used: number; queued: number } | undefined,
  budget = 50,
): number {
  return state ? Math.max(0, state.budget - state.used - state.queued) : budget;
}

const keyOf = (process: string, exceptionType: string | undefined, message: string) =>
  JSON.stringify([process, exceptionType ?? '', message]);

/** The key groupFailures gives a job, so a group can list its jobs. */
export function failureKeyOfJob(job: Pick<Job, 'ReleaseName' | 'Info'>): string {
  const fault = parseFaultInfo(job.Info ?? '');
  return keyOf(job.ReleaseName ?? '', fault.exceptionType, normaliseMessage(fault.message));
}

export function failureKeyOfGroup(group: Pick<FailureGroup, 'process' | 'exceptionType' | 'message'>): string {
  return keyOf(group.process, group.exceptionType, group.message);
}

/** The jobs of each group, by group key, newest first (as read). */
export function jobsByFailure<T extends { readonly job: Job }>(jobs: readonly T[]): Map<string, T[]> {
  const byKey = new Map<string, T[]>();
  for (const located of jobs) {
    const key = failureKeyOfJob(located.job);
    const group = byKey.get(key);
    if (group) group.push(located);
    else byKey.set(key, [located]);
  }
  return byKey;
}
