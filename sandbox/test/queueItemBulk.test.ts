import assert from 'node:assert/strict';
import { type Api, QNS, odata, useSandbox, signInWithFolders } from './helpers';

describe('QueueItems DeleteBulk (README: New items only, the rest listed in FailedItems)', () => {
  const sandbox = useSandbox();
  let api: Api;
  let folders: Record<string, number>;
  before(async () => {
    ({ api, folders } = await signInWithFolders(sandbox(), 'admin'));
  });
  const deleteBulk = (body: unknown, as = api, folderId: number | null = folders.HR!) =>
    as.post(odata(`QueueItems/${QNS}.DeleteBulk`), body, folderId === null ? {} : { folderId });
  const add = async (Reference: string) =>
    (
      await api.post(
        odata(`Queues/${QNS}.AddQueueItem`),
        { itemData: { Name: 'NewHires', Reference } },
        {
          folderId: folders.HR,
        },
      )
    ).body;
  const item = async (id: number) => (await api.get(odata(`QueueItems(${id})`), { folderId: folders.HR })).body;
  const seeded = async (status: string) =>
    (await api.get(odata('QueueItems', { $filter: `Status eq '${status}'`, $top: '1' }), { folderId: folders.HR })).body
      .value[0];

  it('marks the New items Deleted in one request and lists the ids it left: not New, not found, stale RowVersion', async () => {
    const [a, b, c] = [await add('BULK-A'), await add('BULK-B'), await add('BULK-C')];
    const failed = await seeded('Failed');
    const res = await deleteBulk({
      queueItems: [
        { Id: a.Id, RowVersion: a.RowVersion },
        { Id: b.Id },
        { Id: c.Id, RowVersion: 'stale' },
        { Id: failed.Id },
        { Id: 987654321 },
      ],
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.Success, false);
    assert.deepEqual(res.body.FailedItems, [c.Id, failed.Id, 987654321]);
    assert.match(res.body.Message, /3 of 5 queue items were not deleted: only New items/);
    assert.deepEqual(
      [(await item(a.Id)).Status, (await item(b.Id)).Status, (await item(c.Id)).Status, (await item(failed.Id)).Status],
      ['Deleted', 'Deleted', 'New', 'Failed'],
    );
    const ok = await deleteBulk({ queueItems: [{ Id: c.Id }] });
    assert.deepEqual([ok.status, ok.body.Success, ok.body.FailedItems], [200, true, []]);
  });

  it('refuses a bad body whole (nothing changes), a caller without Transactions.Delete (developer), and a missing folder', async () => {
    const d = await add('BULK-D');
    for (const body of [{}, { queueItems: [] }, { queueItems: [{ Id: d.Id }, { Id: 'x' }] }, { queueItems: [7] }])
      assert.equal((await deleteBulk(body)).status, 400, JSON.stringify(body));
    const tooMany = { queueItems: Array.from({ length: 1001 }, (_, i) => ({ Id: i + 1 })) };
    const refused = await deleteBulk(tooMany);
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /At most 1000 queue items per DeleteBulk/);
    assert.equal((await item(d.Id)).Status, 'New', 'nothing deleted by a refused body');
    const { api: developer } = await signInWithFolders(sandbox(), 'developer');
    assert.equal((await deleteBulk({ queueItems: [{ Id: d.Id }] }, developer)).status, 403);
    assert.equal((await deleteBulk({ queueItems: [{ Id: d.Id }] }, api, null)).status, 400);
    assert.equal((await item(d.Id)).Status, 'New');
  });
});
