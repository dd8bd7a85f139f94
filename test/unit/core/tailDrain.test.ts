// The drain after a job ended: the tail reads until the service's count is reached, through stale and cached pages,
// and gives up (saying so) after a few polls.
import assert from 'node:assert/strict';
import { DRAIN_RETRIES, tailLogs, type TailEvent, type TailSource } from '../../../src/core/logs/tail';
import type { Page } from '../../../src/core/odata/envelope';
import type { RobotLog } from '../../../src/core/orchestrator/schemas';
import { seeded } from './seededRandom';

describe('log tail drain after the job ended', () => {
  const JOB = '0d3f2a7b-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 10).toISOString();
  const line = (id: number): RobotLog => ({ Id: id, Level: 'Information', TimeStamp: at(id), Message: `line ${id}` });
  /** A job whose log is `total` lines; `written` of them are visible; pages answer the query honestly. */
  const honest = (log: RobotLog[], visible: () => number) => (filter: string, top: number) => {
    const since = /TimeStamp gt ([^)\s]+)/.exec(filter)?.[1];
    return {
      items: log
        .slice(0, visible())
        .filter((l) => !since || Date.parse(l.TimeStamp) > Date.parse(since))
        .slice(0, top),
      skipped: [],
    };
  };
  const run = async (source: TailSource) => {
    const seen: number[] = [];
    const ends: TailEvent[] = [];
    const sleeps: number[] = [];
    for await (const event of tailLogs(source, {
      jobKey: JOB,
      pageSize: 50,
      overlapMs: 40,
      minIntervalMs: 100,
      maxIntervalMs: 800,
      sleep: async (ms) => void sleeps.push(ms),
    })) {
      if (event.kind === 'lines') seen.push(...event.lines.map((l) => l.Id));
      else ends.push(event);
    }
    return { seen, ends, sleeps };
  };

  it('polls again when the drain poll gets a stale page (a late answer to an earlier poll) and reads the last lines', async () => {
    const log = Array.from({ length: 30 }, (_, i) => line(i + 1));
    let visible = 20;
    let final = false;
    let staleOnce = true;
    const answered: Page<RobotLog>[] = [];
    const source: TailSource = {
      page: async ({ filter, top }) => {
        // The first poll after the job ended gets the answer to the very first poll, late.
        if (final && staleOnce) {
          staleOnce = false;
          return answered[0]!;
        }
        const page = honest(log, () => visible)(filter, top);
        answered.push(page);
        return page;
      },
      isFinished: async () => {
        // The job writes its last 10 lines (the error among them) and ends.
        visible = 30;
        final = true;
        return final;
      },
    };
    const { seen, ends } = await run(source);
    assert.deepEqual(
      seen,
      log.map((l) => l.Id),
      'every line, the last ones included',
    );
    assert.deepEqual(ends, [{ kind: 'finished', complete: true }]);
  });

  it("polls again when the drain poll's empty page is behind the service's count (a cached answer), then finishes", async () => {
    const log = Array.from({ length: 12 }, (_, i) => line(i + 1));
    let visible = 10;
    let staleEmpties = 2; // a cache answers the idle poll's URL twice more after the last lines were written
    let finalAsked = 0;
    const counts: string[] = [];
    const source: TailSource = {
      page: async ({ filter, top }) => {
        if (finalAsked > 0 && staleEmpties > 0) return (staleEmpties--, { items: [], skipped: [] });
        return honest(log, () => visible)(filter, top);
      },
      isFinished: async () => {
        finalAsked++;
        visible = 12;
        return true;
      },
      count: async (filter) => {
        counts.push(filter);
        return visible;
      },
    };
    const { seen, ends } = await run(source);
    assert.deepEqual(
      seen,
      log.map((l) => l.Id),
    );
    assert.deepEqual(ends, [{ kind: 'finished', complete: true }]);
    assert.ok(
      counts.every((f) => !/TimeStamp/.test(f) && f.includes(JOB)),
      'counts the whole job, not a page',
    );
  });

  it('gives up after a few more polls at the usual pace, saying the last lines may be missing', async () => {
    const log = Array.from({ length: 5 }, (_, i) => line(i + 1));
    let polls = 0;
    const source: TailSource = {
      page: async ({ filter, top }) => (polls++, honest(log, () => 5)(filter, top)),
      isFinished: async () => true,
      count: async () => 7, // two lines the index never serves
    };
    const { seen, ends, sleeps } = await run(source);
    assert.deepEqual(seen, [1, 2, 3, 4, 5]);
    assert.deepEqual(ends, [{ kind: 'finished', complete: false }]);
    assert.equal(polls, 3 + DRAIN_RETRIES, 'the lines, the quiet poll that learns the end, the drain, the retries');
    assert.deepEqual(sleeps.slice(1), [100, 200, 400, 800].slice(0, DRAIN_RETRIES), 'the usual pacing, doubling');
  });

  it('under the fault mix, ends with every line for every seed (stale pages at the drain included)', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const TOTAL = 200;
      const log = Array.from({ length: TOTAL }, (_, i) => line(i + 1));
      let written = 0;
      const random = seeded(seed);
      const answered: Page<RobotLog>[] = [];
      const source: TailSource = {
        page: async ({ filter, top }) => {
          written = Math.min(TOTAL, written + 20);
          if (random() < 0.3 && answered.length > 3) return answered[Math.floor(random() * answered.length)]!;
          const page = honest(log, () => written)(filter, top);
          answered.push(page);
          return page;
        },
        isFinished: async () => written >= TOTAL,
        count: async () => written,
      };
      const { seen, ends } = await run(source);
      assert.deepEqual(
        seen,
        log.map((l) => l.Id),
        `seed ${seed}: ${seen.length} of ${TOTAL}`,
      );
      assert.equal(ends.length, 1);
    }
  });
});
