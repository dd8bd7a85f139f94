import { and, eq, ge, gt, guid, type Filter } from '../odata/filter';
import { LOG_WINDOW } from '../orchestrator/robots';
import type { LogLevel } from './logLines';
import { insertAnchor, seekAnchor, UnreachableLines, type LogAnchor } from './logSeek';
import { readSlots, type LogPages, type LogSlot } from './logPages';
import { t } from '../l10n';

export interface LogWindowOptions {
  jobKey: string;
  /** Only lines at or above this level (the service's `Level ge`). */
  minLevel?: LogLevel;
  /** Lines per cached page (and per read, unless a read joins several pages). */
  pageSize?: number;
  /** The most lines held at once; the pages used longest ago are dropped first. */
  maxCachedLines?: number;
}

/** The service's largest page of robot logs. */
const MAX_TOP = 1000;

/** Reads from the end of a log that keeps outgrowing the spare lines before the window gives up. */
const MAX_END_READS = 4;

/**
 * A job's log read by line number, for a view that shows any part of a log of a million lines without holding it:
 * it keeps a few pages, not the log. The service's search index reads at most 10,000 lines past the start of a
 * query and filters time only with `TimeStamp gt`; so the first and last 10,000 lines are read with `$skip` from
 * either end, and lines in between after an anchor: a moment whose line number a `$count` of the lines after it
 * tells (see `seekAnchor`). Nearby reads reuse anchors, so scrolling costs one request per page. A log that grows
 * (a running job) is read again from `refresh()`.
 */
export class JobLogWindow {
  readonly pageSize: number;
  private readonly scope: Filter;
  private readonly maxPages: number;
  /** Page number → its slots; Map order is use order (oldest first). */
  private readonly pages = new Map<number, LogSlot[]>();
  private anchors: LogAnchor[] = [];
  private knownTotal: number | undefined;
  /** The log was seen to grow (a running job): reads from its end ask for spare lines to take in what it wrote since. */
  private growing = false;

  constructor(
    private readonly source: LogPages,
    options: LogWindowOptions,
  ) {
    this.pageSize = Math.max(1, Math.min(options.pageSize ?? 200, MAX_TOP));
    this.maxPages = Math.max(2, Math.floor((options.maxCachedLines ?? 5_000) / this.pageSize));
    this.scope = and(eq('JobKey', guid(options.jobKey)), options.minLevel ? ge('Level', options.minLevel) : undefined)!;
  }

  /** How many lines the log holds (in this window's level). */
  async total(signal?: AbortSignal): Promise<number> {
    this.knownTotal ??= await this.source.count(this.scope, signal);
    return this.knownTotal;
  }

  /** Lines held now: the bound on this window's memory. */
  get cachedLines(): number {
    let lines = 0;
    for (const page of this.pages.values()) lines += page.length;
    return lines;
  }

  /**
   * A running job's log grows at its end only: counts it again and, when it grew, forgets the last page and the end's
   * anchor (every other line keeps its number). Returns the new length.
   */
  async recount(signal?: AbortSignal): Promise<number> {
    const before = this.knownTotal;
    const total = await this.source.count(this.scope, signal);
    if (before !== undefined && total !== before) {
      this.growing = true;
      this.pages.delete(Math.floor(Math.max(0, before - 1) / this.pageSize));
      this.anchors = this.anchors.filter((a) => a.index < before);
    }
    this.knownTotal = total;
    return total;
  }

  /** Forgets what was read: the next read asks again. */
  refresh(): void {
    this.pages.clear();
    this.anchors = [];
    this.knownTotal = undefined;
  }

