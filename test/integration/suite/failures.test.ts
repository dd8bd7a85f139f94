// Issue 31 item 3, failures across the tenant, in the editor on the sandbox: the Failures row groups the seeded faults
// of the last 24 hours in one Jobs request; with the cross-folder read refused it reads folder by folder within the
// tenant's Jobs budget; the period switches; a group's job opens the job panel.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { SEEDED_DAY_FAILURES } from '../../fixtures/seededFailures';
import { activateSignedIn, faults, quiescent, rowOf, treeWalk } from './treeWalk';

describe('Failures across the tenant on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { label, children, child } = treeWalk(() => ctx.explorer);
  const client = () => ctx.clientFor(sandbox());
  const sent = () => client().transport.sent;
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const failuresRow = async () => child(await child(undefined, 'Sandbox'), 'Failures');
  const click = async (row: TreeNode) => {
    const command = row.item().command;
    assert.ok(command, `${label(row)} runs something when clicked`);
    return vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
  };
  /** The process rows under Failures, as process → message → count read from the rows' labels and descriptions. */
  const groupsShown = async (failures: TreeNode) => {
    const shown: Record<string, Record<string, number>> = {};
    for (const process of (await children(failures)).filter((row) => row.id.includes('/process/'))) {
      shown[label(process)] = {};
      for (const group of await children(process))
        shown[label(process)]![label(group)] = Number(/^×(\d+)/.exec(String(group.item().description))?.[1]);
    }
    return shown;
  };
  const seededShown = (shown: Record<string, Record<string, number>>) =>
    Object.fromEntries(Object.keys(SEEDED_DAY_FAILURES).map((process) => [process, shown[process]]));

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    await config().update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
    await children(await child(undefined, 'Sandbox'));
    await quiescent(sent);
  });
  afterEach(async () => {
    await faults([]);
  });
  after(async () => {
    await config().update('explorer.autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('groups the seeded faults of the last 24 hours by process and message, in one Jobs request', async function () {
    this.timeout(60_000);
    const failures = await failuresRow();
    ctx.explorer.refresh(failures);
    const before = sent();
    const rows = await children(failures);
    assert.equal(sent() - before, 1, 'one cross-folder Jobs request (fewer faults than a page)');
    assert.match(label(rows[0]!), /Showing the last 24 hours · switch to the last 7 days/);
    assert.deepEqual(seededShown(await groupsShown(failures)), SEEDED_DAY_FAILURES);
    assert.equal(sent() - before, 1, 'groups and jobs expand from what was read');
    assert.match(String(failures.item().description), /^\d+ in the last 24 hours$/);
  });

  it('switches to 7 days from its period row: one Jobs request, and the weekly Payroll faults appear', async function () {
    this.timeout(60_000);
    const failures = await failuresRow();
    await children(failures);
    const before = sent();
    assert.equal(await click((await children(failures))[0]!), 'week');
    const rows = await children(failures);
    assert.equal(sent() - before, 1);
    assert.match(label(rows[0]!), /Showing the last 7 days/);
    assert.ok(
      rows.some((row) => label(row) === 'Payroll.Dispatcher_Production'),
      rows.map(label).join(', '),
    );
    assert.equal(await click(rows[0]!), 'day');
    await children(failures);
  });

  it('with the cross-folder read refused, reads one folder at a time within the Jobs budget', async function () {
    this.timeout(120_000);
    const failures = await failuresRow();
    const folders = (await client().folders.list()).items.length;
    // The Jobs reads of the suites before (a sliding minute) count against the budget: start with room for all.
    const scheduler = ctx.schedulerFor(sandbox().id)!;
    const room = () => scheduler.state().budget - scheduler.state().used - scheduler.state().queued;
    for (let i = 0; i < 70 && room() < 1 + folders; i++) await new Promise((done) => setTimeout(done, 1_000));
    assert.ok(room() >= 1 + folders, `room in the Jobs budget for ${1 + folders} reads: ${room()}`);
    await faults([{ path: '*/odata/Jobs', methods: ['GET'], status: 403, times: 1 }]);
    ctx.explorer.refresh(failures);
    const before = sent();
    const rows = await children(failures);
    const jobsRequests = sent() - before - 1; // the Folders read is not rate limited
    assert.equal(jobsRequests, 1 + folders, 'the refused read, then one per folder');
    assert.ok(jobsRequests <= ctx.schedulerFor(sandbox().id)!.state().budget, 'never beyond the budget');
    assert.ok(
      rows.some(
        (row) => label(row) === `Read ${folders} folders one by one; the service refused a read across folders.`,
      ),
      rows.map(label).join(', '),
    );
    assert.deepEqual(seededShown(await groupsShown(failures)), SEEDED_DAY_FAILURES);
  });

  it("a group's job opens the job panel in the job's folder", async function () {
    this.timeout(60_000);
    const failures = await failuresRow();
    const invoice = await child(failures, 'Invoice.Processing_Production');
    const group = await child(invoice, 'Invoice total is missing for [id]');
    const jobs = await children(group);
    assert.equal(
      jobs.length,
      SEEDED_DAY_FAILURES['Invoice.Processing_Production']['Invoice total is missing for [id]'],
    );
    const { job, folder } = rowOf(jobs[0]!, 'job');
    assert.equal(job.State, 'Faulted');
    assert.equal(await click(jobs[0]!), job.Key);
    const panel = ctx.panels.jobPanel({ connectionId: sandbox().id, folderId: folder.id, jobKey: job.Key });
    assert.ok(panel, 'the panel is registered under the job and its folder');
    const payables = (await client().folders.list()).items.find((f) => f.DisplayName === 'Accounts Payable');
    assert.equal(folder.id, payables?.Id);
  });
});
