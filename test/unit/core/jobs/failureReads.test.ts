// Issue 31, failures across the tenant: how the Failures row reads faulted jobs within the Jobs rate limit — one
// cross-folder read paged to a cap, or one read per folder within the budget left — and how a group finds its jobs.
import assert from 'node:assert/strict';
import {
  FAILURES_CAP,
  failureKeyOfGroup,
  failuresQuery,
  folderOfJob,
  jobsAllowance,
  jobsByFailure,
  readAcrossFolders,
  readFolderByFolder,
  type ListJobs,
} from '../../../../src/core/jobs/failureReads';
import { groupFailures } from '../../../../src/core/faults/failureGroups';
import { buildQuery, type ODataQuery } from '../../../../src/core/odata/query';
import type { Job } from '../../../../src/core/orchestrator/schemas';

const SINCE = new Date('2026-11-26T02:00:00.000Z');

function job(id: number, extra: Partial<Job> & Record<string, unknown> = {}): Job {
  return {
    Id: id,
    Key: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    State: 'Faulted',
    CreationTime: new Date(Date.parse('2026-11-27T00:00:00Z') - id * 60_000).toISOString(),
    EndTime: new Date(Date.parse('2026-11-27T00:00:00Z') - id * 60_000).toISOString(),
    ReleaseName: 'Invoice.Processing_Production',
    Info: `Invoice total is missing for INV-${id}`,
    ...extra,
  };
}

/** A service holding `total` faulted jobs (newest first), recording each query and folder it was asked. */
function service(total: number, perFolder?: (folderId: number) => number) {
  const asked: { query: ODataQuery; folderId: number | undefined }[] = [];
  const list: ListJobs = async (query, folderId) => {
    asked.push({ query, folderId });
    if (folderId !== undefined) {
      const count = perFolder?.(folderId) ?? 0;
      return Array.from({ length: Math.min(count, query.top ?? 0) }, (_, i) =>
        job(folderId * 1000 + i, { OrganizationUnitId: folderId }),
      );
    }
    const skip = query.skip ?? 0;
    return Array.from({ length: Math.max(0, Math.min(query.top ?? 0, total - skip)) }, (_, i) =>
      job(skip + i, { OrganizationUnitId: 7 }),
    );
  };
  return { list, asked };
}

describe('failure reads', () => {
  it('asks for faulted jobs ended since the period start, newest first, every literal through the builder', () => {
    const text = decodeURIComponent(buildQuery(failuresQuery(SINCE, { top: 100, skip: 200 })));
    assert.match(text, /\$filter=\(State eq 'Faulted'\) and \(EndTime gt 2026-11-26T02:00:00\.000Z\)/);
    assert.match(text, /\$orderby=EndTime desc/);
    assert.match(text, /\$top=100/);
    assert.match(text, /\$skip=200/);
  });

  it('reads across folders in 1 + further pages, stopping at a short page', async () => {
    for (const [total, requests] of [
      [0, 1],
      [42, 1],
      [100, 2],
      [230, 3],
    ] as const) {
      const { list, asked } = service(total);
      const read = await readAcrossFolders(list, SINCE);
      assert.equal(read.requests, requests, `${total} jobs`);
      assert.equal(asked.length, requests);
      assert.equal(read.jobs.length, total);
      assert.equal(read.cut, false);
      assert.ok(asked.every((call) => call.folderId === undefined && (call.query.top ?? 0) <= 100));
    }
  });

  it('stops at the cap and says the list was cut: 5 requests for 500 of 600 jobs', async () => {
    const { list } = service(600);
    const read = await readAcrossFolders(list, SINCE);
    assert.equal(read.requests, FAILURES_CAP / 100);
    assert.equal(read.jobs.length, FAILURES_CAP);
    assert.equal(read.cut, true);
  });

  it('takes each job’s folder from the row, and none from a bad value', () => {
    assert.equal(folderOfJob(job(1, { OrganizationUnitId: 12 })), 12);
    for (const bad of ['12', -1, 1.5, null, undefined])
      assert.equal(folderOfJob(job(1, { OrganizationUnitId: bad })), undefined);
  });

  it('folder by folder: one request per folder, never more than the budget left, newest first', async () => {
    const { list, asked } = service(0, (folderId) => folderId);
    const read = await readFolderByFolder({
      list,
      folderIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      since: SINCE,
      allowance: 4,
    });
    assert.equal(read.requests, 4);
    assert.deepEqual(
      asked.map((call) => call.folderId),
      [1, 2, 3, 4],
    );
    assert.deepEqual(read.folders, { total: 10, read: 4, cancelled: false });
    assert.equal(read.jobs.length, 1 + 2 + 3 + 4);
    const times = read.jobs.map((located) => Date.parse(located.job.EndTime!));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    assert.ok(read.jobs.every((located) => located.folderId === located.job.OrganizationUnitId));
  });

  it('folder by folder: stops when cancelled, and a full folder page marks the list cut', async () => {
    const { list } = service(0, () => 100);
    let reads = 0;
    const read = await readFolderByFolder({
      list,
      folderIds: [1, 2, 3],
      since: SINCE,
      allowance: 50,
      cancelled: () => reads >= 2,
      progress: (done) => (reads = done),
    });
    assert.equal(read.requests, 2);
    assert.deepEqual(read.folders, { total: 3, read: 2, cancelled: true });
    assert.equal(read.cut, true);
  });

  it('allows the budget less what was sent or queued this minute, never below 0', () => {
    assert.equal(jobsAllowance({ budget: 50, used: 10, queued: 5 }), 35);
    assert.equal(jobsAllowance({ budget: 50, used: 60, queued: 0 }), 0);
    assert.equal(jobsAllowance(undefined), 50);
  });

  it('finds every job of each group groupFailures makes', () => {
    const jobs = [
      job(1),
      job(2),
      job(3, { Info: 'System.Exception: Invoice portal did not respond' }),
      job(4, { ReleaseName: 'Payroll.Dispatcher_Production', Info: 'SAP logon failed for user SVC_PAYROLL' }),
      job(5, { Info: null }),
    ].map((j) => ({ job: j, folderId: 1 }));
    const byKey = jobsByFailure(jobs);
    const groups = groupFailures(jobs.map((located) => located.job)).flatMap((process) => process.groups);
    assert.equal(groups.length, 4);
    for (const group of groups) assert.equal(byKey.get(failureKeyOfGroup(group))?.length, group.count, group.message);
    assert.equal(
      groups.reduce((sum, group) => sum + group.count, 0),
      jobs.length,
    );
  });
});
