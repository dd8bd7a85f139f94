import assert from 'node:assert/strict';
import { OrchestratorError, parseRetryAfter, MAX_RETRY_AFTER_SECONDS } from '../../../src/core/http/errors';
import { clampDelay, MAX_SLEEP_MS, sleep } from '../../../src/core/http/retry';
import { RateLimitScheduler } from '../../../src/core/http/scheduler';
import type { FetchLike, TransportOptions } from '../../../src/core/http/transport';
import { OrchestratorClient } from '../../../src/core/orchestrator/client';

/**
 * Every wait is counted on a fake clock, never timed: sleeping and attempt timeouts move the clock, so "gives up
 * within 30 s" means "the waits and timeouts it scheduled add up to at most 30 s".
 */
function fakeClock() {
  let now = 1_700_000_000_000;
  const sleeps: number[] = [];
  const timeouts: number[] = [];
  return {
    now: () => now,
    sleeps,
    timeouts,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += ms;
    },
    /** The attempt's timeout fires at once, as if its whole allowance passed (the fetch is stalled). */
    stalledTimeout: (ms: number) => {
      timeouts.push(ms);
      now += ms;
      return AbortSignal.abort(new DOMException('timed out', 'TimeoutError'));
    },
    elapsed: () => sleeps.reduce((a, b) => a + b, 0) + timeouts.reduce((a, b) => a + b, 0),
  };
}

const JOB = {
  Id: 1,
  Key: '0d3f2a7b-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  State: 'Pending',
  CreationTime: '2026-01-01T00:00:00Z',
};

