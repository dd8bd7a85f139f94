import assert from 'node:assert/strict';
import { admin, Api, NS, QNS, odata, requiredInputs, useSandbox, waitFor, signInWithFolders } from './helpers';

describe('limits and large-data rules', () => {
  const sandbox = useSandbox({ rateLimitPerMinute: 15, jobDurationMs: 300, pickupDelayMs: 50, logIntervalMs: 20 });
  let api: Api;
  let folders: Record<string, number>;
  before(async () => {
    ({ api, folders } = await signInWithFolders(sandbox(), 'admin'));
  });

  it('caps QueueItems $top at 100 (default 100, 101 is a 400)', async () => {
    const sandboxApi = await Api.as(sandbox(), 'developer');
    const byDefault = await sandboxApi.get(odata('QueueItems'), { folderId: folders.Invoices });
    assert.equal(byDefault.body.value.length, 100);
    const over = await sandboxApi.get(odata('QueueItems', { $top: '101' }), { folderId: folders.Invoices });
    assert.equal(over.status, 400);
    assert.match(over.body.message, /100/);
  });

  it('returns null arguments from the Jobs list and the arguments from Jobs(<key>)', async () => {
    const dev = await Api.as(sandbox(), 'developer');
    const release = (await dev.get(odata('Releases'), { folderId: folders.Shared })).body.value[0];
    const started = await dev.post(
      odata(`Jobs/${NS}.StartJobs`),
      {
        startInfo: {
          ReleaseKey: release.Key,
          Strategy: 'ModernJobsCount',
          NoOfRobots: 1,
          InputArguments: JSON.stringify(await requiredInputs(dev, release)),
        },
      },
      { folderId: folders.Shared },
    );
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const job = started.body.value[0];
    await waitFor(
      async () =>
        (await dev.get(odata(`Jobs(${job.Id})`), { folderId: folders.Shared })).body.State === 'Successful'
          ? true
          : undefined,
      'the job to finish',
    );
    const listed = (await dev.get(odata('Jobs', { $filter: `Id eq ${job.Id}` }), { folderId: folders.Shared })).body
      .value[0];
    assert.equal(listed.InputArguments, null);
    assert.equal(listed.OutputArguments, null);
    const single = await dev.get(odata(`Jobs(${job.Key})`), { folderId: folders.Shared });
    assert.equal(typeof single.body.InputArguments, 'string');
    assert.equal(typeof single.body.OutputArguments, 'string');
  });

  it('limits release input arguments to 10,000 characters', async () => {
    const release = (await api.get(odata('Releases'), { folderId: folders.Shared })).body.value[0];
    const at = (n: number) => JSON.stringify({ in_Region: 'x'.repeat(n - 16) });
    assert.equal(at(10_000).length, 10_000);
    assert.equal(
      (
        await api.call(odata(`Releases(${release.Id})`), {
          method: 'PATCH',
          body: { Arguments: { Input: at(10_000) } },
          folderId: folders.Shared,
        })
      ).status,
      200,
    );
    const over = await api.call(odata(`Releases(${release.Id})`), {
      method: 'PATCH',
      body: { Arguments: { Input: at(10_001) } },
      folderId: folders.Shared,
    });
    assert.equal(over.status, 400);
    assert.equal(over.body.errorCode, 1672);
    const notObject = await api.call(odata(`Releases(${release.Id})`), {
      method: 'PATCH',
      body: { Arguments: { Input: '[1,2]' } },
      folderId: folders.Shared,
    });
    assert.equal(notObject.status, 400);
  });

  it('counts queue item field sizes in UTF-16 characters', async () => {
    const itemId = (await api.get(odata('QueueItems', { $top: '1' }), { folderId: folders.Invoices })).body.value[0].Id;
    const progress = (text: string) =>
      api.post(
        odata(`QueueItems(${itemId})/${QNS}.SetTransactionProgress`),
        { progress: text },
        { folderId: folders.Invoices },
      );
    // 52,428 emoji are 104,856 UTF-16 units (allowed); one more is 104,858 (over 104,857) while only 52,429 code points.
    assert.equal((await progress('😀'.repeat(52_428))).status, 200);
    const over = await progress('😀'.repeat(52_429));
    assert.equal(over.status, 400);
    assert.equal(over.body.errorCode, 1673);
    assert.match(over.body.message, /Progress/);
    const result = (body: unknown) =>
      api.post(
        odata(`Queues(${itemId})/${QNS}.SetTransactionResult`),
        { transactionResult: body },
        { folderId: folders.Invoices },
      );
    assert.match(
      (await result({ IsSuccessful: false, ProcessingException: { Reason: 'r'.repeat(102_401), Details: '' } })).body
        .message,
      /Reason/,
    );
    assert.match(
      (await result({ IsSuccessful: false, ProcessingException: { Reason: '', Details: 'd'.repeat(102_401) } })).body
        .message,
      /Details/,
    );
    assert.match((await result({ IsSuccessful: true, Output: { big: 'o'.repeat(51_200) } })).body.message, /Output/);
    assert.equal((await result({ IsSuccessful: true, Output: { ok: 'yes' } })).status, 200);
    const add = (content: Record<string, unknown>) =>
      api.post(
        odata(`Queues/${QNS}.AddQueueItem`),
        { itemData: { Name: 'NewHires', SpecificContent: content } },
        { folderId: folders.HR },
      );
    const big = await add({ Blob: '€'.repeat(256_001) });
    assert.equal(big.status, 400);
    assert.match(big.body.message, /SpecificContent/);
    assert.equal(
      (await add({ Blob: '€'.repeat(200_000) })).status,
      200,
      '600 kB of UTF-8 but 200,000 UTF-16 characters is within the limit',
    );
  });

  it('limits each export endpoint to 100 requests a day per tenant with error 4502', async () => {
    for (let i = 0; i < 100; i++)
      assert.equal((await api.post(odata(`Jobs/${NS}.Export`), {}, { folderId: folders.Shared })).status, 200);
    const over = await api.post(odata(`Jobs/${NS}.Export`), {}, { folderId: folders.Shared });
    assert.equal(over.body.errorCode, 4502);
    assert.match(over.body.message, /daily limit/);
    assert.equal(
      (await api.post(odata(`AuditLogs/${NS}.Export`), {})).status,
      200,
      'other export endpoints keep their own count',
    );
  });

  it('refuses robot-log pages beyond the 10,000-entry window', async () => {
    const ok = await api.get(odata('RobotLogs', { $top: '100', $skip: '9900' }), { folderId: folders.Shared });
    assert.equal(ok.status, 200);
    const over = await api.get(odata('RobotLogs', { $top: '100', $skip: '9901' }), { folderId: folders.Shared });
    assert.equal(over.status, 400);
    assert.equal(over.body.errorCode, 1680);
    assert.match(over.body.message, /max_result_window/);
    const unsupported = await api.get(odata('RobotLogs', { $filter: `contains(Message,'x')` }), {
      folderId: folders.Shared,
    });
    assert.equal(unsupported.status, 400);
  });

  it('rate-limits GET Jobs per tenant with 429, Retry-After and X-RateLimit-Remaining; Jobs(<key>) is never limited', async () => {
    await admin(sandbox(), 'clock', { advanceSeconds: 61 }); // a fresh one-minute window
    const first = await api.get(odata('Jobs', { $top: '1' }), { folderId: folders.Shared });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-ratelimit-remaining'), '14');
    const key = first.body.value[0].Key;
    const remaining: string[] = [];
    for (let i = 0; i < 14; i++)
      remaining.push(
        (await api.get(odata('Jobs', { $top: '1' }), { folderId: folders.HR })).headers.get('x-ratelimit-remaining')!,
      );
    assert.deepEqual(remaining.slice(0, 4), ['13', '12', '11', '10']);
    assert.equal(remaining[4], '0', 'fewer than 10 left is reported as 0');
    const limited = await api.get(odata('Jobs'), { folderId: folders.Shared });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(limited.body.errorCode, 1429);
    for (let i = 0; i < 20; i++)
      assert.equal((await api.get(odata(`Jobs(${key})`), { folderId: folders.Shared })).status, 200);
    // QueueItems has its own budget.
    assert.equal((await api.get(odata('QueueItems', { $top: '1' }), { folderId: folders.Invoices })).status, 200);
  });
});