  /** Lines `from` up to (not including) `to`, clipped to the log. */
  async read(from: number, to: number, signal?: AbortSignal): Promise<LogSlot[]> {
    const total = await this.total(signal);
    const start = Math.max(0, Math.floor(from));
    const end = Math.min(total, Math.ceil(to));
    if (start >= end) return [];
    const first = Math.floor(start / this.pageSize);
    const last = Math.floor((end - 1) / this.pageSize);
    // What this read loaded is used from here, not from the cache: a recount meanwhile may have dropped a page.
    const loaded = new Map<number, LogSlot[]>();
    // Missing pages next to each other are read in one request, up to the service's page size.
    for (let p = first; p <= last;) {
      if (this.pages.has(p)) {
        p++;
        continue;
      }
      let run = 1;
      while (p + run <= last && !this.pages.has(p + run) && (run + 1) * this.pageSize <= MAX_TOP) run++;
      for (const [page, slots] of await this.load(p, run, total, signal)) loaded.set(page, slots);
      p += run;
    }
    const slots: LogSlot[] = [];
    for (let p = first; p <= last; p++) {
      const page = loaded.get(p) ?? this.touch(p);
      const base = p * this.pageSize;
      slots.push(...page.slice(Math.max(0, start - base), end - base));
    }
    return slots;
  }

  /** Line number of the first line at or above `level`, or undefined when the log has none. */
  async firstAtLeast(level: LogLevel, signal?: AbortSignal): Promise<number | undefined> {
    const { items } = await this.source.page(
      { filter: and(this.scope, ge('Level', level))!, top: 1, skip: 0, newestFirst: false },
      signal,
    );
    const found = items[0];
    if (!found) return undefined;
    // Lines written in the same millisecond come first: look from the first line of that moment.
    const momentMs = Date.parse(found.TimeStamp) - 1;
    const total = await this.total(signal);
    const from = total - (await this.source.count(and(this.scope, gt('TimeStamp', new Date(momentMs)))!, signal));
    insertAnchor(this.anchors, { timeMs: momentMs, index: from });
    for (let at = from; at < total; at += this.pageSize) {
      const slots = await this.read(at, at + this.pageSize, signal);
      const offset = slots.findIndex((s) => 'line' in s && s.line.Id === found.Id);
      if (offset >= 0) return at + offset;
      if (slots.some((s) => 'line' in s && Date.parse(s.line.TimeStamp) > momentMs + 1)) break;
    }
    return from;
  }

  /**
   * The next line at or after `from` whose message contains `text` (case-insensitive), read a service page at a time
   * with progress; cancel with `signal`. The service has no text filter on logs, so this reads what it passes.
   */
  async find(
    text: string,
    from: number,
    options: { signal?: AbortSignal; progress?: (read: number, total: number) => void } = {},
  ): Promise<number | undefined> {
    const needle = text.toLocaleLowerCase();
    if (!needle) return undefined;
    const total = await this.total(options.signal);
    const step = Math.max(this.pageSize, Math.floor(MAX_TOP / this.pageSize) * this.pageSize);
    for (let at = Math.max(0, from); at < total; at += step) {
      options.signal?.throwIfAborted();
      const slots = await this.read(at, at + step, options.signal);
      const offset = slots.findIndex((s) => 'line' in s && s.line.Message.toLocaleLowerCase().includes(needle));
      if (offset >= 0) return at + offset;
      options.progress?.(Math.min(total, at + step) - from, total - from);
    }
    return undefined;
  }

  private touch(page: number): LogSlot[] {
    const slots = this.pages.get(page) ?? [];
    this.pages.delete(page);
    this.pages.set(page, slots);
    return slots;
  }

