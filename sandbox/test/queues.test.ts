import assert from 'node:assert/strict';
import { Api, NS, QNS, odata, useSandbox, signInWithFolders } from './helpers';

describe('queues and queue items', () => {
  const sandbox = useSandbox();
  let api: Api;
  let folders: Record<string, number>;
  before(async () => {
    ({ api, folders } = await signInWithFolders(sandbox(), 'developer'));
  });
  const add = (itemData: Record<string, unknown>, folderId = folders.HR) =>
    api.post(odata(`Queues/${QNS}.AddQueueItem`), { itemData }, { folderId });
  const bulk = (body: Record<string, unknown>, folderId = folders.Invoices) =>
    api.post(odata(`Queues/${QNS}.BulkAddQueueItems`), body, { folderId });
  const countIn = async (queueName: string, folderId: number) => {
    const queue = (await api.get(odata('QueueDefinitions', { $filter: `Name eq '${queueName}'` }), { folderId })).body
      .value[0];
    return (
      await api.get(odata('QueueItems', { $filter: `QueueDefinitionId eq ${queue.Id}`, $count: 'true', $top: '1' }), {
        folderId,
      })
    ).body['@odata.count'];
  };

  it('adds an item as New with ReviewStatus None and RetryNumber 0, and records its event', async () => {
    const res = await add({
      Name: 'NewHires',
      Priority: 'High',
      Reference: 'EMP-1',
      SpecificContent: { Name: 'Zoë', 'Note@odata.type': '#String', Note: 'a "quoted" & <odd> text' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.Status, 'New');
    assert.equal(res.body.ReviewStatus, 'None');
    assert.equal(res.body.RetryNumber, 0);
    assert.deepEqual(res.body.SpecificContent, { Name: 'Zoë', Note: 'a "quoted" & <odd> text' });
    const history = await api.get(
      odata(`QueueItemEvents/${NS}.GetQueueItemEventsHistory(queueItemId=${res.body.Id})`),
      { folderId: folders.HR },
    );
    assert.deepEqual(
      history.body.value.map((e: { Action: string }) => e.Action),
      ['Create'],
    );
  });

  it('rejects bad items with a field-specific message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ Name: 'NewHires', Priority: 'Urgent' }, /Priority/],
      [{ Name: 'NewHires', SpecificContent: { nested: { a: 1 } } }, /primitive/],
      [{ Name: 'NewHires', DueDate: 'tomorrow' }, /DueDate/],
      [{ Name: 'NewHires', DeferDate: '2026-02-01T00:00:00Z', DueDate: '2026-01-01T00:00:00Z' }, /DueDate/],
      [{ Name: 'NewHires', Reference: 'r'.repeat(129) }, /Reference/],
      [{ Name: 'NoSuchQueue' }, /does not exist/],
    ];
    for (const [itemData, message] of cases) {
      const res = await add(itemData);
      assert.ok(res.status >= 400 && res.status < 500, JSON.stringify(itemData));
      assert.match(res.body.message, message);
    }
  });

  it('requires and enforces references on unique-reference queues', async () => {
    const missing = await add({ Name: 'Refunds' }, folders.Finance);
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /TransactionReferenceRequired/);
    assert.equal((await add({ Name: 'Refunds', Reference: 'R-unique-1' }, folders.Finance)).status, 200);
    assert.equal((await add({ Name: 'Refunds', Reference: 'R-unique-1' }, folders.Finance)).status, 409);
  });

  it('BulkAddQueueItems AllOrNothing inserts nothing when one item fails and reports the failing rows', async () => {
    const before = await countIn('InvoicesToProcess', folders.Invoices!);
    const res = await bulk({
      queueName: 'InvoicesToProcess',
      commitType: 'AllOrNothing',
      queueItems: [
        { Name: 'InvoicesToProcess', Reference: 'B-1', Priority: 'Low', SpecificContent: { n: 1 } },
        { Name: 'InvoicesToProcess', SpecificContent: { n: 2 } },
        { Name: 'InvoicesToProcess', Reference: 'B-1' },
      ],
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.Success, false);
    assert.equal(typeof res.body.Message, 'string');
    assert.deepEqual(
      res.body.FailedItems.map((f: { Ordinal: number; ErrorCode: string }) => [f.Ordinal, f.ErrorCode]),
      [
        [1, 'TransactionReferenceRequired'],
        [2, 'DuplicateReference'],
      ],
    );
    assert.equal(await countIn('InvoicesToProcess', folders.Invoices!), before);
  });

  it('BulkAddQueueItems ProcessAllIndependently inserts the valid items and returns the failed ones', async () => {
    const before = await countIn('InvoicesToProcess', folders.Invoices!);
    const res = await bulk({
      queueName: 'InvoicesToProcess',
      commitType: 'ProcessAllIndependently',
      queueItems: [{ Reference: 'P-1' }, { Reference: 'P-2', Priority: 'Bogus' }, { Reference: 'P-3' }, {}],
    });
    assert.equal(res.body.Success, false);
    assert.deepEqual(
      res.body.FailedItems.map((f: { Ordinal: number }) => f.Ordinal),
      [1, 3],
    );
    assert.equal(await countIn('InvoicesToProcess', folders.Invoices!), before + 2);
    const ok = await bulk({
      queueName: 'InvoicesToProcess',
      commitType: 'AllOrNothing',
      queueItems: [{ Reference: 'P-4' }, { Reference: 'P-5' }],
    });
    assert.deepEqual([ok.body.Success, ok.body.FailedItems], [true, []]);
  });

  it('answers a non-200 status for incorrect bulk parameters', async () => {
    for (const body of [
      { queueName: 'InvoicesToProcess', commitType: 'Sometimes', queueItems: [{ Reference: 'x' }] },
      { queueName: 'InvoicesToProcess', commitType: 'AllOrNothing', queueItems: [] },
      { queueName: 'InvoicesToProcess', commitType: 'AllOrNothing' },
      { queueName: 'Missing', commitType: 'AllOrNothing', queueItems: [{}] },
    ]) {
      const res = await bulk(body);
      assert.ok(res.status >= 400, JSON.stringify(body));
    }
  });

  it('keeps comments: the author may delete, others may not', async () => {
    const item = (await api.get(odata('QueueItems', { $top: '1' }), { folderId: folders.HR })).body.value[0];
    const posted = await api.post(
      odata('QueueItemComments'),
      { QueueItemId: item.Id, Text: 'Checked with HR' },
      { folderId: folders.HR },
    );
    assert.equal(posted.status, 200);
    const admin = await Api.as(sandbox(), 'admin');
    assert.equal(
      (await admin.call(odata(`QueueItemComments(${posted.body.Id})`), { method: 'DELETE', folderId: folders.HR }))
        .status,
      403,
    );
    assert.equal(
      (await api.call(odata(`QueueItemComments(${posted.body.Id})`), { method: 'DELETE', folderId: folders.HR }))
        .status,
      204,
    );
  });
});
