import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { eq } from '../../../src/core/odata/filter';
import { faults, jobsEnded, quiescent, rowOf, treeWalk, lastError as lastErrorOf } from './treeWalk';
import { fieldStep, RECONCILE_INPUTS, startJobAnswers, startJobFields, type HowToStart } from './processInputs';
import type { ArgumentField } from '../../../src/core/orchestrator/argumentFields';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { extensionContext } from '../../support/extensionContext';
import { jobTools } from './jobTools';

const VALID = RECONCILE_INPUTS;

describe('Jobs, logs and argument documents on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { children, child } = treeWalk(() => ctx.explorer);
  const client = () => ctx.clientFor(sandbox());
  const sent = () => client().transport.sent;
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  // Walked from the root each time: a settings change (the tail level) rebuilds the tree, and a row held from
  // before is gone.
  const devLab = async () => child(await child(undefined, 'Sandbox'), 'Dev Lab');
  let processRow: TreeNode;
  let folder: { id: number };
  /** The argument steps of the process, in order. */
  let fields: ArgumentField[];

  before(async function () {
    this.timeout(60_000);
    ctx = await extensionContext();
    await ctx.ready;
    await ctx.auth.createSession([`connection:${sandbox().id}`]);
    // Request counts below must not include the tree's own auto-refresh of expanded Jobs rows.
    await config().update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
    processRow = await child(await child(await devLab(), 'Processes'), 'Reconcile.Processing_Production');
    folder = rowOf(processRow, 'process').folder;
    fields = await startJobFields(client(), rowOf(processRow, 'process').release, folder);
    await quiescent(sent);
  });
  after(async function () {
    this.timeout(60_000);
    await jobsEnded(ctx);
    await faults([]);
    await config().update('logs.minimumLevel', undefined, vscode.ConfigurationTarget.Global);
    await config().update('explorer.autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  /** Start Job on the process row, its steps answered with these arguments. */
  const start = async (inputs: Record<string, string>, how: HowToStart = {}) =>
    (
      await answering(ctx, startJobAnswers(fields, inputs, how), () =>
        vscode.commands.executeCommand<string[] | undefined>('orchestrator.startJob', processRow),
      )
    ).result;
  /** Start Job answered as a valid start up to the step titled `at`, where the user gives `there` and then Escape. */
  const escapeAt = (at: RegExp, there: Answer[] = [], how: HowToStart = {}) => {
    const answers = startJobAnswers(fields, VALID, how);
    const index = answers.findIndex((a) => String(a.title) === String(at));
    assert.ok(index >= 0, `a step titled ${String(at)} among ${answers.map((a) => String(a.title)).join(', ')}`);
    return answering(
      ctx,
      [...answers.slice(0, index), ...there.map((a) => ({ title: at, ...a })), { title: at, cancel: true }],
      () => vscode.commands.executeCommand('orchestrator.startJob', processRow),
    );
  };
  const lastError = () => lastErrorOf(ctx);
  /** A job's row under Dev Lab › Jobs (a start reloads it), which Tail Logs, Stop and Show Output are run on. */
  const jobRow = async (key: string) => {
    const row = (await children(await child(await devLab(), 'Jobs'))).find(
      (r) => r.row?.kind === 'job' && r.row.job.Key === key,
    );
    assert.ok(row, `the job ${key} under Jobs`);
    return row;
  };
  const { ended, fullLog } = jobTools(
    () => ctx,
    client,
    () => folder,
  );

  it('refuses each kind of invalid argument before sending anything', async function () {
    this.timeout(30_000);
    const bad: [string, string, RegExp][] = [
      ['in_CutOffDate', '', /in_CutOffDate is required/],
      ['in_DryRun', '12.5', /in_DryRun must be a whole number/],
      ['in_DryRun', '9007199254740993', /in_DryRun must be a whole number/],
      ['in_Recipients', '2147483648', /in_Recipients is out of range/],
      ['in_InvoiceFolder', 'next Tuesday', /in_InvoiceFolder must be a date and time/],
      ['in_MaxItems', '1e3', /in_MaxItems must be a number/],
      ['in_RetryCount', 'ops@example.test', /in_RetryCount is not valid JSON/],
      ['in_RetryCount', '["a", 1]', /in_RetryCount\[1\] must be text/],
      ['in_CutOffDate', 'x'.repeat(10_000), /limit is 10,000/],
    ];
    const jobsBefore = (await client().jobs.list({ folder, query: { top: 1, count: true } })).count;
    for (const [name, text, message] of bad) {
      const before = sent();
      const { result, asked } = await escapeAt(fieldStep(name), [{ answer: text, refused: message }]);
      assert.equal(result, undefined);
      assert.match(asked.at(-1)?.refusals[0] ?? '', message);
      assert.equal(
        sent() - before,
        1,
        `only the argument declarations were read (${message}): ${client()
          .transport.recent.slice(-(sent() - before))
          .join(' | ')}`,
      );
    }
    // A boolean is chosen, never typed: only true and false are offered (and leaving it unset, when it may be).
    const { asked } = await escapeAt(fieldStep('in_Options'));
    assert.deepEqual(
      asked
        .at(-1)
        ?.items?.filter((label) => label !== 'Leave unset')
        .sort(),
      ['false', 'true'],
    );
    await escapeAt(/: how many jobs$/, [
      { answer: '0', refused: /from 1 to 100/ },
      { answer: '101', refused: /from 1 to 100/ },
    ]);
    await escapeAt(/: which robots$/, [{ pick: [], refused: /Choose at least one/ }], { strategy: 'Specific' });
    assert.equal(
      (await client().jobs.list({ folder, query: { top: 1, count: true } })).count,
      jobsBefore,
      'no job was started',
    );
  });

  it('starts a job with typed arguments, watches it to the end through Jobs(<key>), and tails exactly its log', async function () {
    this.timeout(60_000);
    await config().update('logs.minimumLevel', 'Verbose', vscode.ConfigurationTarget.Global);
    const keys = await start(VALID);
    assert.equal(keys?.length, 1);
    const key = keys[0]!;
    assert.ok(ctx.jobs.isWatched(key), 'the started job is watched');
    const job = await client().jobs.get(key, { folder });
    assert.deepEqual(
      JSON.parse(job.InputArguments!),
      {
        in_Recipients: 5,
        in_RetryCount: ['ops@example.test'],
        in_CutOffDate: 'Q4 close',
        in_InvoiceFolder: '2026-01-31T09:00:00Z',
        in_DryRun: 9007199254740991,
        in_Options: true,
        in_MaxItems: 12.5,
      },
      'typed values merged over the process values',
    );
    const end = ended(key);
    const tailId = await vscode.commands.executeCommand<string>('orchestrator.tailLogs', await jobRow(key));
    const tail = ctx.tails.get(tailId)!;
    assert.equal(
      vscode.window.activeTextEditor?.document.uri.toString(),
      tail.uri.toString(),
      'the tail opens in an editor',
    );
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'log');
    const watched = await end;
    assert.equal(watched.job.State, 'Successful');
    assert.ok(watched.job.OutputArguments, 'the final read carries the output arguments');
    await tail.done;
    assert.equal(tail.state, 'finished');
    const expected = await fullLog(key);
    assert.ok(expected.length > 10, `${expected.length} lines`);
    assert.deepEqual(
      tail.lines(),
      expected,
      'the tail equals the full log: same lines, same order, no gap, no duplicate',
    );
    // The document redraws a moment after the last line (redraws are batched).
    const document = vscode.window.activeTextEditor!.document;
    for (let i = 0; i < 25 && !/every line has been read/.test(document.getText()); i++)
      await new Promise((r) => setTimeout(r, 100));
    assert.match(document.getText(), /every line has been read/);
    assert.equal(
      document
        .getText()
        .split('\n')
        .filter((l) => /^\d{4}-/.test(l)).length,
      expected.length,
      'the document shows every line',
    );
    // The job row shows the final state after the watcher reloaded it.
    const jobs = await children(await child(await devLab(), 'Jobs'));
    const listed = jobs.find((r) => r.row?.kind === 'job' && r.row.job.Key === key);
    assert.ok(listed, 'the new job is listed');
    // Output arguments open read-only.
    const outputUri = await vscode.commands.executeCommand<string>('orchestrator.showJobOutput', listed);
    assert.deepEqual(Object.keys(JSON.parse(vscode.window.activeTextEditor!.document.getText())), [
      'out_Result',
      'out_Processed',
    ]);
    assert.equal(
      (await vscode.workspace.fs.stat(vscode.Uri.parse(outputUri))).permissions,
      vscode.FilePermission.Readonly,
    );
  });

  it('shows only the configured levels and above', async function () {
    this.timeout(60_000);
    await config().update('logs.minimumLevel', 'Information', vscode.ConfigurationTarget.Global);
    const key = (await start(VALID))![0]!;
    const tail = ctx.tails.get(
      await vscode.commands.executeCommand<string>('orchestrator.tailLogs', await jobRow(key)),
    )!;
    await tail.done;
    const all = await fullLog(key);
    assert.ok(
      all.some((l) => l.includes('[debug]')),
      'the job wrote Trace lines',
    );
    assert.deepEqual(
      tail.lines(),
      all.filter((l) => !l.includes('[debug]') && !l.includes('[trace]')),
    );
  });

  it('keeps the tail whole through connection resets and a 429 storm', async function () {
    this.timeout(90_000);
    await config().update('logs.minimumLevel', 'Verbose', vscode.ConfigurationTarget.Global);
    const key = (await start(VALID))![0]!;
    const row = await jobRow(key);
    await faults([
      { path: '*/odata/RobotLogs*', reset: true, times: 3 },
      { path: '*/odata/RobotLogs*', status: 429, retryAfter: 1, times: 8 },
    ]);
    const tail = ctx.tails.get(await vscode.commands.executeCommand<string>('orchestrator.tailLogs', row))!;
    await tail.done;
    const left = (await (await fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/faults`)).json()) as {
      rules: { times?: number }[];
    };
    await faults([]);
    assert.deepEqual(
      left.rules.map((r) => r.times),
      [0, 0],
      'every reset and every 429 was served to the tail',
    );
    assert.equal(tail.state, 'finished');
    const lines = tail.lines();
    assert.equal(new Set(lines).size, lines.length, 'no duplicate');
    assert.deepEqual(lines, await fullLog(key), 'no gap');
  });

  it('says "unknown", not "failed", when StartJobs is answered 504 after the service started the job; sends it once', async function () {
    this.timeout(30_000);
    const count = async () => (await client().jobs.list({ folder, query: { top: 1, count: true } })).count!;
    const jobsBefore = await count();
    const errorsBefore = ctx.log.recent().filter((l) => l.startsWith('error ')).length;
    await quiescent(sent);
    const sentBefore = sent();
    await faults([{ path: '*/odata/Jobs/*', methods: ['POST'], status: 504, after: true, times: 1 }]);
    assert.equal(await start(VALID), undefined);
    const posts = client()
      .transport.recent.slice(-(sent() - sentBefore))
      .filter((r) => r.startsWith('POST'));
    await faults([]);
    assert.equal(posts.length, 1, `one StartJobs: ${posts.join(' | ')}`);
    const told =
      ctx.log
        .recent()
        .filter((l) => l.startsWith('warn '))
        .at(-1) ?? '';
    assert.match(
      told,
      /The start request for Reconcile\.Processing_Production was sent, but no clean answer came back/,
    );
    assert.match(told, /The outcome is unknown: the job may or may not have started\. Show Jobs/);
    assert.doesNotMatch(told, /\bfailed\b/i);
    assert.equal(ctx.log.recent().filter((l) => l.startsWith('error ')).length, errorsBefore, 'no error was shown');
    assert.equal(await count(), jobsBefore + 1, 'the job exists on the sandbox, started once');
  });

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
