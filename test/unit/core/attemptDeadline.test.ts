import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { Transport, type FetchLike, type TransportOptions } from '../../../src/core/http/transport';

/**
 * An attempt that was answered and read to its end hands its signal to a later attempt (attemptDeadline.ts: a new
 * AbortController per request cost the listing its share of garbage collections); no two attempts in flight share
 * one, and an aborted one is never handed on.
 */
describe('Attempt deadline signals', () => {
  const transport = (fetch: FetchLike, options: Partial<TransportOptions> = {}) =>
    new Transport({
      connection: { kind: 'onPremises', serviceUrl: 'https://orch.example.test' },
      fetch,
      token: async () => 't',
      retry: { baseDelayMs: 1, maxDelayMs: 1, maxAttempts: 1 },
      ...options,
    });
  const get = (t: Transport, path: string, signal?: AbortSignal) => t.request({ method: 'GET', path, signal });
  const answered = () => new Response('{"value":[]}', { headers: { 'content-type': 'application/json' } });

  it('hands the signal of an answered attempt to the next, never to one running beside it', async () => {
    const signals: AbortSignal[] = [];
    const held: (() => void)[] = [];
    const t = transport(async (_url, init) => {
      signals.push(init.signal!);
      if (held.length === 0 && signals.length === 3) await new Promise<void>((resolve) => held.push(resolve));
      return answered();
    });
    await get(t, '/odata/Jobs');
    await get(t, '/odata/Jobs');
    assert.equal(signals[1], signals[0], 'the answered attempt’s signal serves the next');
    // Two at once: the second starts while the first waits for its answer.
    const first = get(t, '/odata/Jobs?$top=1');
    await new Promise((resolve) => setImmediate(resolve));
    const second = get(t, '/odata/Jobs?$top=2');
    await new Promise((resolve) => setImmediate(resolve));
    held[0]!();
    await Promise.all([first, second]);
    assert.equal(signals.length, 4);
    assert.notEqual(signals[3], signals[2], 'attempts in flight together have their own signals');
  });

  it('never hands on a signal that was aborted or whose attempt failed', async () => {
    const signals: AbortSignal[] = [];
    let fail = false;
    const t = transport(async (_url, init) => {
      signals.push(init.signal!);
      if (init.signal?.aborted) throw init.signal.reason;
      return fail ? new Response('{}', { status: 400 }) : answered();
    });
    await get(t, '/odata/Jobs');
    const cancelled = new AbortController();
    const cancelling = get(t, '/odata/Jobs?$top=1', cancelled.signal);
    cancelled.abort();
    await assert.rejects(cancelling);
    await get(t, '/odata/Jobs');
    assert.equal(signals.at(-1)!.aborted, false, 'the next attempt gets a signal that is not aborted');
    fail = true;
    await assert.rejects(get(t, '/odata/Jobs?$top=3'));
    fail = false;
    await get(t, '/odata/Jobs');
    assert.notEqual(signals.at(-1), signals.at(-2), 'a failed attempt’s signal is not handed on');
  });

  it('a later cancellation on a handed-on signal leaves the connection the earlier answers used working', async () => {
    let calls = 0;
    const server: Server = createServer((request, response) => {
      calls++;
      if (request.url?.includes('slow')) return; // never answered: the caller cancels
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"value":[1]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const t = new Transport({
        connection: { kind: 'onPremises', serviceUrl: `http://127.0.0.1:${port}` },
        fetch: (input, init) => fetch(input, init),
        token: async () => 't',
        retry: { maxAttempts: 1 },
      });
      const value = { kind: 'json', value: { value: [1] } };
      for (let i = 0; i < 3; i++) assert.deepEqual(await get(t, '/odata/Jobs'), value);
      const cancel = new AbortController();
      const slow = get(t, '/odata/slow', cancel.signal);
      await new Promise((resolve) => setTimeout(resolve, 50));
      cancel.abort();
      await assert.rejects(slow);
      for (let i = 0; i < 3; i++) assert.deepEqual(await get(t, '/odata/Jobs'), value);
      assert.equal(calls, 7);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