/** A fetch that answers from a script and counts what was sent. */
function scripted(answer: (call: number, init: RequestInit) => Response | Promise<Response>) {
  const calls: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push(`${init.method} ${new URL(url).pathname}`);
    if (init.signal?.aborted) throw init.signal.reason;
    return answer(calls.length, init);
  };
  return { fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function clientOf(fetch: FetchLike, clock: ReturnType<typeof fakeClock>, extra: Partial<TransportOptions> = {}) {
  return new OrchestratorClient({
    connection: { kind: 'onPremises', serviceUrl: 'https://orch.example.test' },
    fetch,
    token: async () => 't',
    sleep: clock.sleep,
    now: clock.now,
    random: () => 1,
    ...extra,
  });
}

describe('bounded waits', () => {
  it('parses any Retry-After into a finite, clamped number of seconds', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7);
    assert.equal(parseRetryAfter('9'.repeat(40), now), MAX_RETRY_AFTER_SECONDS);
    assert.equal(parseRetryAfter('Fri, 31 Dec 9999 23:59:59 GMT', now), MAX_RETRY_AFTER_SECONDS);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 0, 'a date in the past is no wait');
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(clampDelay(Infinity), MAX_SLEEP_MS);
    assert.equal(clampDelay(Number.NaN), 0);
    assert.equal(clampDelay(-5), 0);
  });

  it('never sets a timer that overflows: sleeping "forever" warns nothing and still stops when cancelled', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const waiting = sleep(1e20, controller.signal);
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort(new Error('stopped'));
      await assert.rejects(waiting, /stopped/);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    assert.deepEqual(warnings, []);
  });

  for (const [retryAfter, words] of [
    ['3600', '60 minutes'],
    ['9'.repeat(40), '366 days'],
    ['Fri, 31 Dec 9999 23:59:59 GMT', '366 days'],
  ] as const) {
    it(`fails a 429 with Retry-After ${retryAfter.slice(0, 30)} at once, naming the wait (${words}), and pauses the tenant's lists no longer than the cap`, async () => {
      const clock = fakeClock();
      const scheduler = new RateLimitScheduler({ now: clock.now, sleep: clock.sleep });
      const { fetch, calls } = scripted(() =>
        json({ message: 'Too many requests', errorCode: 1015 }, 429, { 'retry-after': retryAfter }),
      );
      const client = clientOf(fetch, clock, { scheduler });
      await assert.rejects(
        client.jobs.list({ folder: { id: 1 } }),
        (e: OrchestratorError) =>
          e.status === 429 && e.message.includes(`asks to wait ${words}`) && /waits at most 60 seconds/.test(e.message),
      );
      assert.deepEqual(clock.sleeps, [], 'no wait was made');
      // The next list is refused at once too, without asking the service again…
      await assert.rejects(client.queues.items.list({ folder: { id: 1 } }), (e: OrchestratorError) =>
        e.message.includes(`asks to wait ${words}`),
      );
      assert.equal(calls.length, 1);
      // …until the cap has passed: then the service is asked again.
      await clock.sleep(60_000);
      await assert.rejects(client.jobs.list({ folder: { id: 1 } }), (e: OrchestratorError) => e.status === 429);
      assert.equal(calls.length, 2);
    });
  }

  it('a stalled GET gives up within 30 s in all (two attempts, one short backoff), not after 4 × 30 s', async () => {
    const clock = fakeClock();
    const { fetch, calls } = scripted(() => new Promise<Response>(() => undefined));
    const client = clientOf(fetch, clock, { timeoutSignal: clock.stalledTimeout });
    await assert.rejects(client.packages.list(), (e: OrchestratorError) => e.kind === 'timeout');
    assert.ok(clock.now() - 1_700_000_000_000 <= 30_000, `${clock.now() - 1_700_000_000_000} ms`);
    assert.ok(clock.elapsed() <= 30_000);
    assert.equal(calls.length, 2);
    assert.equal(clock.timeouts[0], 20_000);
  });

  it('repeated 429s with Retry-After 60 wait 60 s once, then fail naming the wait (not 3 × 60 s)', async () => {
    const clock = fakeClock();
    const { fetch, calls } = scripted(() => json({ message: 'slow down' }, 429, { 'retry-after': '60' }));
    await assert.rejects(clientOf(fetch, clock).packages.list(), (e: OrchestratorError) =>
      /asks to wait 60 seconds/.test(e.message),
    );
    assert.deepEqual(clock.sleeps, [60_000]);
    assert.equal(calls.length, 2);
  });

  it('a GET failing with 502/503/504 or resets stops within the give-up time', async () => {
    for (const failure of [502, 503, 504, 'reset'] as const) {
      const clock = fakeClock();
      const { fetch, calls } = scripted(() => {
        if (failure === 'reset')
          throw new TypeError('fetch failed', {
            cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
          });
        return json({ message: 'gateway' }, failure);
      });
      await assert.rejects(clientOf(fetch, clock).packages.list());
      assert.ok(calls.length <= 4, `${failure}: ${calls.length} attempts`);
      assert.ok(clock.elapsed() <= 30_000, `${failure}: ${clock.elapsed()} ms`);
    }
  });

  it('stops reading a body past 50 MB (streamed or declared) instead of filling memory', async () => {
    const clock = fakeClock();
    let pulled = 0;
    const huge = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 200 * 1024 * 1024) return controller.close();
          const chunk = new Uint8Array(1024 * 1024).fill(32);
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
    const { fetch } = scripted(
      () => new Response(huge(), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const heapBefore = process.memoryUsage().arrayBuffers;
    await assert.rejects(
      clientOf(fetch, clock).packages.list(),
      (e: OrchestratorError) => e.kind === 'invalidResponse' && /more than 50 MB/.test(e.message),
    );
    assert.ok(pulled <= 52 * 1024 * 1024, `read ${pulled} bytes`);
    console.log(
      `      (200 MB offered, ${(pulled / 1048576).toFixed(0)} MB read, array buffers +${((process.memoryUsage().arrayBuffers - heapBefore) / 1048576).toFixed(0)} MB)`,
    );
    pulled = 0;
    const declared = scripted(
      () => new Response(huge(), { status: 200, headers: { 'content-length': String(200 * 1024 * 1024) } }),
    );
    await assert.rejects(clientOf(declared.fetch, clock).packages.list(), /more than 50 MB/);
    assert.ok(pulled <= 2 * 1024 * 1024, 'a declared length above the cap is refused before reading');
  });
});

