import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { answering } from '../../../src/host/ui/scriptedInput';
import { activateSignedIn, jobsEnded, lastError, quiescent, rowOf, treeWalk } from './treeWalk';
import { selectionRows } from './selectionRows';

// Issue 32, items 2 and 4: several rows selected together (Ctrl+click) and one command run on them, as the editor
// runs it: (clicked, selected[]). Counts are of the requests the client sent and of what the sandbox holds after.
describe('Multi-select: Stop, Retry, Delete and Hide on several rows', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { label, children, child } = treeWalk(() => ctx.explorer);
  const client = () => ctx.clientFor(sandbox());
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const { sentDuring, folderRow, statusRows, startJobs } = selectionRows(() => ctx);

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    await config().update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
  });
  after(async function () {
    this.timeout(60_000);
    await jobsEnded(ctx);
    await config().update('explorer.autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('stops 3 selected jobs with one confirmation and one StopJobs; a finished job selected too is left out', async function () {
    this.timeout(90_000);
    // Unwatched: the watcher's reads of started jobs would land in the count of the command's reads.
    const { folder, keys, jobs, started } = await startJobs(3, 'unwatched');
    const finished = jobs.find(
      (node) => node.row?.kind === 'job' && ['Successful', 'Faulted'].includes(node.row.job.State),
    );
    assert.ok(finished, 'a finished job under Jobs');
    const selection = [...started, finished];
    const { result, requests } = await sentDuring(() =>
      answering(ctx, [{ title: /^Stop 3 jobs in Dev Lab\?$/, choose: 'Stop' }], () =>
        vscode.commands.executeCommand('orchestrator.stopJob', started[1], selection),
      ),
    );
    assert.match(result.asked[0]!.prompt ?? '', /1 selected job\(s\) have already finished and are left out/);
    assert.deepEqual(result.result, { done: 3, failed: 0, unknown: 0, leftOut: 1 });
    const posts = requests.filter((r) => r.startsWith('POST'));
    assert.equal(posts.length, 1, `one change request: ${posts.join(' | ')}`);
    assert.match(posts[0]!, /\/Jobs\/[\w.]+\.StopJobs$/);
    // Each job is read once before the stop; after it, the stopped jobs are watched until they end.
    const readsBefore = requests.slice(0, requests.indexOf(posts[0]!)).filter((r) => /^GET .*\/Jobs\(/.test(r));
    assert.deepEqual(readsBefore.sort(), keys.map((key) => `GET /odata/Jobs(${key})`).sort(), requests.join(' | '));
    for (const key of keys) {
      const state = (await client().jobs.get(key, { folder })).State;
      assert.ok(['Stopping', 'Stopped'].includes(state), `${key} is ${state}`);
    }
    assert.match(ctx.log.recent().join('\n'), /3 stopped; 1 left out: .+ \(job \d+\): already finished/);
  });

  it('kills 2 selected jobs with one confirmation and one StopJobs with the Kill strategy', async function () {
    this.timeout(90_000);
    const { folder, keys, started } = await startJobs(2);
    // Running, so that a kill and a stop differ (a pending job is stopped either way before it starts).
    const stateOf = async (key: string) => (await client().jobs.get(key, { folder })).State;
    for (let i = 0; i < 120 && (await Promise.all(keys.map(stateOf))).some((state) => state !== 'Running'); i++)
      await new Promise((done) => setTimeout(done, 250));
    const { result, requests } = await sentDuring(() =>
      answering(ctx, [{ title: /^Kill 2 jobs in Dev Lab\?$/, choose: 'Kill' }], () =>
        vscode.commands.executeCommand('orchestrator.killJob', started[0], started),
      ),
    );
    assert.deepEqual(result.result, { done: 2, failed: 0, unknown: 0, leftOut: 0 });
    const posts = requests.filter((r) => r.startsWith('POST'));
    assert.equal(posts.length, 1, `one change request: ${posts.join(' | ')}`);
    assert.match(posts[0]!, /\/Jobs\/[\w.]+\.StopJobs$/);
    // Killed, not stopped: the robot process is ended at once (Terminating), never asked to stop (Stopping).
    for (const key of keys) {
      const job = await client().jobs.get(key, { folder });
      assert.ok(
        job.State === 'Terminating' || (job.State === 'Stopped' && job.Info === 'Job was killed.'),
        `${key} is ${job.State}: ${job.Info}`,
      );
    }
    assert.match(ctx.log.recent().join('\n'), /2 killed/);
  });

  it('refuses a forged row or a row of another kind in the selection before any request', async () => {
    const jobs = (await children(await folderRow('Dev Lab', 'Jobs'))).filter((node) => node.row?.kind === 'job');
    const forged = { id: 'forged', row: { ...jobs[0]!.row } };
    const folder = await folderRow('Dev Lab');
    for (const [selection, refusal] of [
      [[jobs[0], forged], /not rows of the trees; nothing was done/],
      [[jobs[0], folder], /1 row\(s\) of another kind; nothing was done\. Choose a job under Jobs/],
    ] as const) {
      const { result, requests } = await sentDuring(() =>
        answering(ctx, [], () => vscode.commands.executeCommand('orchestrator.stopJob', jobs[0], selection)),
      );
      assert.equal(result.result, undefined);
      assert.deepEqual(requests, []);
      assert.match(lastError(ctx), refusal);
    }
  });

  it('retries 2 selected failed items (each read, then added again: 2 AddQueueItem), leaving a successful one out', async function () {
    this.timeout(60_000);
    const failed = (await statusRows(['Shared'], 'OrderQueue', 'Failed')).slice(0, 2);
    const successful = (await statusRows(['Shared'], 'OrderQueue', 'Successful'))[0]!;
    assert.equal(failed.length, 2);
    const newBefore = (
      await client().queues.items.list({
        folder: rowOf(successful, 'queueItem').folder,
        query: { top: 1, count: true },
      })
    ).count;
    const { result, requests } = await sentDuring(() =>
      answering(ctx, [{ title: /^Retry 2 failed items of OrderQueue\?$/, choose: 'Retry' }], () =>
        vscode.commands.executeCommand('orchestrator.retryQueueItems', failed[0], [...failed, successful]),
      ),
    );
    assert.deepEqual(result.result, { done: 2, failed: 0, unknown: 0, leftOut: 1 });
    assert.equal(requests.filter((r) => /^POST .*AddQueueItem$/.test(r)).length, 2);
    assert.equal(requests.filter((r) => r.startsWith('POST')).length, 2, 'nothing else changed');
    const newAfter = (
      await client().queues.items.list({
        folder: rowOf(successful, 'queueItem').folder,
        query: { top: 1, count: true },
      })
    ).count;
    assert.equal(newAfter, (newBefore ?? 0) + 2, 'two items more in the folder');
    const copies = (await statusRows(['Shared'], 'OrderQueue', 'New'))
      .slice(0, 2)
      .map((n) => rowOf(n, 'queueItem').queueItem.Reference);
    assert.deepEqual(
      copies.sort(),
      failed.map((n) => rowOf(n, 'queueItem').queueItem.Reference).sort(),
      'the newest New items carry the failed items references',
    );
  });

  it('a unique-reference queue refuses the copy: the summary names the item and the service reason', async function () {
    this.timeout(30_000);
    const [first] = await statusRows(['Shared', 'Finance'], 'Refunds', 'Failed');
    assert.ok(first);
    const name = rowOf(first, 'queueItem').queueItem.Reference!;
    const { result } = await answering(ctx, [{ title: /^Retry '.+' of Refunds\?$/, choose: 'Retry' }], () =>
      vscode.commands.executeCommand('orchestrator.retryQueueItems', first, [first]),
    );
    assert.deepEqual(result, { done: 0, failed: 1, unknown: 0, leftOut: 0 });
    assert.match(ctx.log.recent().join('\n'), new RegExp(`0 added again; 1 failed: ${name}: .*already exists`));
  });

  it('a developer without Transactions.Delete: one DeleteBulk, refused, each item named as failed and still New', async function () {
    this.timeout(30_000);
    const rows = (await statusRows(['Shared'], 'OrderQueue', 'New')).slice(0, 2);
    const { result, requests } = await sentDuring(() =>
      answering(ctx, [{ title: /^Delete 2 items of OrderQueue\?$/, choose: 'Delete' }], () =>
        vscode.commands.executeCommand('orchestrator.deleteQueueItems', rows[0], rows),
      ),
    );
    assert.deepEqual(result.result, { done: 0, failed: 2, unknown: 0, leftOut: 0 });
    assert.equal(requests.filter((r) => r.startsWith('POST')).length, 1);
    assert.match(ctx.log.recent().join('\n'), /0 deleted; 2 failed: .+: You lack the permission Transactions\.Delete/);
    const { queueItem, folder } = rowOf(rows[0], 'queueItem');
    assert.equal((await client().queues.items.get(queueItem.Id, { folder })).Status, 'New');
  });

  it('deletes 3 selected New items with one DeleteBulk; one deleted meanwhile is named as not deleted', async function () {
    this.timeout(60_000);
    const admin = ctx.connections.all().find((c) => c.label === 'Sandbox admin')!;
    await ctx.auth.createSession([`connection:${admin.id}`]);
    const adminClient = ctx.clientFor(admin);
    const queue = await child(
      await child(await child(await child(undefined, 'Sandbox admin'), 'Shared'), 'Queues'),
      'OrderQueue',
    );
    const rows = (await children(await child(queue, 'New'))).filter((n) => n.row?.kind === 'queueItem').slice(0, 3);
    assert.equal(rows.length, 3);
    const gone = rowOf(rows[2], 'queueItem');
    await adminClient.queues.items.delete(gone.queueItem.Id, { folder: gone.folder });
    await quiescent(() => adminClient.transport.sent);
    const from = adminClient.transport.sent;
    const result = await answering(ctx, [{ title: /^Delete 3 items of OrderQueue\?$/, choose: 'Delete' }], () =>
      vscode.commands.executeCommand('orchestrator.deleteQueueItems', rows[0], rows),
    );
    const requests = adminClient.transport.recent.slice(-(adminClient.transport.sent - from));
    assert.deepEqual(result.result, { done: 2, failed: 1, unknown: 0, leftOut: 0 });
    const posts = requests.filter((r) => r.startsWith('POST'));
    assert.equal(posts.length, 1, `one DeleteBulk: ${posts.join(' | ')}`);
    assert.match(posts[0]!, /\/QueueItems\/[\w.]+\.DeleteBulk$/);
    for (const node of rows)
      assert.equal(
        (await adminClient.queues.items.get(rowOf(node, 'queueItem').queueItem.Id, { folder: gone.folder })).Status,
        'Deleted',
      );
    const reference = gone.queueItem.Reference ?? `item ${gone.queueItem.Id}`;
    assert.match(ctx.log.recent().join('\n'), new RegExp(`2 deleted; 1 failed: ${reference}: not deleted`));
  });

  it('a read-only connection refuses Delete of a selection with 0 requests and no question', async function () {
    this.timeout(30_000);
    const rows = (await statusRows(['Shared'], 'OrderQueue', 'New')).slice(0, 2);
    const original = config().get<Record<string, unknown>[]>('connections')!;
    try {
      await config().update(
        'connections',
        original.map((c) => ({ ...c, protection: 'readOnly' })),
        vscode.ConfigurationTarget.Global,
      );
      for (let i = 0; i < 50 && sandbox().protection !== 'readOnly'; i++) await new Promise((r) => setTimeout(r, 100));
      const { result, requests } = await sentDuring(() =>
        answering(ctx, [], () => vscode.commands.executeCommand('orchestrator.deleteQueueItems', rows[0], rows)),
      );
      assert.equal(result.result, undefined);
      assert.deepEqual(result.asked, []);
      assert.deepEqual(requests, []);
      assert.match(lastError(ctx), /read-only, so "Delete 2 items of OrderQueue" was not done/);
    } finally {
      await config().update('connections', original, vscode.ConfigurationTarget.Global);
      for (let i = 0; i < 50 && sandbox().protection === 'readOnly'; i++) await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('hides 2 selected folders at once (no request) and shows them again', async () => {
    const folders = async () =>
      (await children(await child(undefined, 'Sandbox'))).filter((n) => n.row?.kind === 'folder');
    const [a, b] = (await folders()).slice(0, 2);
    const names = [label(a!), label(b!)];
    const { requests } = await sentDuring(async () =>
      vscode.commands.executeCommand('orchestrator.hideFolder', a, [a, b]),
    );
    assert.deepEqual(requests, []);
    assert.deepEqual(
      (await folders()).map(label).filter((n) => names.includes(n)),
      [],
      'both hidden',
    );
    await vscode.commands.executeCommand('orchestrator.showHiddenFolders', await child(undefined, 'Sandbox'));
    const shown = (await folders()).filter((n) => names.includes(label(n)));
    await vscode.commands.executeCommand('orchestrator.unhideFolder', shown[0], shown);
    await vscode.commands.executeCommand('orchestrator.stopShowingHiddenFolders', await child(undefined, 'Sandbox'));
    assert.deepEqual(
      (await folders())
        .map(label)
        .filter((n) => names.includes(n))
        .sort(),
      [...names].sort(),
      'both back',
    );
  });
});
