import assert from 'node:assert/strict';
import { admin, Api, odata, useSandbox } from './helpers';

describe('fault injection and reset', () => {
  const sandbox = useSandbox();
  let api: Api;
  before(async () => {
    api = await Api.as(sandbox(), 'developer');
  });
  afterEach(async () => {
    await fetch(`${sandbox().url}/__sandbox/faults`, { method: 'DELETE' });
  });
  const faults = (rules: unknown[]) => admin(sandbox(), 'faults', { rules });

  it('injects 5xx errors on matching paths only, a limited number of times', async () => {
    assert.equal((await faults([{ path: '/sandbox/main/odata/Processes*', status: 503, times: 2 }])).status, 200);
    assert.equal((await api.get(odata('Processes'))).status, 503);
    assert.equal((await api.get(odata('Folders'))).status, 200);
    const second = await api.get(odata('Processes'));
    assert.equal(second.status, 503);
    assert.equal(second.body.errorCode, 9000);
    assert.equal((await api.get(odata('Processes'))).status, 200);
  });

  it('injects 429 storms with Retry-After', async () => {
    await faults([{ path: '*', methods: ['GET'], status: 429, retryAfter: 7 }]);
    const res = await api.get(odata('Folders'));
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '7');
  });

  it('sends a Retry-After given as text as is (an HTTP date, an absurd number)', async () => {
    await faults([
      { path: '/sandbox/main/odata/Folders', status: 429, retryAfter: 'Fri, 31 Dec 9999 23:59:59 GMT', times: 1 },
    ]);
    assert.equal((await api.get(odata('Folders'))).headers.get('retry-after'), 'Fri, 31 Dec 9999 23:59:59 GMT');
    await faults([{ path: '/sandbox/main/odata/Folders', status: 429, retryAfter: '9'.repeat(40), times: 1 }]);
    assert.equal((await api.get(odata('Folders'))).headers.get('retry-after'), '9'.repeat(40));
  });

  it('fails a request after processing it with `after` (the change is made, the client sees 504 or a reset)', async () => {
    const folderId = (await api.get(odata('Folders'))).body.value.find(
      (f: { DisplayName: string }) => f.DisplayName === 'Shared',
    ).Id;
    const count = async () =>
      (await api.get(odata('QueueItems', { $count: 'true', $top: '1' }), { folderId })).body['@odata.count'] as number;
    const before = await count();
    await faults([{ path: '/sandbox/main/odata/Queues/*', status: 504, after: true, times: 1 }]);
    assert.equal(
      (await api.post(odata('Queues/VendorODataSvc.AddQueueItem'), { itemData: { Name: 'OrderQueue' } }, { folderId }))
        .status,
      504,
    );
    await faults([{ path: '/sandbox/main/odata/Queues/*', reset: true, after: true, times: 1 }]);
    await assert.rejects(
      api.post(odata('Queues/VendorODataSvc.AddQueueItem'), { itemData: { Name: 'OrderQueue' } }, { folderId }),
    );
    assert.equal(await count(), before + 2, 'both items were added although neither answer said so');
    await faults([{ path: '/sandbox/main/odata/Queues/*', status: 504, times: 1 }]);
    assert.equal(
      (await api.post(odata('Queues/VendorODataSvc.AddQueueItem'), { itemData: { Name: 'OrderQueue' } }, { folderId }))
        .status,
      504,
    );
    assert.equal(await count(), before + 2, 'without `after` the fault answers before anything is done');
  });

  it('resets connections', async () => {
    await faults([{ path: '/sandbox/main/odata/Folders', reset: true, times: 1 }]);
    await assert.rejects(api.get(odata('Folders')));
    assert.equal((await api.get(odata('Folders'))).status, 200);
  });

  it('truncates and corrupts JSON bodies', async () => {
    await faults([
      { path: '/sandbox/main/odata/Folders', truncate: true, times: 1 },
      { path: '/sandbox/main/odata/Processes', malformed: true, times: 1 },
    ]);
    await assert.rejects(api.get(odata('Folders')), SyntaxError);
    await assert.rejects(api.get(odata('Processes')), SyntaxError);
  });

  it('adds latency', async () => {
    await faults([{ path: '/sandbox/main/odata/Folders', latencyMs: 150 }]);
    const started = process.hrtime.bigint();
    assert.equal((await api.get(odata('Folders'))).status, 200);
    assert.ok(Number(process.hrtime.bigint() - started) / 1e6 >= 140, 'the response waited for the injected latency');
  });

  it('rejects malformed fault rules', async () => {
    assert.equal((await faults([{ status: 503 }])).status, 400);
    assert.equal((await faults([{ path: '*', status: 200 }])).status, 400);
    assert.equal((await admin(sandbox(), 'faults', { nope: true })).status, 400);
  });

  it('restores the seed on reset (and signs everyone out)', async () => {
    const folders = await api.get(odata('Folders'));
    const shared = folders.body.value.find((f: { DisplayName: string }) => f.DisplayName === 'HR').Id;
    assert.equal(
      (
        await api.post(
          odata('Queues/VendorODataSvc.AddQueueItem'),
          { itemData: { Name: 'NewHires' } },
          { folderId: shared },
        )
      ).status,
      200,
    );
    const count = async (a: Api) =>
      (await a.get(odata('QueueItems', { $count: 'true', $top: '1' }), { folderId: shared })).body['@odata.count'];
    const before = await count(api);
    assert.equal((await admin(sandbox(), 'reset')).status, 200);
    assert.equal((await api.get(odata('Folders'))).status, 401);
    api = await Api.as(sandbox(), 'developer');
    assert.equal(await count(api), before - 1);
  });
});
