import assert from 'node:assert/strict';
import { RateLimitScheduler } from '../../../src/core/http/scheduler';
import { Coalescer } from '../../../src/core/http/coalesce';
import { decideRetry, DEFAULT_RETRY_POLICY } from '../../../src/core/http/retry';

/** A clock the test moves; sleeping advances it, so waits are counted rather than timed. */
function fakeTime() {
  let now = 0;
  const waits: number[] = [];
  return {
    now: () => now,
    waits,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      waits.push(ms);
      now += ms;
    },
  };
}

describe('rate-limit scheduler', () => {
  it('hands out its budget per minute and queues the rest in order', async () => {
    const time = fakeTime();
    const scheduler = new RateLimitScheduler({ budgetPerMinute: 3, now: time.now, sleep: time.sleep });
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3, 4].map((i) => scheduler.acquire().then(() => order.push(i))));
    assert.deepEqual(order, [0, 1, 2, 3, 4]);
    assert.equal(time.waits.length, 1, 'the 4th and 5th waited for the window once');
    assert.ok(time.now() >= 60_000);
    assert.equal(scheduler.state().used, 2);
  });

  it('pauses on a 429 and when the service reports 0 remaining', async () => {
    const time = fakeTime();
    const scheduler = new RateLimitScheduler({ budgetPerMinute: 50, now: time.now, sleep: time.sleep });
    await scheduler.acquire();
    scheduler.observe({ status: 429, retryAfterSeconds: 7 });
    assert.equal(scheduler.state().pausedUntil, 7000);
    await scheduler.acquire();
    assert.deepEqual(time.waits, [7000]);
    scheduler.observe({ status: 200, remaining: 0 });
    await scheduler.acquire();
    assert.equal(time.now(), 60_000, 'held back until the oldest request left the minute');
  });

  it('stops waiting when the caller cancels, and the next caller still gets its turn', async () => {
    const scheduler = new RateLimitScheduler({ budgetPerMinute: 1 });
    await scheduler.acquire();
    const controller = new AbortController();
    const waiting = scheduler.acquire(controller.signal);
    controller.abort(new Error('cancelled'));
    await assert.rejects(waiting, /cancelled/);
    assert.equal(scheduler.state().queued, 0);
  });

  it('hands a free slot out at once when nobody waits, and never ahead of a caller already waiting', async () => {
    const time = fakeTime();
    const scheduler = new RateLimitScheduler({ budgetPerMinute: 2, now: time.now, sleep: time.sleep });
    const seen: string[] = [];
    scheduler.onDidChange((state) => seen.push(`${state.used}/${state.queued}`));
    const first = scheduler.acquire();
    assert.equal(scheduler.state().used, 1, 'taken before any turn of the queue');
    assert.deepEqual(seen, ['0/1', '1/0'], 'listeners see what a wait in the queue shows');
    await first;
    scheduler.observe({ status: 429, retryAfterSeconds: 3 });
    const paused = scheduler.acquire();
    assert.equal(scheduler.state().queued, 1, 'paused: it waits in the queue');
    const next = scheduler.acquire();
    await Promise.all([paused, next]);
    assert.deepEqual(time.waits, [3000, 60_000 - 3000 + 1]);
    assert.equal(scheduler.state().used, 2);
  });

  it('reports its state to listeners', async () => {
    const scheduler = new RateLimitScheduler({ budgetPerMinute: 5 });
    const seen: number[] = [];
    scheduler.onDidChange((state) => seen.push(state.used));
    await scheduler.acquire();
    assert.ok(seen.includes(1));
  });
});

describe('coalescing of identical GETs', () => {
  it('shares one request between callers; one caller cancelling does not cancel the other', async () => {
    const coalescer = new Coalescer();
    let started = 0;
    let release!: (value: string) => void;
    const start = (signal: AbortSignal) => {
      started++;
      return new Promise<string>((resolve, reject) => {
        release = resolve;
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    };
    const first = new AbortController();
    const a = coalescer.run('k', first.signal, start);
    const b = coalescer.run('k', undefined, start);
    assert.equal(started, 1);
    first.abort(new Error('first gave up'));
    await assert.rejects(a, /first gave up/);
    release('value');
    assert.equal(await b, 'value');
  });

  it('aborts the shared request when every caller has given up', async () => {
    const coalescer = new Coalescer();
    let aborted = false;
    const start = (signal: AbortSignal) =>
      new Promise<string>((_resolve, reject) =>
        signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted')))),
      );
    const one = new AbortController();
    const two = new AbortController();
    const a = coalescer.run('k', one.signal, start);
    const b = coalescer.run('k', two.signal, start);
    one.abort(new Error('x'));
    assert.equal(aborted, false);
    two.abort(new Error('y'));
    assert.equal(aborted, true);
    await Promise.allSettled([a, b]);
    assert.equal(coalescer.size, 0);
  });
});

describe('retry policy', () => {
  it('retries 429 after Retry-After, 502/503/504 and network failures with bounded jittered backoff, nothing else', () => {
    const policy = DEFAULT_RETRY_POLICY;
    assert.deepEqual(decideRetry(policy, 1, { status: 429, retryAfter: 3 }), { retry: true, delayMs: 3000 });
    assert.deepEqual(decideRetry(policy, 1, { status: 429, retryAfter: 600 }), { retry: false });
    assert.deepEqual(
      decideRetry(policy, 2, { status: 503 }, () => 1),
      { retry: true, delayMs: 500 },
    );
    assert.deepEqual(
      decideRetry(policy, 1, { network: true }, () => 0.5),
      { retry: true, delayMs: 125 },
    );
    assert.deepEqual(decideRetry(policy, 4, { status: 503 }), { retry: false });
    for (const status of [400, 401, 403, 404, 409, 500])
      assert.deepEqual(decideRetry(policy, 1, { status }), { retry: false }, String(status));
  });
});

describe('coalescing after a change', () => {
  it('a GET asked for after a change is sent again, not joined to one that left before the change', async () => {
    const { Transport } = await import('../../../src/core/http/transport');
    const sent: string[] = [];
    const pending: (() => void)[] = [];
    const transport = new Transport({
      connection: { kind: 'cloud', serviceUrl: 'https://cloud.example.com', account: 'acme', tenant: 'main' },
      token: async () => 'token',
      fetch: async (url, init) => {
        const method = init?.method ?? 'GET';
        sent.push(`${method} ${new URL(String(url)).pathname}`);
        if (method === 'GET') await new Promise<void>((resolve) => pending.push(resolve));
        return new Response(JSON.stringify({ value: [] }), { headers: { 'content-type': 'application/json' } });
      },
    });
    const before = transport.request({ method: 'GET', path: '/odata/QueueItems' });
    const joined = transport.request({ method: 'GET', path: '/odata/QueueItems' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(sent.filter((s) => s.startsWith('GET')).length, 1, 'identical GETs in flight share one request');
    await transport.request({ method: 'POST', path: '/odata/Queues/AddQueueItem', body: {} });
    const after = transport.request({ method: 'GET', path: '/odata/QueueItems' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(sent.filter((s) => s.startsWith('GET')).length, 2, 'the GET after the change is its own request');
    for (const release of pending) release();
    await Promise.all([before, joined, after]);
  });
});
