import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import type { JobPanel } from '../../../src/host/webviews/jobPanel';
import type { JobPanelToWebview } from '../../../src/shared/protocol/jobPanel';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { reconcileSuite } from './reconcileSuite';
import { fieldStep, RECONCILE_INPUTS, startJobAnswers, startJobFields } from './processInputs';
import { faults, quiescent, resetTally, rowOf, tally, treeWalk } from './treeWalk';
import { mainServicePath } from './sandboxPaths';
import { eq } from '../../../src/core/odata/filter';
import { jobPanelMessages as messages, jobStatesIn as statesIn, spy } from './panelSpy';

type Reply = Extract<JobPanelToWebview, { type: 'reply' }>;

describe('Job panel on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { children, child } = treeWalk(() => ctx.explorer);
  // Signed in, auto-refresh off, Dev Lab's Reconcile row (reconcileSuite.ts).
  const suite = reconcileSuite();
  const { client, sent, devLab } = suite;
  let processRow: TreeNode;
  before(() => void ({ ctx, processRow } = suite.state()));

  /** A job row of Dev Lab › Jobs, and what a click on it runs. */
  const jobRows = async () =>
    (await children(await child(await devLab(), 'Jobs'))).filter((r) => r.row?.kind === 'job');
  /** A job that ran to its end, so it wrote log lines (one stopped at once by an earlier suite may have none). */
  const finishedJobRow = async () => {
    const rows = await jobRows();
    return (
      rows.find((r) => rowOf(r, 'job').job.State === 'Faulted') ??
      rows.find((r) => rowOf(r, 'job').job.State === 'Successful')!
    );
  };
  const click = async (row: TreeNode) => {
    const command = row.item().command;
    assert.ok(command, 'a job row opens something when clicked');
    return vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
  };
  const ask = async (panel: JobPanel, message: Record<string, unknown>): Promise<Reply> => {
    const posted = spy(panel);
    assert.equal(await panel.host.receive(message), true, JSON.stringify(message));
    const reply = messages(posted).find((m): m is Reply => m.type === 'reply' && m.id === message.id);
    assert.ok(reply, `a reply to ${JSON.stringify(message)}`);
    return reply;
  };

  it('a click on a finished job row opens its panel with fields, info and the log; one panel per job', async function () {
    this.timeout(60_000);
    const row = await finishedJobRow();
    const { job, folder } = rowOf(row, 'job');
    await quiescent(sent);
    await resetTally();
    const before = sent();
    assert.equal(await click(row), job.Key);
    const identity = { connectionId: sandbox().id, folderId: folder.id, jobKey: job.Key };
    const panel = ctx.panels.jobPanel(identity)!;
    assert.ok(panel, 'the panel is registered under the job');
    await panel.load();
    const shown = panel.current;
    assert.equal(shown?.type, 'show', JSON.stringify(shown).slice(0, 300));
    if (shown?.type !== 'show') return;
    assert.equal(shown.job.key, job.Key);
    assert.equal(shown.job.state, job.State);
    assert.equal(shown.job.running, false);
    assert.ok(shown.logTotal !== null && shown.logTotal > 0, 'the log has lines');
    assert.ok(
      sent() - before <= 6,
      `the job, its log's length and its process's version (twice: the click and the load): ${sent() - before}`,
    );
    // The process and version in the header: one Releases request for the panel's load, none per poll.
    const release = (await client().releases.list({ folder, query: { filter: eq('Name', job.ReleaseName!) } }))
      .items[0]!;
    assert.deepEqual(shown.processVersion, { package: release.ProcessKey, version: release.ProcessVersion });
    const releasesRead = (await tally())[`GET ${mainServicePath()}/odata/Releases`] ?? 0;
    assert.ok(releasesRead >= 1 && releasesRead <= 2, `one Releases request per load of the panel: ${releasesRead}`);
    await click(row);
    assert.equal(ctx.panels.jobPanel(identity), panel, 'a second click reuses the panel');
    await panel.load();

    // The log: lines by number, a level, the first error.
    const lines = await ask(panel, { type: 'logLines', id: 1, from: 0, to: 50 });
    assert.equal(lines.ok, true);
    assert.equal(lines.lines?.from, 0);
    assert.equal(lines.lines?.lines.length, Math.min(50, shown.logTotal ?? 0));
    const errors = await ask(panel, { type: 'logLevel', id: 2, level: 'Error' });
    assert.ok(errors.total !== undefined && errors.total < (shown.logTotal ?? 0));
    const backToAll = await ask(panel, { type: 'logLevel', id: 3, level: 'Trace' });
    assert.ok(backToAll.total !== undefined && backToAll.total >= (shown.logTotal ?? 0));
    const first = await ask(panel, { type: 'logFirstError', id: 4 });
    if (errors.total) {
      assert.ok(typeof first.found === 'number');
      const at = await ask(panel, { type: 'logLines', id: 5, from: first.found, to: first.found + 1 });
      const line = at.lines?.lines[0];
      assert.ok(line && 'level' in line && line.level === 'Error', JSON.stringify(line));
    } else assert.equal(first.found, null);
  });

  it("shows the process's run history with one Jobs request, kept until Refresh; a run opens its own panel", async function () {
    this.timeout(60_000);
    const row = (await jobRows()).at(-1)!;
    const { job, folder } = rowOf(row, 'job');
    await quiescent(sent);
    await resetTally();
    // The page asks for the history as it opens; asking again here is answered from what was read.
    await click(row);
    const panel = ctx.panels.jobPanel({ connectionId: sandbox().id, folderId: folder.id, jobKey: job.Key })!;
    await panel.load();
    const first = await ask(panel, { type: 'history', id: 30 });
    const jobsListed = async () => (await tally())[`GET ${mainServicePath()}/odata/Jobs`] ?? 0;
    assert.equal(await jobsListed(), 1, 'one Jobs request for the history, however often it is asked');
    await ask(panel, { type: 'history', id: 31 });
    assert.equal(await jobsListed(), 1, 'kept: no second request');
    const history = first.history!;
    assert.equal(history.process, job.ReleaseName);
    const expected = await client().jobs.list({
      folder,
      query: { filter: eq('ReleaseName', job.ReleaseName!), top: 50, orderBy: [{ path: 'CreationTime', desc: true }] },
    });
    assert.deepEqual(
      history.runs.map((r) => r.key),
      expected.items.map((j) => j.Key),
      "the process's runs, newest first",
    );
    assert.equal(
      history.successful + history.faulted + history.stopped + history.unfinished,
      history.runs.length,
      'every run counted once',
    );
    assert.equal(history.faulted, expected.items.filter((j) => j.State === 'Faulted').length);
    // A key the history did not list (a job of another process, its panel not open) is dropped, as a forged one is.
    const isOpen = (jobKey: string) =>
      ctx.panels.jobPanel({ connectionId: sandbox().id, folderId: folder.id, jobKey }) !== undefined;
    const unlisted = (await jobRows())
      .map((r) => rowOf(r, 'job').job)
      .find((j) => j.ReleaseName !== job.ReleaseName && !isOpen(j.Key));
    if (unlisted) {
      const dropped = panel.host.dropped;
      assert.equal(await panel.host.receive({ type: 'openRun', id: 33, jobKey: unlisted.Key }), false);
      assert.equal(panel.host.dropped - dropped, 1);
      assert.equal(isOpen(unlisted.Key), false, 'no panel opened for it');
    }
    const other = history.runs.find((r) => r.key !== job.Key);
    if (other) {
      await ask(panel, { type: 'openRun', id: 32, jobKey: other.key });
      assert.ok(
        ctx.panels.jobPanel({ connectionId: sandbox().id, folderId: folder.id, jobKey: other.key }),
        'the run opened in a panel of its own',
      );
    }
  });

  it('First Error: a new one supersedes a pending one, and closing the panel aborts it', async function () {
    this.timeout(60_000);
    const row = await finishedJobRow();
    const { job, folder } = rowOf(row, 'job');
    await click(row);
    const panel = ctx.panels.jobPanel({ connectionId: sandbox().id, folderId: folder.id, jobKey: job.Key })!;
    await panel.load();
    const posted = spy(panel);
    const replyOf = (id: number) => messages(posted).find((m): m is Reply => m.type === 'reply' && m.id === id);
    // The log's reads answer slowly once: the first First Error is still waiting when the second comes.
    await faults([{ path: '*/odata/RobotLogs*', latencyMs: 5_000, times: 1 }]);
    try {
      const first = panel.host.receive({ type: 'logFirstError', id: 40 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await panel.host.receive({ type: 'logFirstError', id: 41 });
      await first;
      assert.deepEqual(replyOf(40), { type: 'reply', id: 40, ok: false }, 'superseded: aborted, no message');
      assert.equal(replyOf(41)?.ok, true, `${JSON.stringify(replyOf(41))} ${ctx.log.recent().slice(-3).join(' | ')}`);
      // Closing the panel aborts the one that runs.
      await faults([{ path: '*/odata/RobotLogs*', latencyMs: 5_000, times: 1 }]);
      const pending = panel.host.receive({ type: 'logFirstError', id: 42 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      panel.dispose();
      await pending;
      assert.deepEqual(replyOf(42), { type: 'reply', id: 42, ok: false }, 'closed: aborted');
    } finally {
      await faults([]);
    }
  });

  it('drops forged messages: an action outside the list, a line range out of bounds, an unknown level', async () => {
    const row = (await jobRows())[0]!;
    await click(row);
    const { job, folder } = rowOf(row, 'job');
    const panel = ctx.panels.jobPanel({ connectionId: sandbox().id, folderId: folder.id, jobKey: job.Key })!;
    await panel.load();
    const before = sent();
    const dropped = panel.host.dropped;
    const forged = [
      { type: 'request', id: 1, action: 'orchestrator.removeConnection' },
      { type: 'request', id: 2, action: 'retry' },
      { type: 'logLines', id: 3, from: -1, to: 10 },
      { type: 'logLines', id: 4, from: 0, to: 1.5 },
      { type: 'logLevel', id: 5, level: 'Debug' },
      { type: 'logFind', id: 6, text: '', from: 0 },
      { type: 'logFind', id: 7, text: 'x'.repeat(201), from: 0 },
      { type: 'logLines', id: 8, from: 0, to: 10, extra: true },
      { type: 'openRun', id: 9, jobKey: 'not-a-key' },
      { type: 'history', id: 10, process: 'Other' },
    ];
    for (const message of forged) assert.equal(await panel.host.receive(message), false, JSON.stringify(message));
    assert.equal(panel.host.dropped - dropped, forged.length);
    assert.equal(sent(), before, 'no request reached the service');
  });

  it('follows a running job live to its end, and Stop from the panel asks first and stops it', async function () {
    this.timeout(90_000);
    const folder = rowOf(processRow, 'process').folder;
    const fields = await startJobFields(client(), rowOf(processRow, 'process').release, folder);
    const started = await answering(ctx, startJobAnswers(fields, RECONCILE_INPUTS), () =>
      vscode.commands.executeCommand<string[] | undefined>('orchestrator.startJob', processRow),
    );
    const key = started.result![0]!;
    const row = (await jobRows()).find((r) => rowOf(r, 'job').job.Key === key);
    assert.ok(row, 'the started job is listed');
    await click(row);
    const panel = ctx.panels.jobPanel({ connectionId: sandbox().id, folderId: folder.id, jobKey: key })!;
    await panel.load();
    const posted = spy(panel);
    // Wait for the job to run, then stop it from the panel.
    for (let i = 0; i < 100 && !statesIn(posted).some((j) => j.state === 'Running'); i++)
      await new Promise((r) => setTimeout(r, 200));
    // A follow that fails says so in the panel, and Follow Again resumes it.
    const stopped = () => messages(posted).filter((m) => m.type === 'followStopped');
    await faults([{ path: `*/odata/Jobs(${key})*`, methods: ['GET'], status: 403, times: 2 }]);
    for (let i = 0; i < 50 && stopped().length === 0; i++) await new Promise((r) => setTimeout(r, 200));
    await faults([]);
    assert.equal(stopped().length, 1, 'the panel was told following stopped');
    const updates = () => messages(posted).filter((m) => m.type === 'update').length;
    const updatesBefore = updates();
    await ask(panel, { type: 'request', id: 19, action: 'follow' });
    for (let i = 0; i < 50 && updates() === updatesBefore; i++) await new Promise((r) => setTimeout(r, 200));
    assert.ok(updates() > updatesBefore, 'following again');
    const declined = await answering(ctx, [{ title: /^Stop Reconcile/, cancel: true }], () =>
      panel.host.receive({ type: 'request', id: 20, action: 'stop' }),
    );
    assert.equal(declined.asked.length, 1, 'Stop asks first');
    await answering(ctx, [{ title: /^Stop Reconcile/, choose: 'Stop' }], () =>
      panel.host.receive({ type: 'request', id: 21, action: 'stop' }),
    );
    for (let i = 0; i < 150 && !statesIn(posted).some((j) => j.state === 'Stopped'); i++)
      await new Promise((r) => setTimeout(r, 200));
    const states = statesIn(posted);
    assert.ok(
      states.some((j) => j.state === 'Stopped'),
      `the panel moved to Stopped by itself: ${states.map((j) => j.state).join(', ')}`,
    );
    const last = states.at(-1);
    assert.ok(last && last.running === false && last.ended !== null, 'the end shows the job ended, with its time');

    // Run Again from the panel: Start Job's own steps, filled in with this job's arguments; Enter through each.
    const enter = [/: robots$/, /: how many jobs$/, ...fields.map((f) => fieldStep(f.name)), /: confirm$/].map(
      (title): Answer => ({ title, enter: true }),
    );
    const before = await client().jobs.get(key, { folder });
    const again = await answering(ctx, enter, () => ask(panel, { type: 'request', id: 22, action: 'runAgain' }));
    assert.equal(again.result.ok, true, again.result.message);
    assert.match(again.result.message ?? '', /Started 1 job/);
    assert.ok(!again.asked.some((a) => /process$/.test(a.title)), 'no process step: the job names it');
    const newest = (
      await client().jobs.list({ folder, query: { top: 1, orderBy: [{ path: 'CreationTime', desc: true }] } })
    ).items[0]!;
    assert.notEqual(newest.Key, key);
    assert.deepEqual(
      JSON.parse((await client().jobs.get(newest.Key, { folder })).InputArguments!),
      JSON.parse(before.InputArguments!),
      'the same arguments',
    );
  });
});
