// Issue 31, failures across the tenant, against the sandbox: its seeded faults of the last 24 hours read in one
// cross-folder Jobs request and grouped; with that read refused, one request per folder within the budget given.
import assert from 'node:assert/strict';
import { folderId, useCoreSandbox } from '../fixtures';
import {
  FAILURE_PERIOD_MS,
  readAcrossFolders,
  readFolderByFolder,
  type ListJobs,
} from '../../../../src/core/jobs/failureReads';
import { groupFailures } from '../../../../src/core/faults/failureGroups';
import { OrchestratorError } from '../../../../src/core/http/errors';
import type { OrchestratorClient } from '../../../../src/core/orchestrator/client';
import { SEEDED_DAY_FAILURES } from '../../../fixtures/seededFailures';

const lister =
  (client: OrchestratorClient): ListJobs =>
  async (query, folder) =>
    (await client.jobs.list({ query, ...(folder === undefined ? {} : { folder: { id: folder } }) })).items;

describe('failure reads on the sandbox', () => {
  const fixture = useCoreSandbox();
  const since = () => new Date(Date.now() - FAILURE_PERIOD_MS.day);

  it('reads the last 24 hours across folders in one Jobs request and groups the seeded faults', async () => {
    const client = await fixture.client('developer');
    const before = client.transport.sent;
    const read = await readAcrossFolders(lister(client), since());
    assert.equal(client.transport.sent - before, 1);
    assert.equal(read.requests, 1);
    assert.equal(read.cut, false);
    const grouped = Object.fromEntries(
      groupFailures(read.jobs.map((located) => located.job)).map((process) => [
        process.process,
        Object.fromEntries(process.groups.map((group) => [group.message, group.count])),
      ]),
    );
    assert.deepEqual(grouped, SEEDED_DAY_FAILURES);
    const payables = await folderId(client, 'Accounts Payable');
    const invoice = read.jobs.find((located) => located.job.ReleaseName === 'Invoice.Processing_Production');
    assert.equal(invoice?.folderId, payables, 'each job names its folder');
  });

  it('with the cross-folder read refused, reads folder by folder: one request per folder, at most the allowance', async () => {
    const client = await fixture.client('developer');
    await fixture.faults([{ path: '*/odata/Jobs', methods: ['GET'], status: 403, times: 1 }]);
    await assert.rejects(
      readAcrossFolders(lister(client), since()),
      (error) => error instanceof OrchestratorError && error.status === 403,
    );
    const folders = (await client.folders.list()).items.map((folder) => folder.Id);
    let before = client.transport.sent;
    const few = await readFolderByFolder({ list: lister(client), folderIds: folders, since: since(), allowance: 3 });
    assert.equal(client.transport.sent - before, 3);
    assert.deepEqual(few.folders, { total: folders.length, read: 3, cancelled: false });
    before = client.transport.sent;
    const all = await readFolderByFolder({ list: lister(client), folderIds: folders, since: since(), allowance: 50 });
    assert.equal(client.transport.sent - before, folders.length);
    const total = Object.values(SEEDED_DAY_FAILURES)
      .flatMap((groups) => Object.values(groups))
      .reduce((a, b) => a + b, 0);
    assert.equal(all.jobs.length, total, 'the same faults as the cross-folder read');
  });
});
