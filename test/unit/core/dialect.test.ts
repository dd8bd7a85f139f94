import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { requiredInputsFor, signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { folderHeader, SPEC_DIALECT, tenantBaseUrl, type ServiceConnection } from '../../../src/core/http/connection';
import { RateLimitScheduler } from '../../../src/core/http/scheduler';
import { discoverDialect, readDialect, type Dialect } from '../../../src/core/orchestrator/dialect';
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
      startSandbox({ ...ACME, jobDurationMs: 300, pickupDelayMs: 20 }),
      startSandbox({}),
    ]);
  });
  after(async () => {
    await Promise.all([acme?.close(), plain?.close()]);
  });
  beforeEach(() => (requests.length = 0));

  it('reads the names of a non-default dialect with a service segment, in one request', async () => {
    const found = await discoverDialect(counting, tenantBaseUrl(acmeConnection()));
    assert.deepEqual(found, {
      dialect: {
        namespace: ACME.namespace,
        queueNamespace: ACME.queueNamespace,
        headerPrefix: 'X-ACME',
        folderKeyHeader: true,
      },
    });
    assert.deepEqual(requests, ['GET /sandbox/main/orchestrator_/swagger/v1/swagger.json']);
  });

  it("reads the spec's names from a service that uses them", async () => {
    const connection: ServiceConnection = { kind: 'cloud', serviceUrl: plain.url, account: 'sandbox', tenant: 'main' };
    const found = await discoverDialect(counting, tenantBaseUrl(connection));
    assert.deepEqual(found, { dialect: { ...SPEC_DIALECT, folderKeyHeader: true } });
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

  it('names a folder by its Key where the service takes one, by its id otherwise', async () => {
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    assert.deepEqual(folderHeader({ id: 7, key }, 'X-ACME', { keyHeader: true }), ['X-ACME-FolderKey', key]);
    assert.deepEqual(folderHeader({ id: 7, key }, 'X-ACME'), ['X-ACME-OrganizationUnitId', '7']);
    assert.deepEqual(folderHeader({ id: 7, key: 'not-a-key' }, 'X-ACME', { keyHeader: true }), [
      'X-ACME-OrganizationUnitId',
      '7',
    ]);
    const tokens = await signIn(acme, 'admin');
    const found = await discoverDialect(fetch, tenantBaseUrl(acmeConnection()));
    assert.ok('dialect' in found && found.dialect.folderKeyHeader);
    const headers: Record<string, string>[] = [];
    const client = new OrchestratorClient({
      connection: acmeConnection(),
      fetch: (url, init) => (headers.push({ ...(init.headers as Record<string, string>) }), fetch(url, init)),
      token: async () => tokens.access_token,
      scheduler: new RateLimitScheduler({ budgetPerMinute: 1000 }),
      dialect: async () => found.dialect,
    });
    const shared = (await client.folders.navigation(undefined)).ChildrenPage.find((f) => f.DisplayName === 'Shared')!;
    assert.match(shared.Key ?? '', /^[0-9a-f-]{36}$/);
    headers.length = 0;
    const byKey = await client.releases.list({ folder: { id: shared.Id, key: shared.Key! } });
    const byId = await client.releases.list({ folder: { id: shared.Id } });
    assert.equal(headers[0]?.['X-ACME-FolderKey'], shared.Key);
    assert.equal(headers[0]?.['X-ACME-OrganizationUnitId'], undefined);
    assert.equal(headers[1]?.['X-ACME-OrganizationUnitId'], String(shared.Id));
    assert.deepEqual(
      byKey.items.map((r) => r.Id),
      byId.items.map((r) => r.Id),
      'the same folder either way',
    );
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

  it('names what is missing in a definition it cannot use', () => {
    const header = { name: 'X-ACME-OrganizationUnitId', in: 'header' };
    const paths = {
      '/odata/Jobs/Acme.OData.StartJobs': { post: { parameters: [header] } },
      '/odata/Queues/AcmeQ.AddQueueItem': { post: {} },
    };
    assert.deepEqual(readDialect({ paths }), {
      dialect: { namespace: 'Acme.OData', queueNamespace: 'AcmeQ', headerPrefix: 'X-ACME', folderKeyHeader: false },
    });
    const cases: [unknown, RegExp][] = [
      [null, /not an OpenAPI document/],
      ['<html>', /not an OpenAPI document/],
      [{ paths: [] }, /not an OpenAPI document/],
      [{ paths: {} }, /StartJobs/],
      [{ paths: { '/odata/Jobs/Acme.OData.StartJobs': {} } }, /AddQueueItem/],
      [{ paths: { ...paths, '/odata/Jobs/Acme.OData.StartJobs': { post: {} } } }, /folder header/],
      [{ paths: { '/odata/Jobs/Acme OData.StartJobs': {}, '/odata/Queues/Q.AddQueueItem': {} } }, /StartJobs/],
    ];
    for (const [definition, problem] of cases) {
      const read = readDialect(definition);
      assert.ok(
        'problem' in read && problem.test(read.problem),
        `${JSON.stringify(definition)}: ${JSON.stringify(read)}`,
      );
    }
  });

  it('answers a problem, never throws, for a missing, broken or oversized definition', async () => {
    const answer =
      (body: string, init: ResponseInit = {}) =>
      async () =>
        new Response(body, init);
    const base = 'https://service.test/acme/main';
    assert.match(((await discoverDialect(answer('no', { status: 404 }), base)) as { problem: string }).problem, /404/);
    assert.match(((await discoverDialect(answer('<html>'), base)) as { problem: string }).problem, /not JSON/);
    const huge = answer('{}', { headers: { 'content-length': String(50 * 1024 * 1024) } });
    assert.match(((await discoverDialect(huge, base)) as { problem: string }).problem, /larger than/);
    const refused = async () => Promise.reject(new TypeError('fetch failed'));
    assert.match(((await discoverDialect(refused, base)) as { problem: string }).problem, /could not be read/);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      discoverDialect(async (_u, init) => Promise.reject(init.signal!.reason), base, controller.signal),
    );
  });
});
