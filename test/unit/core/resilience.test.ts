// The client against the sandbox's faults: what is retried and what is sent once, waits that are cancelled or
// refused, folder headers and hostile text; then paging the large queue. Answers a sandbox does not give are in
// stagedResponses.test.ts.
import assert from 'node:assert/strict';
import { and, contains, eq } from '../../../src/core/odata/filter';
import { type OrchestratorError } from '../../../src/core/http/errors';
import { requiredInputsFor, signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { counting, folderId, useCoreSandbox } from './fixtures';

describe('core client resilience (sandbox faults)', () => {
  const fx = useCoreSandbox();

  it('refreshes the token once on 401 and retries that request once', async () => {
    const good = (await signIn(fx.sandbox(), 'admin')).access_token;
    const asked: boolean[] = [];
    const client = await fx.client('admin', {
      token: async ({ forceRefresh }) => (asked.push(forceRefresh), forceRefresh ? good : 'stale-token'),
    });
    assert.equal((await client.packages.list({ query: { top: 1 } })).items.length, 1);
    assert.deepEqual(asked, [false, true]);
    const never = await fx.client('admin', { token: async () => 'always-bad' });
    await assert.rejects(never.packages.list(), (e: OrchestratorError) => e.status === 401);
  });

  it('honours Retry-After on 429 for GETs (two requests, one wait of the advertised length)', async () => {
    const counter = counting();
    const waits: number[] = [];
    const client = await fx.client('admin', { fetch: counter.fetch, sleep: async (ms) => void waits.push(ms) });
    await fx.faults([{ path: '/sandbox/main/odata/Processes', status: 429, retryAfter: 2, times: 1 }]);
    assert.equal((await client.packages.list({ query: { top: 1 } })).items.length, 1);
    assert.equal(counter.calls.filter((c) => c.endsWith('/odata/Processes')).length, 2);
    assert.deepEqual(waits, [2000]);
  });

  it('retries a 503 and succeeds; gives up after the cap with the service error', async () => {
    const counter = counting();
    const client = await fx.client('admin', { fetch: counter.fetch });
    await fx.faults([{ path: '/sandbox/main/odata/Processes', status: 503, times: 1 }]);
    await client.packages.list();
    assert.equal(counter.calls.length, 2);
    await fx.faults([{ path: '/sandbox/main/odata/Processes', status: 503 }]);
    await assert.rejects(client.packages.list(), (e: OrchestratorError) => e.status === 503 && e.errorCode === 9000);
    assert.equal(counter.calls.length, 2 + 4);
  });

  it('retries a connection reset', async () => {
    const counter = counting();
    const client = await fx.client('admin', { fetch: counter.fetch });
    await fx.faults([{ path: '/sandbox/main/odata/Processes', reset: true, times: 1 }]);
    await client.packages.list();
    assert.equal(counter.calls.length, 2);
  });

  it('reports malformed JSON as an invalid response, without retrying', async () => {
    const counter = counting();
    const client = await fx.client('admin', { fetch: counter.fetch });
    await fx.faults([{ path: '/sandbox/main/odata/Processes', malformed: true, times: 1 }]);
    await assert.rejects(
      client.packages.list(),
      (e: OrchestratorError) => e.kind === 'invalidResponse' && /not valid JSON/.test(e.message),
    );
    assert.equal(counter.calls.length, 1);
  });

  it('never retries a POST: StartJobs answered 503 is sent once', async () => {
    const counter = counting();
    const client = await fx.client('admin', { fetch: counter.fetch });
    const folder = { id: await folderId(client, 'Shared') };
    const release = (await client.releases.list({ folder })).items[0]!;
    counter.calls.length = 0;
    await fx.faults([
      { path: '/sandbox/main/odata/Jobs/*', status: 503 },
      { path: '/sandbox/main/odata/Queues/*', reset: true },
    ]);
    await assert.rejects(
      client.jobs.start({ ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1 }, { folder }),
      (e: OrchestratorError) => e.status === 503,
    );
    await assert.rejects(
      client.queues.addItem({ Name: 'OrderQueue' }, { folder }),
      (e: OrchestratorError) => e.kind === 'network',
    );
    assert.deepEqual(
      counter.calls.map((c) => c.split(' ')[0]),
      ['POST', 'POST'],
    );
  });

  it('a StartJobs answered 504 or 401 after the service started the job: one POST each, outcome unknown, the job exists', async () => {
    const counter = counting();
    const client = await fx.client('admin', { fetch: counter.fetch });
    const folder = { id: await folderId(client, 'Shared') };
    const release = (await client.releases.list({ folder })).items[0]!;
    const InputArguments = JSON.stringify(
      requiredInputsFor((await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`)).Input),
    );
    const jobCount = async () => (await client.jobs.list({ folder, query: { top: 1, count: true } })).count!;
    for (const fault of [{ status: 504 }, { status: 401 }, { reset: true }]) {
      const before = await jobCount();
      counter.calls.length = 0;
      await fx.faults([{ path: '/sandbox/main/odata/Jobs/*', methods: ['POST'], after: true, times: 1, ...fault }]);
      await assert.rejects(
        client.jobs.start(
          { ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments },
          { folder },
        ),
        (e: OrchestratorError) => e.outcomeUnknown && /may or may not have applied it/.test(e.message),
      );
      assert.equal(counter.calls.filter((c) => c.startsWith('POST')).length, 1, `${JSON.stringify(fault)}: one POST`);
      assert.equal(await jobCount(), before + 1, `${JSON.stringify(fault)}: the job was started once`);
    }
  });

  it('an AddQueueItem whose 200 body is cut: one POST, outcome unknown, the item exists under its reference', async () => {
    const counter = counting();
    const client = await fx.client('admin', { fetch: counter.fetch });
    const folder = { id: await folderId(client, 'Shared') };
    await fx.faults([{ path: '/sandbox/main/odata/Queues/*', truncate: true, times: 1 }]);
    await assert.rejects(
      client.queues.addItem({ Name: 'OrderQueue', Reference: 'cut-body-1' }, { folder }),
      (e: OrchestratorError) => e.outcomeUnknown && e.kind === 'invalidResponse',
    );
    assert.equal(counter.calls.filter((c) => c.startsWith('POST')).length, 1);
    assert.equal(
      (await client.queues.items.list({ folder, query: { filter: eq('Reference', 'cut-body-1') } })).items.length,
      1,
    );
  });

  it('a Jobs list answered 429 with Retry-After of an hour or a far-future date fails at once, naming the wait', async () => {
    const waits: number[] = [];
    for (const [retryAfter, words] of [
      [3600, '60 minutes'],
      ['Fri, 31 Dec 9999 23:59:59 GMT', '366 days'],
    ] as const) {
      // A client of its own: after the first answer its scheduler refuses every list for a minute, naming that wait.
      const client = await fx.client('admin', { sleep: async (ms) => void waits.push(ms) });
      const folder = { id: await folderId(client, 'Shared') };
      await fx.faults([{ path: '/sandbox/main/odata/Jobs', status: 429, retryAfter, times: 1 }]);
      await assert.rejects(
        client.jobs.list({ folder }),
        (e: OrchestratorError) => e.status === 429 && e.message.includes(`asks to wait ${words}`),
      );
    }
    assert.deepEqual(waits, []);
  });

  it('stops waiting when cancelled during a Retry-After wait', async () => {
    const client = await fx.client('admin', { sleep: undefined });
    await fx.faults([{ path: '/sandbox/main/odata/Processes', status: 429, retryAfter: 30 }]);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(
      client.packages.list({ signal: controller.signal }),
      (e: OrchestratorError) => e.kind === 'cancelled',
    );
    assert.ok(Date.now() - started < 10_000, 'did not sit out the 30 s');
  });

  it('sends a UTF-16 folder path through the encoded header', async () => {
    const client = await fx.client('developer');
    const queues = await client.queues.list({ folder: { path: 'Ünïcode Ørders — 東京' } });
    assert.deepEqual(
      queues.items.map((q) => q.Name),
      ['Bestellungen'],
    );
    const plainAscii = await client.queues.list({ folder: { path: 'Shared/HR', encoding: 'plain' } });
    assert.deepEqual(
      plainAscii.items.map((q) => q.Name),
      ['NewHires'],
    );
  });

  it('keeps hostile text literal: the sandbox matches exactly the one item each', async () => {
    const client = await fx.client('admin');
    const folder = { id: await folderId(client, 'HR') };
    const hostile = ["O'Brien", "''", '100%', 'a/b', 'Zoë 東京 😀', "') or true or ('", "x' or Reference ne '"];
    for (const reference of hostile)
      await client.queues.addItem({ Name: 'NewHires', Reference: reference }, { folder });
    for (const reference of hostile) {
      const found = await client.queues.items.list({ folder, query: { filter: eq('Reference', reference) } });
      assert.deepEqual(
        found.items.map((i) => i.Reference),
        [reference],
        reference,
      );
    }
    const byContains = await client.queues.items.list({
      folder,
      query: { filter: and(contains('Reference', "') or true"), eq('Status', 'New')) },
    });
    assert.equal(byContains.items.length, 1);
  });
});

describe('paging the large queue', () => {
  const fx = useCoreSandbox({ scale: 'large', rateLimitPerMinute: 100_000 });

  it('reads 100,000 queue items in exactly 1,000 requests, in order, without duplicates', async function () {
    // 21 s on a quiet 2-core machine, 82–93 s while other suites shared it: the bound is for a hung read, not a speed.
    this.timeout(300_000);
    const counter = counting();
    const client = await fx.client('admin', { fetch: counter.fetch });
    const folder = { id: await folderId(client, 'Invoices') };
    const queue = (await client.queues.list({ folder, query: { filter: eq('Name', 'InvoicesToProcess') } })).items[0]!;
    counter.calls.length = 0;
    const ids: number[] = [];
    for await (const page of client.queues.items.iterate({
      folder,
      query: { filter: eq('QueueDefinitionId', queue.Id) },
    }))
      ids.push(...page.map((i) => i.Id));
    assert.equal(ids.length, 100_000);
    assert.equal(new Set(ids).size, 100_000);
    assert.ok(ids.every((id, i) => i === 0 || id > ids[i - 1]!));
    assert.equal(counter.calls.length, 1000);
  });

  it('stops paging cleanly when cancelled', async () => {
    const counter = counting();
    const client = await fx.client('admin', { fetch: counter.fetch });
    const folder = { id: await folderId(client, 'Invoices') };
    counter.calls.length = 0;
    const controller = new AbortController();
    let pages = 0;
    await assert.rejects(async () => {
      for await (const _page of client.queues.items.iterate({ folder, signal: controller.signal })) {
        if (++pages === 3) controller.abort(new Error('user cancelled'));
      }
    }, /cancelled/);
    assert.equal(counter.calls.length, 3);
  });
});
