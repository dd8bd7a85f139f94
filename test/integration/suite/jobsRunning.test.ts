// Stop Job, starts on chosen robots and from a package row, Show Running Jobs and Stop Tailing (named to run right
// after jobs.test.ts).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { eq } from '../../../src/core/odata/filter';
import { rowOf, treeWalk, lastError as lastErrorOf } from './treeWalk';
import { RECONCILE_INPUTS, startJobAnswers } from './processInputs';
import type { ArgumentField } from '../../../src/core/orchestrator/argumentFields';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { reconcileSuite } from './reconcileSuite';
import { jobTools } from './jobTools';

const VALID = RECONCILE_INPUTS;

describe('Jobs on the sandbox: stop, robots, package rows, running jobs, tails', () => {
  // Signed in, auto-refresh off, Dev Lab's Reconcile row and its steps; Start Job on it (reconcileSuite.ts).
  const suite = reconcileSuite();
  const { client, devLab, start, jobRow } = suite;
  let ctx: Ctx;
  let processRow: TreeNode;
  let folder: { id: number };
  let fields: ArgumentField[];
  before(() => void ({ ctx, processRow, folder, fields } = suite.state()));
  const { children, child } = treeWalk(() => ctx.explorer);
  const lastError = () => lastErrorOf(ctx);
  const { ended } = jobTools(
    () => ctx,
    client,
    () => folder,
  );

  it('stops a running job after confirmation and watches it to Stopped', async function () {
    this.timeout(60_000);
    const key = (await start(VALID))![0]!;
    let job = await client().jobs.get(key, { folder });
    for (let i = 0; i < 50 && job.State !== 'Running'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = await client().jobs.get(key, { folder });
    }
    assert.equal(job.State, 'Running');
    const end = ended(key);
    const row = await jobRow(key);
    const declined = await answering(ctx, [{ title: /^Kill Reconcile/, cancel: true }], () =>
      vscode.commands.executeCommand('orchestrator.killJob', row),
    );
    assert.equal(declined.result, undefined, 'Kill declined: nothing done');
    assert.match(declined.asked[0]?.prompt ?? '', /ended at once/);
    const stopped = await answering(ctx, [{ title: /^Stop Reconcile/, choose: 'Stop' }], () =>
      vscode.commands.executeCommand('orchestrator.stopJob', row),
    );
    assert.equal(stopped.result, key);
    assert.equal((await end).job.State, 'Stopped');
    // Refused before asking: the script has no answer for a question.
    assert.equal(
      (await answering(ctx, [], () => vscode.commands.executeCommand('orchestrator.killJob', row))).result,
      undefined,
    );
    assert.match(lastError(), /already finished \(Stopped\)/);
  });

  it('starts on specific robots of the environment, or one job per robot with All', async function () {
    this.timeout(30_000);
    const { release } = rowOf(processRow, 'process');
    assert.ok(release.EnvironmentId != null, 'the process runs in an environment');
    const robots = (await client().assets.environmentRobots(release.EnvironmentId, { folder })).items;
    assert.ok(robots.length >= 2);
    const specific = await start(VALID, { strategy: 'Specific', robots: [robots[1]!.Name] });
    assert.equal(specific?.length, 1);
    assert.equal(
      (await client().jobs.get(specific[0]!, { folder })).HostMachineName,
      robots[1]!.MachineName,
      'on the chosen robot',
    );
    const all = await start(VALID, { strategy: 'All' });
    assert.equal(all?.length, robots.length, 'one job per robot of the environment');
    assert.ok(
      all.every((key) => ctx.jobs.isWatched(key)),
      'every started job is watched',
    );
  });

  it('starts from a package row (its process in the folder) and remembers the last arguments', async function () {
    this.timeout(30_000);
    const pkg = await child(await child(await devLab(), 'Packages'), 'Reconcile.Processing');
    // The package's processes in the folder; the process is a step of its own only when there are several.
    const processes = (
      await client().releases.list({ folder, query: { filter: eq('ProcessKey', 'Reconcile.Processing') } })
    ).items;
    const which: Answer[] =
      processes.length > 1 ? [{ title: 'Start Job: process', pick: 'Reconcile.Processing_Production' }] : [];
    const { result: keys } = await answering(ctx, [...which, ...startJobAnswers(fields, VALID)], () =>
      vscode.commands.executeCommand<string[]>('orchestrator.startJob', pkg),
    );
    assert.equal(keys?.length, 1);
    const remembered = ctx.extension.workspaceState.get<Record<string, Record<string, string>>>(
      'orchestrator.lastArguments',
      {},
    );
    assert.ok(Object.values(remembered).some((r) => r.in_CutOffDate === 'Q4 close'));
    const claims = await child(await child(await child(await devLab(), 'Packages'), 'Feed'), 'Claims.Processing');
    assert.equal(
      (await answering(ctx, [], () => vscode.commands.executeCommand('orchestrator.startJob', claims))).result,
      undefined,
    );
    assert.match(lastError(), /No process in Dev Lab runs Claims\.Processing/);
  });

  it('Show Running Jobs: a watched job is picked, then what to do with it', async function () {
    this.timeout(30_000);
    await start(VALID);
    const { result: tailId, asked } = await answering(
      ctx,
      [
        { title: 'Running jobs', pick: 'Reconcile.Processing_Production' },
        { title: 'Reconcile.Processing_Production', pick: 'Tail Logs' },
      ],
      () => vscode.commands.executeCommand<string>('orchestrator.showWatchedJobs'),
    );
    assert.ok(asked[0]?.items?.includes('Reconcile.Processing_Production'), 'the job just started is listed');
    assert.deepEqual(asked[1]?.items, ['$(output) Tail Logs', '$(debug-stop) Stop', '$(close) Kill']);
    assert.ok(ctx.tails.get(tailId), 'its log is tailed');
  });

  it('Stop Tailing asks which log when several are followed and none is in front', async function () {
    this.timeout(30_000);
    for (const tail of ctx.tails.following()) ctx.tails.stop(tail.id);
    const robots = (await children(await child(await devLab(), 'Robots & Sessions')))
      .filter((r) => r.item().contextValue === 'robot')
      .slice(0, 2);
    assert.equal(robots.length, 2);
    for (const robot of robots) await vscode.commands.executeCommand('orchestrator.tailLogs', robot);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'not a log' }));
    const following = ctx.tails.following();
    const { result, asked } = await answering(ctx, [{ title: 'Stop tailing which log?', pick: /./ }], () =>
      vscode.commands.executeCommand<string>('orchestrator.stopTailing'),
    );
    assert.equal(asked[0]?.items?.length, following.length, 'every followed log is offered');
    assert.notEqual(ctx.tails.get(result)?.state, 'following', 'the one chosen stopped');
    for (const tail of ctx.tails.following()) ctx.tails.stop(tail.id);
  });
});