describe('a change is sent once and its outcome never guessed', () => {
  const cut = (text: string) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.error(Object.assign(new TypeError('terminated'), { cause: { code: 'ECONNRESET' } }));
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  const resetAfterSend = () => {
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
  };
  const refused = () => {
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
  };
  const cases: [string, (init: RequestInit) => Response | Promise<Response>, boolean][] = [
    ['a reset after sending', resetAfterSend, true],
    ['a body cut mid-way', () => cut('{"value": [{"Id": 1, "Key"'), true],
    ['a 200 with truncated JSON', () => new Response('{"value": [{"Id": 1,', { status: 200 }), true],
    ['a 200 with malformed JSON', () => new Response('{"value": [ {"Id": 1,, } <html>', { status: 200 }), true],
    ['a 200 of the wrong shape', () => json({ value: 'none' }), true],
    ['a 200 with an empty body', () => new Response(null, { status: 200 }), true],
    ['a 502 from a gateway', () => json({ message: 'bad gateway' }, 502), true],
    ['a 504 from a gateway', () => json({ message: 'gateway timeout' }, 504), true],
    ['a 401 after sending', () => json({ message: 'unauthorized' }, 401), true],
    [
      'a stall (timeout)',
      (init) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
      true,
    ],
    ['a 429 with Retry-After 1', () => json({ message: 'slow down' }, 429, { 'retry-after': '1' }), false],
    ['a 500', () => json({ message: 'boom' }, 500), false],
    ['a 503', () => json({ message: 'unavailable' }, 503), false],
    ['a 400 refusal', () => json({ message: 'bad input', errorCode: 1000 }, 400), false],
    ['a refused connection (never sent)', refused, false],
  ];
  for (const [what, answer, unknown] of cases) {
    it(`StartJobs answered by ${what}: sent once, outcome ${unknown ? 'unknown' : 'a plain failure'}`, async () => {
      const clock = fakeClock();
      const { fetch, calls } = scripted((_call, init) => answer(init));
      const tokens: boolean[] = [];
      const client = clientOf(fetch, clock, {
        timeoutSignal: what.startsWith('a stall') ? clock.stalledTimeout : undefined,
        token: async ({ forceRefresh }) => (tokens.push(forceRefresh), 't'),
      });
      await assert.rejects(
        client.jobs.start({ ReleaseKey: JOB.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1 }),
        (e: OrchestratorError) => e instanceof OrchestratorError && e.outcomeUnknown === unknown,
      );
      assert.deepEqual(calls.filter((c) => c.startsWith('POST')).length, 1, 'one POST');
      assert.deepEqual(clock.sleeps, [], 'nothing waited to send again');
      assert.ok(!tokens.includes(true), 'no token refresh to send it again');
    });
  }

  it('the marked error says the change may have been applied and keeps the original failure', async () => {
    const clock = fakeClock();
    const { fetch } = scripted(() => json({ message: 'gateway timeout' }, 504));
    const error = await clientOf(fetch, clock)
      .queues.addItem({ Name: 'Q', Reference: 'R-1' })
      .then(
        () => assert.fail('no error'),
        (e: unknown) => e as OrchestratorError,
      );
    assert.ok(error.outcomeUnknown);
    assert.match(error.message, /may or may not have applied it/);
    assert.match((error.cause as Error).message, /gateway timeout/);
  });

  it('a clean answer is no error: StartJobs answered 200 with jobs', async () => {
    const clock = fakeClock();
    const { fetch, calls } = scripted(() => json({ value: [JOB] }));
    assert.equal(
      (await clientOf(fetch, clock).jobs.start({ ReleaseKey: JOB.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1 }))[0]!
        .Key,
      JOB.Key,
    );
    assert.equal(calls.length, 1);
  });
});
