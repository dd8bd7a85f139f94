import { and, eq, ge, gt, guid, type Filter } from '../odata/filter';
import type { Page } from '../odata/envelope';
import type { RobotLog } from '../orchestrator/schemas';
import { sleep as realSleep } from '../http/retry';
import { isTransientFailure, OrchestratorError } from '../http/errors';
import type { FolderContext } from '../http/connection';
import type { OrchestratorClient } from '../orchestrator/client';
import { t } from '../l10n';

/** Where the engine reads from: one page of logs after a cursor, and (for a job) whether it has finished. */
export interface TailSource {
  page(query: { filter: Filter; top: number }, signal?: AbortSignal): Promise<Page<RobotLog>>;
  /** True once the job is in a final state; absent for robot tails, which follow until stopped. */
  isFinished?(signal?: AbortSignal): Promise<boolean>;
  /** How many lines the service holds for a filter (`$count`), or undefined when it does not say. */
  count?(filter: Filter, signal?: AbortSignal): Promise<number | undefined>;
}

export interface TailOptions {
  jobKey?: string;
  robotName?: string;
  /** Only lines at or above this level (service order: Verbose < Trace < Information < Warning < Error < Fatal). */
  minLevel?: string;
  pageSize?: number;
  minIntervalMs?: number;
  maxIntervalMs?: number;
  /** Lines may reach the index late; re-read this far behind the cursor and drop what was already delivered. */
  overlapMs?: number;
  /** Start after this moment instead of at the first line (a robot's log goes back far; follow from now). */
  since?: Date;
  /**
   * A failed read that may pass (network, 429, 5xx after the transport's own retries): the tail reports it, waits
   * and reads again from the same cursor, so nothing is lost or repeated. Without it, any failure ends the tail.
   */
  isTransient?: (error: unknown) => boolean;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export type TailEvent =
  | { kind: 'lines'; lines: RobotLog[] }
  /** `complete` false: the service did not show the job's last lines within DRAIN_RETRIES more reads. */
  | { kind: 'finished'; complete: boolean }
  | { kind: 'trouble'; error: unknown; retryInMs: number };

const MAX_TOP = 1000;

/** Reads after the first drain poll, at the usual pace (doubling from the minimum), before ending without them. */
export const DRAIN_RETRIES = 4;

/** Orders by time, then Id (equal timestamps are common in bursts). */
function compare(a: RobotLog, b: RobotLog): number {
  const t = Date.parse(a.TimeStamp) - Date.parse(b.TimeStamp);
  return t !== 0 ? t : a.Id - b.Id;
}

/**
 * Follows robot logs: yields new lines in order with no gaps and no duplicates. The cursor is the last delivered
 * (TimeStamp, Id); each poll asks for `TimeStamp gt cursor - overlap` and drops lines already delivered, so lines
 * with equal timestamps and lines indexed a little late are neither lost nor repeated. It never pages with $skip,
 * so the 10,000-entry window of the search index is never hit, however long the log. The interval adapts: at once
 * while pages come back full, the minimum while lines arrive, doubling up to the maximum while idle. A job tail
 * ends when the job is final and one more poll (the drain) finds nothing — and that poll is believed only when it is
 * not stale. A drain page is stale when (a) it holds a line at or below its own query's lower bound: it answers an
 * earlier query (a cache, a late reply), so it says nothing about the lines written last; or (b) the service counts
 * more lines for the job (its `$count` over the whole scope, no time bound) than this tail delivered: an empty page
 * from a cache of the idle poll's identical URL, or an index that has not caught up. The count is exact where the
 * job's EndTime is not (log times are the robot's clock, EndTime the service's, and a level filter moves the last
 * line anywhere). A stale drain polls again, at most DRAIN_RETRIES times, then ends saying lines may be missing.
 */
export async function* tailLogs(source: TailSource, options: TailOptions): AsyncGenerator<TailEvent, void, undefined> {
  const pageSize = Math.min(options.pageSize ?? 200, MAX_TOP);
  const minInterval = options.minIntervalMs ?? 1000;
  const maxInterval = options.maxIntervalMs ?? 15_000;
  const overlap = options.overlapMs ?? 2000;
  const wait = options.sleep ?? realSleep;
  // An empty name would leave only the level in the filter: a tail of every robot of the folder. Refuse it.
  if (options.jobKey !== undefined && !options.jobKey.trim())
    throw new Error(t('A job tail needs a job key; it is empty.'));
  if (options.robotName !== undefined && !options.robotName.trim())
    throw new Error(t('A robot tail needs a robot name; it is empty.'));
  if (!options.jobKey && !options.robotName) throw new Error(t('A log tail needs a job key or a robot name.'));
  const scope = and(
    options.jobKey ? eq('JobKey', guid(options.jobKey)) : undefined,
    options.robotName ? eq('RobotName', options.robotName) : undefined,
    options.minLevel ? ge('Level', options.minLevel) : undefined,
  )!;
  const isTransient = options.isTransient ?? (() => false);

  let cursor: RobotLog | undefined;
  /** Ids delivered within the overlap behind the cursor: the only ones a poll can return again. */
  const recent = new Map<number, number>();
  let interval = minInterval;
  let finalSeen = false;
  let drainRetries = 0;
  /** Lines delivered (and bad rows skipped), to compare with the service's count: only a tail read from the start. */
  let delivered = 0;
  let troubles = 0;

  for (;;) {
    options.signal?.throwIfAborted();
    // A fast log can put more lines inside the overlap than one page holds: then look back only to the cursor.
    const lookBack = recent.size > MAX_TOP - pageSize ? 0 : overlap;
    const since = cursor ? new Date(Date.parse(cursor.TimeStamp) - lookBack - 1) : options.since;
    const filter = and(scope, since ? gt('TimeStamp', since) : undefined)!;
    const top = Math.min(MAX_TOP, pageSize + recent.size);
    let page: Page<RobotLog>;
    try {
      page = await source.page({ filter, top }, options.signal);
      troubles = 0;
    } catch (error) {
      if (options.signal?.aborted || !isTransient(error)) throw error;
      const retryInMs = Math.min(maxInterval, minInterval * 2 ** troubles++);
      yield { kind: 'trouble', error, retryInMs };
      await wait(retryInMs, options.signal);
      continue;
    }
    // Only lines after the query's lower bound are answers to it: anything older comes from a stale page (a cache,
    // a late reply to an earlier poll) and was delivered already or lies before where this tail began.
    const floor = since ? since.getTime() : -Infinity;
    const inRange = page.items.filter((line) => Date.parse(line.TimeStamp) > floor);
    const stale = page.items.length - inRange.length;
    delivered += page.skipped.length; // rows that fail the schema are never delivered, yet the service counts them
    const seenHere = new Set<number>();
    // A row can come twice in one page (an index merging shards): deliver it once.
    const fresh = inRange
      .filter((line) => !recent.has(line.Id) && !seenHere.has(line.Id) && seenHere.add(line.Id))
      .sort(compare);
    if (fresh.length > 0) {
      for (const line of fresh) recent.set(line.Id, Date.parse(line.TimeStamp));
      const last = fresh[fresh.length - 1]!;
      if (!cursor || compare(last, cursor) > 0) cursor = last;
      // Remember the whole overlap even while a fast log makes us look back only to the cursor: once it slows
      // down, the next poll looks back the full overlap again and must recognise every line there.
      const horizon = Date.parse(cursor.TimeStamp) - overlap - 1;
      for (const [id, time] of recent) if (time <= horizon) recent.delete(id);
      delivered += fresh.length;
      yield { kind: 'lines', lines: fresh };
    }
    // A stale page says nothing about how many lines wait after the cursor: poll again at the normal pace.
    const full = stale === 0 && page.items.length + page.skipped.length >= top;
    if (full && fresh.length === 0)
      throw new Error(t('More than {0} log lines share one timestamp; they cannot be read in order.', MAX_TOP));
    if (full) continue; // more are waiting: read on without pausing
    if (fresh.length === 0) {
      if (finalSeen) {
        const drained = stale === 0 && (await countReached(source, scope, delivered, !options.since, options.signal));
        if (drained || drainRetries >= DRAIN_RETRIES) {
          yield { kind: 'finished', complete: drained };
          return;
        }
        await wait(Math.min(maxInterval, minInterval * 2 ** drainRetries++), options.signal);
        continue;
      }
      const final = source.isFinished
        ? await source.isFinished(options.signal).catch((error: unknown) => {
            if (options.signal?.aborted || !isTransient(error)) throw error;
            return false; // asked again after the next quiet poll
          })
        : false;
      if (final) {
        finalSeen = true; // one more poll drains what the robot wrote last
        continue;
      }
      interval = Math.min(maxInterval, interval * 2);
    } else {
      interval = minInterval;
    }
    await wait(interval, options.signal);
  }
}

/**
 * Whether the service holds no more lines for the scope than were delivered. Unknown (no count source, a count the
 * service does not give, a tail that began part-way, a count that failed) answers true: the page's own check decides.
 */
async function countReached(
  source: TailSource,
  scope: Filter,
  delivered: number,
  fromStart: boolean,
  signal?: AbortSignal,
): Promise<boolean> {
  if (!source.count || !fromStart) return true;
  const total = await source.count(scope, signal).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return undefined;
  });
  return total === undefined || total <= delivered;
}

