import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { requiredInputsFor, signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { folderHeader, SPEC_DIALECT, tenantBaseUrl, type ServiceConnection } from '../../../src/core/http/connection';
import { RateLimitScheduler } from '../../../src/core/http/scheduler';
import { discoverDialect } from '../../../src/core/orchestrator/definitionDiscovery';
import type { Dialect } from '../../../src/core/orchestrator/dialect';
import { OrchestratorClient } from '../../../src/core/orchestrator/client';
import { eq } from '../../../src/core/odata/filter';

const ACME = {
  namespace: 'Acme.Orchestration.OData',
  queueNamespace: 'AcmeQueues',
  headerPrefix: 'X-ACME',
  serviceSegment: 'orchestrator_',
};

describe('service dialects: read from the API definition, spoken on every request', () => {
  let acme: RunningSandbox;
  let plain: RunningSandbox;
  const acmeConnection = (): ServiceConnection => ({
    kind: 'cloud',
    serviceUrl: acme.url,
    account: 'sandbox',
    tenant: 'main',
    serviceSegment: ACME.serviceSegment,
  });
  const requests: string[] = [];
  const counting = (url: string, init: RequestInit) => {
    requests.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    return fetch(url, init);
  };

  before(async () => {
    [acme, plain] = await Promise.all([
      startSandbox({ ...ACME, jobDurationMs: 300, pickupDelayMs: 20, versionedDefinitionOnly: true }),
      startSandbox({}),
    ]);
  });
  after(async () => {
    await Promise.all([acme?.close(), plain?.close()]);
  });
  beforeEach(() => (requests.length = 0));

  it('reads the names of a dialect with a service segment from the definition its API page names (no v1)', async () => {
    const base = tenantBaseUrl(acmeConnection());
    assert.equal((await fetch(`${base}/swagger/v1/swagger.json`)).status, 404, 'served only at its versioned path');
    requests.length = 0;
    const found = await discoverDialect(counting, base);
    const definitionPath = '/sandbox/main/orchestrator_/swagger/v20.0/swagger.json';
    assert.deepEqual(found, {
      dialect: {
        namespace: ACME.namespace,
        queueNamespace: ACME.queueNamespace,
        headerPrefix: 'X-ACME',
        definitionPath,
      },
    });
    assert.deepEqual(requests, ['GET /sandbox/main/orchestrator_/swagger/index.html', `GET ${definitionPath}`]);
    requests.length = 0;
    assert.deepEqual(await discoverDialect(counting, base, { remembered: definitionPath }), found);
    assert.deepEqual(requests, [`GET ${definitionPath}`], 'where it answered last time is asked first');
  });

  it("reads the spec's names from a service that uses them", async () => {
    const connection: ServiceConnection = { kind: 'cloud', serviceUrl: plain.url, account: 'sandbox', tenant: 'main' };
    const found = await discoverDialect(counting, tenantBaseUrl(connection));
    assert.deepEqual(found, {
      dialect: { ...SPEC_DIALECT, definitionPath: '/sandbox/main/swagger/v20.0/swagger.json' },
    });
    assert.equal(requests.length, 2);
  });

  it('sends operations, queue operations and folder headers in the discovered dialect', async () => {
    const tokens = await signIn(acme, 'admin');
    const found = await discoverDialect(fetch, tenantBaseUrl(acmeConnection()));
    assert.ok('dialect' in found);
    let asked = 0;
    const client = new OrchestratorClient({
      connection: acmeConnection(),
      fetch: counting,
      token: async () => tokens.access_token,
      scheduler: new RateLimitScheduler({ budgetPerMinute: 1000 }),
      dialect: async () => (asked++, found.dialect),
    });
    const shared = (await client.folders.list()).items.find((f) => f.DisplayName === 'Shared')!;
    const folder = { id: shared.Id };
    const release = (await client.releases.list({ folder })).items[0]!;
    const declared = await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`);
    const InputArguments = JSON.stringify(requiredInputsFor(declared.Input));
    const startInfo = { ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments } as const;
    const started = await client.jobs.start(startInfo, { folder });
    assert.equal(started.length, 1);
    const queue = (await client.queues.list({ folder })).items[0]!;
    const item = await client.queues.addItem(
      { Name: queue.Name, Reference: 'dialect-1', Priority: 'Normal' },
      { folder },
    );
    await client.queues.setProgress(item.Id, 'half way', { folder });
    const back = await client.queues.items.list({ folder, query: { filter: eq('Reference', 'dialect-1') } });
    assert.equal(back.items[0]?.Id, item.Id);
    assert.ok(requests.includes('POST /sandbox/main/orchestrator_/odata/Jobs/Acme.Orchestration.OData.StartJobs'));
    assert.ok(requests.includes('POST /sandbox/main/orchestrator_/odata/Queues/AcmeQueues.AddQueueItem'));
    assert.ok(
      requests.includes(
        `POST /sandbox/main/orchestrator_/odata/QueueItems(${item.Id})/AcmeQueues.SetTransactionProgress`,
      ),
      'a queue item operation, under the queue namespace as real clients call it',
    );
    assert.ok(requests.every((r) => !r.includes('{ns}') && !r.includes('{qns}')));
    assert.ok(asked >= requests.length, 'every request asks the dialect first');
  });

  it("the connection's own names win over the discovered ones", async () => {
    const tokens = await signIn(acme, 'admin');
    const wrong: Dialect = { ...SPEC_DIALECT };
    const client = new OrchestratorClient({
      connection: {
        ...acmeConnection(),
        namespace: ACME.namespace,
        queueNamespace: ACME.queueNamespace,
        headerPrefix: 'X-ACME',
      },
      fetch: counting,
      token: async () => tokens.access_token,
      scheduler: new RateLimitScheduler({ budgetPerMinute: 1000 }),
      dialect: async () => wrong,
    });
    const shared = (await client.folders.list()).items.find((f) => f.DisplayName === 'Shared')!;
    assert.ok((await client.releases.list({ folder: { id: shared.Id } })).items.length > 0);
  });

  it('names a folder by its Key once the service took it (tried on the first GET, not listed in the definition)', async () => {
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    assert.deepEqual(folderHeader({ id: 7, key }, 'X-ACME', { keyHeader: true }), ['X-ACME-FolderKey', key]);
    assert.deepEqual(folderHeader({ id: 7, key }, 'X-ACME'), ['X-ACME-OrganizationUnitId', '7']);
    assert.deepEqual(folderHeader({ id: 7, key: 'not-a-key' }, 'X-ACME', { keyHeader: true }), [
      'X-ACME-OrganizationUnitId',
      '7',
    ]);
    const tokens = await signIn(acme, 'admin');
    const found = await discoverDialect(fetch, tenantBaseUrl(acmeConnection()));
    assert.ok('dialect' in found && found.dialect.folderKey === undefined, 'the definition does not say');
    const headers: Record<string, string>[] = [];
    const learnt: boolean[] = [];
    const client = new OrchestratorClient({
      connection: acmeConnection(),
      fetch: (url, init) => (headers.push({ ...(init.headers as Record<string, string>) }), fetch(url, init)),
      token: async () => tokens.access_token,
      scheduler: new RateLimitScheduler({ budgetPerMinute: 1000 }),
      dialect: async () => found.dialect,
      onFolderKey: (accepted) => learnt.push(accepted),
    });
    const shared = (await client.folders.navigation(undefined)).ChildrenPage.find((f) => f.DisplayName === 'Shared')!;
    assert.match(shared.Key ?? '', /^[0-9a-f-]{36}$/);
    headers.length = 0;
    const byKey = await client.releases.list({ folder: { id: shared.Id, key: shared.Key! } });
    const byId = await client.releases.list({ folder: { id: shared.Id } });
    assert.equal(headers[0]?.['X-ACME-FolderKey'], shared.Key);
    assert.equal(headers[0]?.['X-ACME-OrganizationUnitId'], undefined);
    assert.equal(headers[1]?.['X-ACME-OrganizationUnitId'], String(shared.Id));
    assert.deepEqual(learnt, [true], 'the sandbox takes it, as real services do: told once');
    assert.deepEqual(
      byKey.items.map((r) => r.Id),
      byId.items.map((r) => r.Id),
      'the same folder either way',
    );
  });

  it('falls back to the id when a service refuses the folder Key (a 400), keeps that, and never tries it on a change', async () => {
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const sent: string[] = [];
    let answer = (headers: Record<string, string>, url: string): Response =>
      headers['X-ACME-FolderKey']
        ? Response.json({ message: 'A folder is required for this action.', errorCode: 1101 }, { status: 400 })
        : url.includes('.StartJobs')
          ? Response.json({ message: 'No HTTP resource was found.' }, { status: 404 })
          : Response.json({ value: [] });
    const make = () => {
      const learnt: boolean[] = [];
      let missed = 0;
      const client = new OrchestratorClient({
        connection: acmeConnection(),
        fetch: async (url, init) => {
          const headers = init.headers as Record<string, string>;
          const folder = Object.keys(headers).find((name) => /^X-ACME-/.test(name)) ?? '';
          sent.push(`${init.method} ${new URL(url).pathname.split('/').at(-1)} ${folder}`);
          return answer(headers, url);
        },
        token: async () => 't',
        dialect: async () => ({
          namespace: ACME.namespace,
          queueNamespace: ACME.queueNamespace,
          headerPrefix: 'X-ACME',
        }),
        onFolderKey: (accepted) => learnt.push(accepted),
        onDialectMiss: () => missed++,
      });
      return { client, learnt, missed: () => missed };
    };
    const folder = { id: 7, key };
    const first = make();
    await assert.rejects(
      first.client.jobs.start({ ReleaseKey: key, Strategy: 'ModernJobsCount', NoOfRobots: 1 }, { folder }),
    );
    assert.deepEqual(sent, ['POST Acme.Orchestration.OData.StartJobs X-ACME-OrganizationUnitId'], 'a change: by id');
    assert.equal(first.missed(), 1, 'a 404 in the dialect’s namespace asks for the definition again');
    sent.length = 0;
    await first.client.releases.list({ folder });
    await first.client.releases.list({ folder });
    assert.deepEqual(sent, [
      'GET Releases X-ACME-FolderKey',
      'GET Releases X-ACME-OrganizationUnitId',
      'GET Releases X-ACME-OrganizationUnitId',
    ]);
    assert.deepEqual(first.learnt, [false]);
    assert.equal(first.missed(), 1, 'a plain path’s answers say nothing about the names');

    // A 400 that the id gets too was the request's fault, not the Key's: nothing is learnt.
    answer = () => Response.json({ message: 'Bad filter.', errorCode: 1001 }, { status: 400 });
    const second = make();
    await assert.rejects(second.client.releases.list({ folder }), (e: { status?: number }) => e.status === 400);
    assert.deepEqual(second.learnt, []);
  });

  it('ignores blank names on the connection, stops waiting for the dialect when cancelled, and names endpoints as read', async () => {
    const tokens = await signIn(acme, 'admin');
    const found = await discoverDialect(fetch, tenantBaseUrl(acmeConnection()));
    assert.ok('dialect' in found);
    const client = new OrchestratorClient({
      connection: { ...acmeConnection(), namespace: ' ', headerPrefix: '' },
      fetch,
      token: async () => tokens.access_token,
      dialect: async () => found.dialect,
    });
    const shared = (await client.folders.list()).items.find((f) => f.DisplayName === 'Shared')!;
    assert.ok((await client.releases.list({ folder: { id: shared.Id } })).items.length > 0, 'the discovered names');
    await assert.rejects(
      client.jobs.start({ ReleaseKey: 'k', Strategy: 'ModernJobsCount', NoOfRobots: 0 }),
      (e: Error) =>
        /POST \/odata\/Jobs\/StartJobs/.test(e.message) ||
        /POST \/odata\/Jobs\/StartJobs/.test(String((e as { endpoint?: string }).endpoint)),
    );
    const waiting = new OrchestratorClient({
      connection: acmeConnection(),
      fetch,
      token: async () => tokens.access_token,
      dialect: () => new Promise<Dialect>(() => undefined),
    });
    const controller = new AbortController();
    const pending = waiting.folders.list({ signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, (e: { kind?: string }) => e.kind === 'cancelled');
  });
});
