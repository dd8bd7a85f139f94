import { strict as assert } from 'node:assert';
import type { Filter } from '../../../src/core/odata/filter';
import type { RobotLog } from '../../../src/core/orchestrator/schemas';
import { JobLogWindow } from '../../../src/core/logs/logWindow';
import type { LogPages, LogSlot } from '../../../src/core/logs/logPages';
import { LOG_LEVELS } from '../../../src/core/logs/logLines';

const JOB = '0f8fad5b-d9cb-469f-a165-70867728950e';
const START = Date.parse('2026-11-01T00:00:00Z');
const rank = (level: string) => LOG_LEVELS.findIndex((l) => l === level);

interface FakeLog {
  count: number;
  /** Time of line i in ms. */
  timeOf: (i: number) => number;
  levelOf: (i: number) => string;
  /** Lines the service sends as invalid rows. */
  bad?: Set<number>;
  /** Runs before each request is answered: a running job writing lines meanwhile. */
  writes?: () => void;
}

/**
 * A log with the real search index's rules: `$skip + $top` at most 10,000, `$top` at most 1,000, filters only
 * `JobKey eq`, `Level ge`, `TimeStamp gt`, order by time either way, `$count`. Lines are computed, never stored;
 * every request is recorded.
 */
function fakeService(log: FakeLog) {
  const requests: string[] = [];
  const parse = (filter: Filter) => {
    const level = /Level ge '(\w+)'/.exec(filter)?.[1];
    const after = /TimeStamp gt ([^\s)]+)/.exec(filter)?.[1];
    assert.match(filter, new RegExp(`JobKey eq ${JOB}`));
    const rest = filter
      .replace(/JobKey eq [^\s)]+/, '')
      .replace(/Level ge '\w+'/g, '')
      .replace(/TimeStamp gt [^\s)]+/, '')
      .replace(/\s*and\s*|[()]/g, '');
    assert.equal(rest.trim(), '', `unsupported filter: ${filter}`);
    const minLevel = level ? rank(level) : -1;
    const afterMs = after ? Date.parse(after) : -Infinity;
    return (i: number) => rank(log.levelOf(i)) >= minLevel && log.timeOf(i) > afterMs;
  };
  const line = (i: number): RobotLog => ({
    Id: 1_000_000 + i,
    Level: log.levelOf(i),
    TimeStamp: new Date(log.timeOf(i)).toISOString(),
    Message: `line ${i}`,
    RawMessage: null,
    ProcessName: 'Invoice.Processing',
    WindowsIdentity: null,
    JobKey: JOB,
    RobotName: 'robot-1',
    MachineId: 1,
  });
  /** First index whose time is after `ms` (times never go back). */
  const firstAfter = (ms: number) => {
    let lo = 0;
    let hi = log.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (log.timeOf(mid) > ms) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const countOf = (filter: Filter) => {
    const keep = parse(filter);
    const after = /TimeStamp gt ([^\s)]+)/.exec(filter)?.[1];
    let n = 0;
    for (let i = after ? firstAfter(Date.parse(after)) : 0; i < log.count; i++) if (keep(i)) n++;
    return n;
  };
  const source: LogPages = {
    async page({ filter, top, skip, newestFirst, count }) {
      log.writes?.();
      requests.push(`page ${newestFirst ? 'desc' : 'asc'} skip=${skip} top=${top} ${filter}`);
      assert.ok(top <= 1000 && skip + top <= 10_000, `beyond the search window: skip ${skip} top ${top}`);
      const keep = parse(filter);
      const after = /TimeStamp gt ([^\s)]+)/.exec(filter)?.[1];
      const from = after ? firstAfter(Date.parse(after)) : 0;
      const items: RobotLog[] = [];
      const skipped: { index: number; problem: string }[] = [];
      let seen = 0;
      const take = (i: number) => {
        if (!keep(i)) return true;
        if (seen++ < skip) return true;
        if (log.bad?.has(i)) skipped.push({ index: items.length + skipped.length, problem: 'Level: expected string' });
        else items.push(line(i));
        return items.length + skipped.length < top;
      };
      if (newestFirst) for (let i = log.count - 1; i >= from && take(i); i--);
      else for (let i = from; i < log.count && take(i); i++);
      // Counted in the same answer as the page: lines written meanwhile are in both or in neither.
      return count ? { items, skipped, count: countOf(filter) } : { items, skipped };
    },
    async count(filter) {
      log.writes?.();
      requests.push(`count ${filter}`);
      return countOf(filter);
    },
  };
  return { source, requests };
}

