// Issue 31 item 2, Recent Runs under a process, in the editor on the sandbox: the seeded run history of
// Invoice.Dispatcher (Zurich Operations › Accounts Payable, 28 runs) read in one Jobs request per expand and per
// Refresh of the folder, its figures in the row, each run opening the job panel.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { activateSignedIn, quiescent, resetTally, rowOf, tally, treeWalk } from './treeWalk';
import { mainServicePath } from './sandboxPaths';
import { eq } from '../../../src/core/odata/filter';

const PROCESS = 'Invoice.Dispatcher_Production';

describe('Recent Runs under a process on the sandbox', () => {
  let ctx: Ctx;
  const { label, children, child } = treeWalk(() => ctx.explorer);
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const client = () => ctx.clientFor(sandbox());
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const sent = () => client().transport.sent;
  const folder = async () =>
    child(await child(await child(undefined, 'Sandbox'), 'Zurich Operations'), 'Accounts Payable');
  const recentRuns = async () => {
    const process = await child(await child(await folder(), 'Processes'), PROCESS);
    return child(process, 'Recent Runs');
  };
  const jobsRead = async () => (await tally())[`GET ${mainServicePath()}/odata/Jobs`] ?? 0;

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    await config().update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
    await children(await folder());
    await quiescent(sent);
  });
  after(async () => {
    // Signed out first: nothing this suite showed reads again while the settings go back.
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await config().update('explorer.autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  it('shows the seeded runs with one Jobs request per expand and per Refresh; a run opens its panel', async function () {
    this.timeout(90_000);
    const folderRow = await folder();
    const { folder: where } = rowOf(folderRow, 'folder');
    const expected = (
      await client().jobs.list({
        folder: where,
        query: { filter: eq('ReleaseName', PROCESS), top: 50, orderBy: [{ path: 'CreationTime', desc: true }] },
      })
    ).items;
    // The seeded 28, and any run an earlier suite started (Run Again, the agent tools).
    assert.ok(expected.length >= 28, `the seeded history: 28 runs over 7 days, got ${expected.length}`);
    await quiescent(sent);
    await resetTally();

    const row = await recentRuns();
    assert.equal(await jobsRead(), 0, 'expanding the process reads no job');
    const runs = await children(row);
    assert.equal(await jobsRead(), 1, 'one Jobs request');
    assert.deepEqual(
      runs.map((r) => rowOf(r, 'job').job.Key),
      expected.map((j) => j.Key),
      'the runs, newest first',
    );
    const successful = expected.filter((j) => j.State === 'Successful').length;
    const rate = Math.round((successful / expected.length) * 100);
    assert.match(String(row.item().description), new RegExp(`^${rate} % successful · median \\d`));
    const tooltip = row.item().tooltip;
    assert.match(
      tooltip && typeof tooltip !== 'string' ? tooltip.value : '',
      new RegExp(`${expected.length} runs read`),
    );
    assert.match(String(runs[0]!.item().description), new RegExp(`^${expected[0]!.State} · `));
    await children(row);
    assert.equal(await jobsRead(), 1, 'kept while shown');

    // Refresh with the folder: the Processes are read again, and Recent Runs once more when it is expanded.
    ctx.explorer.refresh(folderRow);
    const again = await children(await recentRuns());
    assert.equal(again.length, expected.length);
    assert.equal(await jobsRead(), 2, 'one more Jobs request after the folder’s Refresh');

    // A click opens the run's job panel.
    const run = again.find((r) => rowOf(r, 'job').job.State === 'Faulted') ?? again[0]!;
    const command = run.item().command;
    assert.ok(command, `${label(run)} opens something`);
    const { job } = rowOf(run, 'job');
    assert.equal(await vscode.commands.executeCommand(command.command, ...(command.arguments ?? [])), job.Key);
    assert.ok(ctx.panels.jobPanel({ connectionId: sandbox().id, folderId: where.id, jobKey: job.Key }));
  });
});
