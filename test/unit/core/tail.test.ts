// The log tail engine from fake sources: overlap, a log faster than a page per poll, a fault mix, refusals,
// transient failures. Against the sandbox: tailSandbox.test.ts; the drain after the job ended: tailDrain.test.ts.
import assert from 'node:assert/strict';
import { isTransientTailFailure, tailLogs, type TailSource } from '../../../src/core/logs/tail';
import { OrchestratorError } from '../../../src/core/http/errors';
import type { Page } from '../../../src/core/odata/envelope';
import type { RobotLog } from '../../../src/core/orchestrator/schemas';
import { seeded } from './seededRandom';

describe('log tail engine', () => {
  it('drops lines already delivered when they come back in the overlap, and picks up late ones', async () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const line = (id: number, s: number): RobotLog => ({
      Id: id,
      Level: 'Information',
      TimeStamp: t(s),
      Message: `line ${id}`,
    });
    const store: RobotLog[] = [line(1, 1), line(2, 2), line(3, 2)];
    let polls = 0;
    let finishedAfter = 3;
    const source: TailSource = {
      page: async ({ filter, top }) => {
        polls++;
        const since = /TimeStamp gt ([^)\s]+)/.exec(filter)?.[1];
        const rows = store
          .filter((l) => !since || Date.parse(l.TimeStamp) > Date.parse(since))
          .sort((a, b) => a.TimeStamp.localeCompare(b.TimeStamp) || a.Id - b.Id);
        return { items: rows.slice(0, top), skipped: [] };
      },
      isFinished: async () => --finishedAfter <= 0,
    };
    const seen: number[] = [];
    const sleeps: number[] = [];
    let step = 0;
    for await (const event of tailLogs(source, {
      jobKey: '0d3f2a7b-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      overlapMs: 2000,
      minIntervalMs: 100,
      maxIntervalMs: 400,
      sleep: async (ms) => void sleeps.push(ms),
    })) {
      if (event.kind !== 'lines') break;
      seen.push(...event.lines.map((l) => l.Id));
      step++;
      if (step === 1) store.push(line(5, 3), line(4, 1)); // 4 is late: older than the cursor, within the overlap
    }
    assert.deepEqual(seen, [1, 2, 3, 4, 5]);
    assert.ok(polls >= 3);
    assert.ok(
      sleeps.some((ms) => ms > 100),
      'backed off while idle',
    );
  });

  it('delivers every line once from a log far faster than a page per poll (2,000 lines/s, bursts of one timestamp)', async () => {
    // The robot writes 2,000 lines a second, 4 per millisecond; the service answers at most `top` lines per query in
    // time order. More lines than a page fall inside the overlap, so the tail must remember what it delivered there.
    const store: RobotLog[] = [];
    let written = 0;
    const write = (count: number) => {
      for (let i = 0; i < count; i++, written++)
        store.push({
          Id: written + 1,
          Level: 'Information',
          TimeStamp: new Date(Date.UTC(2026, 0, 1) + Math.floor(written / 4)).toISOString(),
          Message: `line ${written}`,
        });
    };
    const TOTAL = 20_000;
    const source: TailSource = {
      page: async ({ filter, top }) => {
        write(Math.min(300, TOTAL - written)); // 150 ms of log between two polls
        const since = /TimeStamp gt ([^)\s]+)/.exec(filter)?.[1];
        const from = since ? Date.parse(since) : -Infinity;
        return { items: store.filter((l) => Date.parse(l.TimeStamp) > from).slice(0, top), skipped: [] };
      },
      isFinished: async () => written >= TOTAL,
    };
    const seen: number[] = [];
    for await (const event of tailLogs(source, {
      jobKey: '0d3f2a7b-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      sleep: async () => undefined,
    })) {
      if (event.kind === 'lines') seen.push(...event.lines.map((l) => l.Id));
      else break;
    }
    assert.equal(new Set(seen).size, seen.length, `${seen.length - new Set(seen).size} lines delivered twice`);
    assert.deepEqual(
      seen,
      Array.from({ length: TOTAL }, (_, i) => i + 1),
      'every line, in order',
    );
  });

  it('delivers the log line for line under a fault mix: malformed pages, duplicate rows, stale pages, resets', async () => {
    // A log of 600 lines, written 20 per poll, bursts of equal timestamps; the source misbehaves on a seeded schedule.
    const TOTAL = 600;
    const log: RobotLog[] = Array.from({ length: TOTAL }, (_, i) => ({
      Id: i + 1,
      Level: 'Information',
      TimeStamp: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 10).toISOString(),
      Message: `line ${i + 1}`,
    }));
    let written = 0;
    const random = seeded(17);
    const answered: Page<RobotLog>[] = [];
    const counts = { malformed: 0, duplicate: 0, stale: 0, reset: 0 };
    const source: TailSource = {
      page: async ({ filter, top }) => {
        written = Math.min(TOTAL, written + 20);
        const roll = random();
        if (roll < 0.1) {
          counts.malformed++;
          throw new OrchestratorError({
            kind: 'invalidResponse',
            endpoint: 'GET /odata/RobotLogs',
            message: 'GET /odata/RobotLogs answered a body that is not valid JSON (31 bytes).',
          });
        }
        if (roll < 0.2) {
          counts.reset++;
          throw new OrchestratorError({ kind: 'network', endpoint: 'GET /odata/RobotLogs', message: 'socket hang up' });
        }
        if (roll < 0.35 && answered.length > 3) {
          counts.stale++;
          return answered[Math.floor(random() * (answered.length - 1))]!; // a late answer to an earlier poll
        }
        const since = /TimeStamp gt ([^)\s]+)/.exec(filter)?.[1];
        const rows = log
          .slice(0, written)
          .filter((l) => !since || Date.parse(l.TimeStamp) > Date.parse(since))
          .slice(0, top);
        if (roll < 0.5 && rows.length > 2) {
          counts.duplicate++;
          rows.splice(rows.length - 1, 0, rows.at(-1)!); // the newest row twice in one page
        }
        const page = { items: rows, skipped: [] };
        answered.push(page);
        return page;
      },
      isFinished: async () => written >= TOTAL,
    };
    const seen: number[] = [];
    let waits = 0;
    for await (const event of tailLogs(source, {
      jobKey: '0d3f2a7b-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      pageSize: 50,
      overlapMs: 40,
      isTransient: isTransientTailFailure,
      sleep: async () => void waits++,
    })) {
      if (event.kind === 'lines') seen.push(...event.lines.map((l) => l.Id));
      if (event.kind === 'finished') break;
    }
    assert.ok(
      Object.values(counts).every((n) => n > 0),
      JSON.stringify(counts),
    );
    assert.deepEqual(
      seen,
      log.map((l) => l.Id),
      `every line once, in order (${seen.length} of ${TOTAL}; faults ${JSON.stringify(counts)})`,
    );
    assert.ok(waits < 400, 'ended');
  });

  it('refuses an empty robot name (it would follow every robot of the folder) and an empty job key', async () => {
    const source: TailSource = { page: async () => ({ items: [], skipped: [] }) };
    await assert.rejects(tailLogs(source, { robotName: '', minLevel: 'Information' }).next(), /needs a robot name/);
    await assert.rejects(tailLogs(source, { robotName: '   ' }).next(), /needs a robot name/);
    await assert.rejects(tailLogs(source, { jobKey: '' }).next(), /needs a job key/);
    await assert.rejects(tailLogs(source, { minLevel: 'Information' }).next(), /job key or a robot name/);
  });

  it('refuses a tail with neither a job nor a robot, and stops when cancelled', async () => {
    const source: TailSource = { page: async () => ({ items: [], skipped: [] }) };
    await assert.rejects(tailLogs(source, {}).next(), /job key or a robot name/);
    const controller = new AbortController();
    const iterator = tailLogs(source, { robotName: 'Robot-01', signal: controller.signal, minIntervalMs: 10 });
    controller.abort(new Error('closed'));
    await assert.rejects(iterator.next(), /closed/);
  });

  it('rides out transient failures from the same cursor (no gap, no duplicate) and starts a robot tail at a given time', async () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const store: RobotLog[] = [1, 2, 3, 4, 5, 6].map((id) => ({
      Id: id,
      Level: 'Information',
      TimeStamp: t(id),
      Message: `line ${id}`,
    }));
    let calls = 0;
    const filters: string[] = [];
    const source: TailSource = {
      page: async ({ filter, top }) => {
        calls++;
        filters.push(filter);
        if (calls === 2 || calls === 3) throw Object.assign(new Error('reset'), { transient: true });
        if (calls === 5) throw new Error('fatal');
        const since = /TimeStamp gt ([^)\s]+)/.exec(filter)?.[1];
        return {
          items: store.filter((l) => !since || Date.parse(l.TimeStamp) > Date.parse(since)).slice(0, top),
          skipped: [],
        };
      },
    };
    const events: string[] = [];
    const seen: number[] = [];
    const run = async () => {
      for await (const event of tailLogs(source, {
        robotName: 'Robot-01',
        since: new Date(t(2)),
        pageSize: 2,
        overlapMs: 0,
        isTransient: (e) => Boolean((e as { transient?: boolean }).transient),
        sleep: async () => undefined,
      })) {
        events.push(event.kind);
        if (event.kind === 'lines') seen.push(...event.lines.map((l) => l.Id));
        if (calls === 3 && store.length === 6)
          store.push({ Id: 7, Level: 'Information', TimeStamp: t(7), Message: 'late' });
      }
    };
    await assert.rejects(run(), /fatal/, 'a failure that is not transient still ends the tail');
    assert.match(filters[0]!, new RegExp(`TimeStamp gt ${t(2).slice(0, 19)}`), 'starts after the given time');
    assert.deepEqual(events.slice(0, 4), ['lines', 'trouble', 'trouble', 'lines']);
    assert.deepEqual(seen, [3, 4, 5, 6]);
  });
});