const evenLog = (count: number): FakeLog => ({
  count,
  timeOf: (i) => START + i * 1000,
  levelOf: (i) => (i % 997 === 500 ? 'Error' : 'Information'),
});

const numbers = (slots: LogSlot[]) => slots.map((s) => ('line' in s ? Number(s.line.Message.slice(5)) : -1));
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

describe('Job log window (a million-line log read by line number)', () => {
  it('reads the start and the end with one request each, from either end of the search window', async () => {
    const { source, requests } = fakeService(evenLog(1_000_000));
    const window = new JobLogWindow(source, { jobKey: JOB });
    assert.equal(await window.total(), 1_000_000);
    assert.deepEqual(numbers(await window.read(0, 50)), range(0, 50));
    assert.deepEqual(numbers(await window.read(999_950, 1_000_000)), range(999_950, 1_000_000));
    assert.deepEqual(
      requests.map((r) => r.split(' JobKey')[0]),
      ['count', 'page asc skip=0 top=200', 'page desc skip=0 top=200'],
    );
  });

  it('reads the middle of the log after an anchor a count placed, and scrolls on with one request per page', async () => {
    const { source, requests } = fakeService(evenLog(1_000_000));
    const window = new JobLogWindow(source, { jobKey: JOB });
    await window.total();
    assert.deepEqual(numbers(await window.read(500_000, 500_100)), range(500_000, 500_100));
    const toMiddle = requests.length - 1;
    // The two ends (one line each), one count for the anchor, one page.
    assert.equal(toMiddle, 4, requests.join('\n'));
    for (let at = 500_200; at < 502_000; at += 200)
      assert.deepEqual(numbers(await window.read(at, at + 200)), range(at, at + 200));
    assert.equal(requests.length - 1 - toMiddle, 9, 'one request per page while scrolling near the anchor');
  });

  it('finds lines inside a burst by halving the gap, and says which lines no read can reach', async () => {
    // Lines 400,000–419,999 share one millisecond: 20,000 lines, twice what one read can skip.
    const burst: FakeLog = {
      count: 1_000_000,
      timeOf: (i) => START + (i < 400_000 ? i : i < 420_000 ? 400_000 : i - 19_999) * 1000,
      levelOf: () => 'Information',
    };
    const { source, requests } = fakeService(burst);
    const window = new JobLogWindow(source, { jobKey: JOB });
    assert.deepEqual(numbers(await window.read(399_900, 400_100)), range(399_900, 400_100));
    assert.deepEqual(numbers(await window.read(425_000, 425_010)), range(425_000, 425_010));
    const unreachable = await window.read(415_000, 415_010);
    assert.equal(unreachable.length, 10);
    assert.ok(unreachable.every((s) => 'problem' in s && /share one moment/.test(s.problem)));
    assert.ok(requests.length < 60, `bounded seeking: ${requests.length} requests`);
  });

  it('holds at most the lines it was told to, whatever is scrolled through', async () => {
    const { source } = fakeService(evenLog(1_000_000));
    const window = new JobLogWindow(source, { jobKey: JOB, maxCachedLines: 2_000 });
    for (let at = 0; at < 60_000; at += 1_000) await window.read(at, at + 1_000);
    for (let at = 600_000; at < 620_000; at += 1_000) await window.read(at, at + 1_000);
    assert.ok(window.cachedLines <= 2_000, `${window.cachedLines} lines held`);
  });

  it('jumps to the first error line, and keeps a level filter on every request', async () => {
    const { source, requests } = fakeService(evenLog(1_000_000));
    const all = new JobLogWindow(source, { jobKey: JOB });
    const first = await all.firstAtLeast('Error');
    assert.equal(first, 500);
    const errors = new JobLogWindow(source, { jobKey: JOB, minLevel: 'Error' });
    const total = await errors.total();
    assert.equal(total, Math.ceil((1_000_000 - 500) / 997));
    const last = await errors.read(total - 1, total);
    assert.deepEqual(numbers(last), [500 + (total - 1) * 997]);
    const middle = await errors.read(500, 501);
    assert.deepEqual(numbers(middle), [500 + 500 * 997]);
    assert.ok(requests.slice(-3).every((r) => r.includes("Level ge 'Error'")));
  });

  it('keeps rows the service sent invalid in their place, so line numbers hold', async () => {
    const log = { ...evenLog(1_000), bad: new Set([3, 7]) };
    const { source } = fakeService(log);
    const window = new JobLogWindow(source, { jobKey: JOB });
    const slots = await window.read(0, 10);
    assert.deepEqual(numbers(slots), [0, 1, 2, -1, 4, 5, 6, -1, 8, 9]);
    const bad = slots[3]!;
    assert.ok('problem' in bad && bad.problem.includes('Level: expected string'));
  });

  it('finds text forward from a line, reporting progress, and stops when cancelled', async () => {
    const { source } = fakeService(evenLog(50_000));
    const window = new JobLogWindow(source, { jobKey: JOB, maxCachedLines: 2_000 });
    const seen: number[] = [];
    assert.equal(await window.find('LINE 42017', 100, { progress: (read) => seen.push(read) }), 42_017);
    assert.ok(seen.length >= 40 && seen.every((n, i) => i === 0 || n > seen[i - 1]!));
    assert.equal(await window.find('no such text', 49_000), undefined);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(window.find('line 9', 0, { signal: controller.signal }), { name: 'AbortError' });
    assert.ok(window.cachedLines <= 2_000);
  });

  it('a grown log is counted again: only its last page is read again, every other line keeps its number', async () => {
    const log = evenLog(1_050);
    const { source, requests } = fakeService(log);
    const window = new JobLogWindow(source, { jobKey: JOB });
    await window.read(0, 1_050);
    log.count = 1_300;
    const before = requests.length;
    assert.equal(await window.recount(), 1_300);
    assert.deepEqual(numbers(await window.read(0, 200)), range(0, 200), 'the first page is kept');
    assert.equal(requests.length - before, 1, 'the count, and no page read again');
    assert.deepEqual(numbers(await window.read(1_000, 1_300)), range(1_000, 1_300));
    assert.equal(await window.recount(), 1_300, 'unchanged: nothing dropped');
  });

  it('reads the end of a log that grows while it is read without shifting its lines', async () => {
    // 20,000 lines counted; then the job writes 300 more before the read, and 5 more before every request after.
    const log = evenLog(20_000);
    const { source, requests } = fakeService(log);
    const window = new JobLogWindow(source, { jobKey: JOB });
    assert.equal(await window.total(), 20_000);
    log.count += 300;
    log.writes = () => (log.count += 5);
    const pages = () => requests.filter((r) => r.startsWith('page')).length;
    assert.deepEqual(numbers(await window.read(19_800, 20_000)), range(19_800, 20_000), 'the last counted lines');
    assert.equal(pages(), 2, 'one read shifted by the new lines, then one with spare lines that holds them');
    assert.deepEqual(numbers(await window.read(19_000, 19_200)), range(19_000, 19_200));
    assert.equal(pages(), 3, 'the log is known to grow: one read, its spare lines taking in what was written');
    // A log that no longer grows costs one read a page, without spare lines.
    const settled = fakeService(evenLog(20_000));
    const still = new JobLogWindow(settled.source, { jobKey: JOB });
    await still.total();
    assert.deepEqual(numbers(await still.read(19_800, 20_000)), range(19_800, 20_000));
    assert.deepEqual(
      settled.requests.map((r) => r.split(' JobKey')[0]),
      ['count', 'page desc skip=0 top=200'],
    );
  });

  it('an empty log reads nothing and a refresh reads a grown log again', async () => {
    const log = evenLog(0);
    const { source } = fakeService(log);
    const window = new JobLogWindow(source, { jobKey: JOB });
    assert.deepEqual(await window.read(0, 100), []);
    assert.equal(await window.firstAtLeast('Error'), undefined);
    log.count = 300;
    assert.equal(await window.total(), 0, 'the count is kept until a refresh');
    window.refresh();
    assert.deepEqual(numbers(await window.read(250, 300)), range(250, 300));
  });
});
