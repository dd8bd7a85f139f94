import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { ArgumentField } from '../../../src/core/orchestrator/argumentFields';
import type { Release } from '../../../src/core/orchestrator/schemas';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { fieldStep, RECONCILE_INPUTS, startJobAnswers, startJobFields } from './processInputs';
import { activateSignedIn, jobsEnded, rowOf, treeWalk } from './treeWalk';

const PROCESS = 'Reconcile.Processing_Production';

describe('Start Job, step by step, as a user answers it', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const client = () => ctx.clientFor(sandbox());
  const { child, children } = treeWalk(() => ctx.explorer);
  // Rows are walked from the root each time: a settings change rebuilds the tree, and a row held from before is gone.
  const devLab = async () => child(await child(undefined, 'Sandbox'), 'Dev Lab');
  const processRow = async () => child(await child(await devLab(), 'Processes'), PROCESS);
  /** A job's row under Dev Lab › Jobs, reloaded first (the row Run Again is run on). */
  const jobRow = async (key: string) => {
    const jobs = await child(await devLab(), 'Jobs');
    ctx.explorer.refresh(jobs);
    const row = (await children(jobs)).find((r) => r.row?.kind === 'job' && r.row.job.Key === key);
    assert.ok(row, `the job ${key} under Jobs`);
    return row;
  };
  let release: Release;
  let folder: { id: number };
  let fields: ArgumentField[];
  /** Dev Lab's processes: the process is a step of its own only when there are several. */
  let several: boolean;

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    ({ release, folder } = rowOf(await processRow(), 'process'));
    fields = await startJobFields(client(), release, folder);
    several = (await client().releases.list({ folder })).items.length > 1;
  });
  after(async function () {
    this.timeout(60_000);
    await jobsEnded(ctx);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('from the palette: the folder, then the process; Back returns to earlier steps with their answers, the summary starts', async function () {
    this.timeout(30_000);
    const process: Answer[] = several ? [{ title: 'Start Job: process', pick: PROCESS }] : [];
    const [robots, count, ...rest] = startJobAnswers(fields, RECONCILE_INPUTS, { count: '2' });
    const { result, asked } = await answering(
      ctx,
      [
        // Only one connection is signed in: it is not asked for.
        { title: 'Start Job: folder', pick: 'Dev Lab' },
        ...process,
        robots!,
        count!,
        { title: fieldStep(fields[0]!.name), back: true },
        { title: /: how many jobs$/, back: true },
        { title: /: robots$/, pick: 'A number of jobs' },
        { title: /: how many jobs$/, answer: '1' },
        ...rest.slice(0, -1),
        // The summary's rows only show what is sent: choosing one starts nothing.
        { title: /: confirm$/, pick: /^Dev Lab$/, refused: /shows what will be sent/ },
        { title: /: confirm$/, pick: /^Start / },
      ],
      () => vscode.commands.executeCommand<string[]>('orchestrator.startJob'),
    );
    assert.equal(result?.length, 1, 'one job');
    const folderPick = asked[0]!;
    assert.ok(
      folderPick.items?.includes('Dev Lab') && folderPick.items.includes('Shared/Finance/Invoices'),
      folderPick.items?.join(', '),
    );
    const titles = asked.map((a) => a.title.replace(`Start Job — ${PROCESS}: `, ''));
    const field = titles[titles.indexOf('how many jobs') + 1]!;
    assert.match(field, /^in_\w+ \(/, 'the first argument follows the count');
    assert.deepEqual(titles.slice(0, titles.lastIndexOf('how many jobs') + 1), [
      'Start Job: folder',
      ...(several ? ['Start Job: process'] : []),
      'robots',
      'how many jobs',
      field,
      'how many jobs',
      'robots',
      'how many jobs',
    ]);
    const counts = asked.filter((a) => a.title.endsWith('how many jobs'));
    assert.deepEqual(
      counts.map((a) => [a.value, a.canGoBack]),
      [
        ['1', true],
        ['2', true],
        ['2', true],
      ],
      'Back shows the count typed before',
    );
    assert.ok(
      asked.filter((a) => a.title.endsWith(': robots')).every((a) => a.canGoBack === several),
      'Back from the first step only when the process was a step',
    );
    const summary = asked.at(-1)!;
    assert.deepEqual(summary.refusals, [
      'This row shows what will be sent. Choose Start, Cancel, or go Back to change it.',
    ]);
    assert.deepEqual(summary.items?.slice(0, 2), [`$(play) Start ${PROCESS}`, 'Cancel']);
    assert.ok(summary.items?.includes('$(symbol-field) in_CutOffDate'), summary.items?.join(' | '));
  });

  it('from the palette with only read-only connections signed in: says so before any picker, naming them; Submit Idea too', async function () {
    this.timeout(30_000);
    const config = () => vscode.workspace.getConfiguration('orchestrator');
    const original = config().get<Record<string, unknown>[]>('connections')!;
    /** Settings reach the extension a moment after they are written: until it reads these protections. */
    const settle = async (protections: string[]) => {
      const now = () => ctx.connections.all().map((c) => c.protection);
      for (let i = 0; i < 50 && JSON.stringify(now()) !== JSON.stringify(protections); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(now(), protections);
    };
    const readOnly = original.map((c) => ({ ...c, protection: 'readOnly' }));
    try {
      // A connection that allows changes but is not signed in: the palette offers Start Job, which needs a signed-in one.
      await config().update(
        'connections',
        [...readOnly, { ...original[0], label: 'Elsewhere', tenant: 'spare', protection: 'normal' }],
        vscode.ConfigurationTarget.Global,
      );
      await settle([...readOnly.map(() => 'readOnly'), 'normal']);
      const before = await client().jobs.list({ folder, query: { top: 1, count: true } });
      const started = await answering(
        ctx,
        [{ title: /\bSandbox\b.* read-only, so Start Job cannot run there\. .*Edit Connection/, cancel: true }],
        () => vscode.commands.executeCommand('orchestrator.startJob'),
      );
      assert.equal(started.result, undefined);
      assert.deepEqual(
        started.asked.map((a) => [a.kind, a.items]),
        [['confirm', ['Edit Connection…']]],
        'one notification, no folder or process picker',
      );
      assert.doesNotMatch(started.asked[0]!.title, /Elsewhere/, 'only the connections it could use are named');
      assert.equal((await client().jobs.list({ folder, query: { top: 1, count: true } })).count, before.count);

      await config().update('connections', readOnly, vscode.ConfigurationTarget.Global);
      await settle(readOnly.map(() => 'readOnly'));
      const names = original.map((c) => c.label as string).join(', ');
      const idea = await answering(
        ctx,
        [{ title: `${names} are read-only, so Submit Idea cannot run there.`, cancel: true }],
        () => vscode.commands.executeCommand('orchestrator.submitIdea'),
      );
      assert.equal(idea.result, undefined);
      assert.equal(idea.asked.length, 1, 'no picker, no idea form');
    } finally {
      await config().update('connections', original, vscode.ConfigurationTarget.Global);
      await settle(original.map((c) => (c.protection as string | undefined) ?? 'normal'));
    }
  });

  it('Run Again from a job row: the process is known, the arguments are filled in; Enter through every step repeats the job', async function () {
    this.timeout(30_000);
    const { result: keys } = await answering(ctx, startJobAnswers(fields, RECONCILE_INPUTS), async () =>
      vscode.commands.executeCommand<string[]>('orchestrator.startJob', await processRow()),
    );
    const job = await client().jobs.get(keys![0]!, { folder });
    const enter: Answer[] = [
      /: robots$/,
      /: how many jobs$/,
      ...fields.map((f) => fieldStep(f.name)),
      /: confirm$/,
    ].map((title) => ({ title, enter: true }));
    const { result: again, asked } = await answering(ctx, enter, async () =>
      vscode.commands.executeCommand<string[]>('orchestrator.startJob', await jobRow(job.Key)),
    );
    assert.equal(again?.length, 1);
    assert.ok(!asked.some((a) => /process$/.test(a.title)), 'no process step');
    const cutOff = asked.find((a) => fieldStep('in_CutOffDate').test(a.title));
    assert.equal(cutOff?.value, RECONCILE_INPUTS.in_CutOffDate);
    assert.deepEqual(
      JSON.parse((await client().jobs.get(again[0]!, { folder })).InputArguments!),
      JSON.parse(job.InputArguments!),
      'the same arguments',
    );
  });

  it('Cancel on the summary, or Escape at any step, starts nothing', async function () {
    this.timeout(30_000);
    const row = await processRow();
    const jobs = async () => (await client().jobs.list({ folder, query: { top: 1, count: true } })).count;
    const before = await jobs();
    const answers = startJobAnswers(fields, RECONCILE_INPUTS);
    assert.equal(
      (
        await answering(ctx, [...answers.slice(0, -1), { title: /: confirm$/, pick: 'Cancel' }], () =>
          vscode.commands.executeCommand('orchestrator.startJob', row),
        )
      ).result,
      undefined,
    );
    assert.equal(
      (
        await answering(ctx, [answers[0]!, { title: /: how many jobs$/, cancel: true }], () =>
          vscode.commands.executeCommand('orchestrator.startJob', row),
        )
      ).result,
      undefined,
    );
    assert.equal(await jobs(), before);
  });
});
