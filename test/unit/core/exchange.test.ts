import assert from 'node:assert/strict';
import { exchangeLine, loggablePath, traceIdOf, type Exchange } from '../../../src/core/http/exchange';
import { useCoreSandbox } from './fixtures';
import { type OrchestratorError } from '../../../src/core/http/errors';

describe('request log (exchanges)', () => {
  const fx = useCoreSandbox({});

  it('keeps the query option names, never their values', () => {
    assert.equal(loggablePath('/odata/Folders'), '/odata/Folders');
    assert.equal(
      loggablePath("/odata/QueueItems?$filter=Reference%20eq%20'INV-0042%20Ada%20Lovelace'&$top=50&$count=true"),
      '/odata/QueueItems?$filter=…&$top=…&$count=…',
    );
    assert.equal(loggablePath('/api/x?userId=7&%E0%A4%A=1&&'), '/api/x?userId=…&?=…');
    assert.equal(traceIdOf(new Headers({ 'x-request-id': 'r-1' })), 'r-1');
    assert.equal(traceIdOf(new Headers()), undefined);
    assert.equal(
      exchangeLine({ method: 'GET', path: '/odata/Jobs', durationMs: 5, failed: true, reason: 'network' }),
      'GET /odata/Jobs network 5 ms',
    );
  });

  it('tells every attempt with its status and trace id, and nothing secret', async () => {
    const exchanges: Exchange[] = [];
    const token = 'not-a-real-token-0123456789';
    const client = await fx.client('admin', {
      onExchange: (exchange) => void exchanges.push(exchange),
      token: async () => token,
    });
    await assert.rejects(client.folders.get(987_654), (e: OrchestratorError) => e.status === 401);
    const secretFree = JSON.stringify(exchanges);
    assert.equal(exchanges.length, 2, 'the 401 and its one retry with a fresh token');
    assert.ok(!secretFree.includes(token), 'no token in what the log is told');
    assert.ok(!secretFree.toLowerCase().includes('bearer'));
    assert.ok(exchanges.every((e) => e.failed && e.status !== undefined && e.durationMs >= 0));
  });

  it('a refused request carries the service trace id; a good one is not failed', async () => {
    const exchanges: Exchange[] = [];
    const client = await fx.client('admin', { onExchange: (exchange) => void exchanges.push(exchange) });
    const folders = await client.folders.list({ query: { top: 1 } });
    await assert.rejects(client.folders.get(987_654));
    assert.equal(folders.items.length, 1);
    assert.deepEqual(
      exchanges.map((e) => [e.method, e.path, e.status, e.failed]),
      [
        ['GET', '/odata/Folders?$top=…', 200, false],
        ['GET', '/odata/Folders(987654)', 404, true],
      ],
    );
    assert.match(exchanges[1]!.traceId ?? '', /^[0-9a-f-]{36}$/);
  });

  it('a connection refused is told too, once per attempt that reached fetch', async () => {
    const exchanges: Exchange[] = [];
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const client = await fx.client('admin', {
      onExchange: (exchange) => void exchanges.push(exchange),
      fetch: async () => Promise.reject(refused),
      retry: { maxAttempts: 1 },
    });
    await assert.rejects(client.robots.exportLogs());
    assert.deepEqual(
      exchanges.map((e) => [e.method, e.path, e.status, e.failed, e.reason]),
      [['POST', '/odata/RobotLogs/Vendor.Server.Configuration.OData.Export', undefined, true, 'network']],
    );
  });
});