/**
 * The failures a tail rides out: those of any read that may pass (network, timeout, 429, 5xx), plus a page that
 * is not valid JSON or not a collection. The next read of the same cursor usually answers properly, and stopping
 * would leave the rest of the log unread.
 */
export function isTransientTailFailure(error: unknown): boolean {
  return isTransientFailure(error) || (error instanceof OrchestratorError && error.kind === 'invalidResponse');
}

/** A tail source over the client's RobotLogs and Jobs(<key>) calls, for one job in one folder. */
export function jobLogSource(
  client: Pick<OrchestratorClient, 'robots' | 'jobs'>,
  folder: FolderContext,
  jobKey: string,
): TailSource {
  return {
    ...robotLogSource(client, folder),
    isFinished: async (signal) => FINAL_JOB_STATES.has((await client.jobs.get(jobKey, { folder, signal })).State),
    count: async (filter, signal) =>
      (await client.robots.logs({ folder, signal, query: { filter, top: 0, count: true } })).count,
  };
}

/** A tail source over RobotLogs only: a robot's log has no end, it is followed until stopped. */
export function robotLogSource(client: Pick<OrchestratorClient, 'robots'>, folder: FolderContext): TailSource {
  return {
    page: (query, signal) =>
      client.robots.logs({ folder, signal, query: { ...query, orderBy: [{ path: 'TimeStamp' }] } }),
  };
}

export const FINAL_JOB_STATES: ReadonlySet<string> = new Set(['Successful', 'Faulted', 'Stopped']);
