// The client against answers a sandbox does not give: a body cut off by a reset (a local server) and rows or an
// envelope of the wrong shape (undici's MockAgent). The sandbox's own faults are in resilience.test.ts.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent, fetch as undiciFetch } from 'undici';
import { type OrchestratorError } from '../../../src/core/http/errors';
import { OrchestratorClient } from '../../../src/core/orchestrator/client';
import type { FetchLike } from '../../../src/core/http/transport';
import { counting } from './fixtures';

describe('core client resilience (staged responses)', () => {
  let server: Server;
  let base = '';
  let mode = '';
  before(async () => {
    server = createServer((req, res) => {
      if (mode === 'reset-mid-body' && !req.headers['x-second']) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"value": [{"Id": 1');
        setTimeout(() => res.socket?.destroy(), 20);
        mode = 'ok';
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ value: [{ Id: 'Pkg', Key: 'Pkg:1.0.0', Version: '1.0.0', IsLatestVersion: true }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const clientWith = (fetchImpl: FetchLike) =>
    new OrchestratorClient({
      connection: { kind: 'onPremises', serviceUrl: base },
      fetch: fetchImpl,
      token: async () => 't',
      sleep: async () => undefined,
    });

  it('retries a GET whose body is cut off mid-way by a reset', async () => {
    mode = 'reset-mid-body';
    const counter = counting();
    const page = await clientWith(counter.fetch).packages.list();
    assert.equal(page.items[0]!.Id, 'Pkg');
    assert.equal(counter.calls.length, 2);
  });

  it('skips and reports a row with wrong types; a wrong envelope is a clear error (MockAgent)', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get('https://mock.example.test');
    const good = {
      Id: 1,
      Key: '0d3f2a7b-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      State: 'Running',
      CreationTime: '2026-01-01T00:00:00Z',
    };
    pool
      .intercept({ path: (p) => p.startsWith('/acct/ten/odata/Jobs'), method: 'GET' })
      .reply(
        200,
        { '@odata.count': 3, value: [good, { ...good, Id: 'two' }, { ...good, Id: 3, CreationTime: 'yesterday' }] },
        { headers: { 'content-type': 'application/json' } },
      );
    pool
      .intercept({ path: (p) => p.startsWith('/acct/ten/odata/Jobs'), method: 'GET' })
      .reply(200, { value: 'not an array' }, { headers: { 'content-type': 'application/json' } });
    const mocked: FetchLike = (url, init) =>
      undiciFetch(url, { ...(init as object), dispatcher: agent }) as unknown as Promise<Response>;
    const client = new OrchestratorClient({
      connection: { kind: 'cloud', serviceUrl: 'https://mock.example.test', account: 'acct', tenant: 'ten' },
      fetch: mocked,
      token: async () => 't',
    });
    const page = await client.jobs.list({ folder: { id: 1 } });
    assert.deepEqual(
      page.items.map((j) => j.Id),
      [1],
    );
    assert.deepEqual(
      page.skipped.map((s) => s.index),
      [1, 2],
    );
    assert.match(page.skipped[0]!.problem, /Id/);
    assert.match(page.skipped[1]!.problem, /CreationTime/);
    await assert.rejects(
      client.jobs.list({ folder: { id: 1 } }),
      (e: OrchestratorError) =>
        e.kind === 'invalidResponse' && /GET \/odata\/Jobs did not answer a collection: value/.test(e.message),
    );
    await agent.close();
  });
});