  private async load(
    firstPage: number,
    pages: number,
    total: number,
    signal?: AbortSignal,
  ): Promise<Map<number, LogSlot[]>> {
    const start = firstPage * this.pageSize;
    const end = Math.min(total, start + pages * this.pageSize);
    let slots: LogSlot[];
    try {
      slots = await this.fetch(start, end, total, signal);
      // Fewer lines than counted (lines removed, or an index behind): say so in their place rather than shift lines.
      while (slots.length < end - start) slots.push({ problem: t('The service did not return this line.') });
    } catch (error) {
      if (!(error instanceof UnreachableLines)) throw error;
      slots = Array.from({ length: end - start }, () => ({ problem: error.message }));
    }
    const loaded = new Map<number, LogSlot[]>();
    for (let p = 0; p < pages; p++) {
      loaded.set(firstPage + p, slots.slice(p * this.pageSize, (p + 1) * this.pageSize));
      this.pages.set(firstPage + p, loaded.get(firstPage + p)!);
      if (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value!);
    }
    return loaded;
  }

  private async fetch(start: number, end: number, total: number, signal?: AbortSignal): Promise<LogSlot[]> {
    const top = end - start;
    if (end <= LOG_WINDOW)
      return (await readSlots(this.source, { filter: this.scope, skip: start, top, newestFirst: false }, signal)).slots;
    let length = total;
    if (total - start <= LOG_WINDOW) {
      const fromEnd = await this.readFromEnd(start, end, total, signal);
      if ('slots' in fromEnd) return fromEnd.slots;
      length = fromEnd.length;
    }
    if (!this.anchors.length) await this.findEnds(length, signal);
    const anchor = await seekAnchor(this.anchors, start, LOG_WINDOW - top, length, async (timeMs) =>
      this.source.count(and(this.scope, gt('TimeStamp', new Date(timeMs)))!, signal),
    );
    const after = and(this.scope, gt('TimeStamp', new Date(anchor.timeMs)))!;
    return (
      await readSlots(this.source, { filter: after, skip: start - anchor.index, top, newestFirst: false }, signal)
    ).slots;
  }

  /**
   * Lines `start` to `end` read newest-first, `total - end` lines from the end. A running job's log grows while it is
   * read (the length the window knows is up to a follow's interval old), which would shift such a page: the page
   * carries the log's length counted with it, and, once the log was seen to grow, spare older lines, so the lines
   * asked for are cut out by the length that page was read at. A log that outgrew the spare lines is read again with
   * its new length; one that grew past the end's reach says so (`length`: read it after an anchor).
   */
  private async readFromEnd(
    start: number,
    end: number,
    total: number,
    signal?: AbortSignal,
  ): Promise<{ slots: LogSlot[] } | { length: number }> {
    const wanted = end - start;
    let length = total;
    for (let read = 0; read < MAX_END_READS; read++) {
      if (length - start > LOG_WINDOW) return { length };
      const spare = this.growing ? Math.max(0, Math.min(MAX_TOP - wanted, LOG_WINDOW - (length - start))) : 0;
      const query = { filter: this.scope, skip: length - end, top: wanted + spare, newestFirst: true, count: true };
      const page = await readSlots(this.source, query, signal);
      // Newest first: the page's first line is line `count - 1 - skip`, so line `end - 1` is `count - length` in.
      const grown = page.count === undefined ? 0 : page.count - length;
      if (grown <= spare) return { slots: page.slots.slice(Math.max(0, grown), Math.max(0, grown) + wanted).reverse() };
      this.growing = true;
      length = page.count ?? length;
    }
    throw new Error(t('The log grows faster than it can be read. Try again.'));
  }

  /** The first and last moments of the log: the bounds every seek starts from. */
  private async findEnds(total: number, signal?: AbortSignal): Promise<void> {
    const [first, last] = await Promise.all(
      [false, true].map((newestFirst) =>
        this.source.page({ filter: this.scope, top: 1, skip: 0, newestFirst }, signal),
      ),
    );
    const firstLine = first!.items[0];
    const lastLine = last!.items[0];
    if (!firstLine || !lastLine) throw new Error(t('The service returned no lines for this log.'));
    insertAnchor(this.anchors, { timeMs: Date.parse(firstLine.TimeStamp) - 1, index: 0 });
    insertAnchor(this.anchors, { timeMs: Date.parse(lastLine.TimeStamp), index: total });
  }
}
