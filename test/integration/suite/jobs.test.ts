import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { faults, quiescent, treeWalk } from './treeWalk';
import { fieldStep, RECONCILE_INPUTS } from './processInputs';
import { reconcileSuite } from './reconcileSuite';
import { jobTools } from './jobTools';

const VALID = RECONCILE_INPUTS;

describe('Jobs, logs and argument documents on the sandbox', () => {
  // Signed in, auto-refresh off, Dev Lab's Reconcile row and its steps; Start Job on it (reconcileSuite.ts).
  const suite = reconcileSuite();
  const { client, sent, config, devLab, start, escapeAt, jobRow } = suite;
  let ctx: Ctx;
  let folder: { id: number };
  before(() => void ({ ctx, folder } = suite.state()));
  const { children, child } = treeWalk(() => ctx.explorer);
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
});
