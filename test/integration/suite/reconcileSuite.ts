// The job suites' common ground: signed in to the sandbox, auto-refresh off (request counts must not include the
// tree's own refresh of expanded Jobs rows), Dev Lab's Reconcile process row and its argument steps, and Start Job
// run on that row. Registered on the suite that calls it (from inside its `describe`).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { ArgumentField } from '../../../src/core/orchestrator/argumentFields';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { extensionContext } from '../../support/extensionContext';
import { RECONCILE_INPUTS, startJobAnswers, startJobFields, type HowToStart } from './processInputs';
import { faults, jobsEnded, quiescent, rowOf, treeWalk } from './treeWalk';

/** What `before` found: the context, the process row, its folder and its argument steps in order. */
export interface ReconcileState {
  ctx: Ctx;
  processRow: TreeNode;
  folder: { id: number };
  fields: ArgumentField[];
}

export function reconcileSuite() {
  let state: ReconcileState | undefined;
  const now = (): ReconcileState => {
    if (!state) throw new Error('The suite has not started yet (before).');
    return state;
  };
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const sandbox = () =>
    now()
      .ctx.connections.all()
      .find((c) => c.label === 'Sandbox')!;
  const client = () => now().ctx.clientFor(sandbox());
  const sent = () => client().transport.sent;
  const { child, children } = treeWalk(() => now().ctx.explorer);
  // Walked from the root each time: a settings change (the tail level) rebuilds the tree, and a row held from before
  // is gone.
  const devLab = async () => child(await child(undefined, 'Sandbox'), 'Dev Lab');

  before(async function () {
    this.timeout(60_000);
    const ctx = await extensionContext();
    await ctx.ready;
    const connection = ctx.connections.all().find((c) => c.label === 'Sandbox')!;
    await ctx.auth.createSession([`connection:${connection.id}`]);
    await config().update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
    const { child: from } = treeWalk(() => ctx.explorer);
    const lab = await from(await from(undefined, 'Sandbox'), 'Dev Lab');
    const processRow = await from(await from(lab, 'Processes'), 'Reconcile.Processing_Production');
    const { release, folder } = rowOf(processRow, 'process');
    state = { ctx, processRow, folder, fields: await startJobFields(ctx.clientFor(connection), release, folder) };
    await quiescent(sent);
  });
  after(async function () {
    this.timeout(60_000);
    const { ctx } = now();
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
      await answering(now().ctx, startJobAnswers(now().fields, inputs, how), () =>
        vscode.commands.executeCommand<string[] | undefined>('orchestrator.startJob', now().processRow),
      )
    ).result;
  /** Start Job answered as a valid start up to the step titled `at`, where the user gives `there` and then Escape. */
  const escapeAt = (at: RegExp, there: Answer[] = [], how: HowToStart = {}) => {
    const answers = startJobAnswers(now().fields, RECONCILE_INPUTS, how);
    const index = answers.findIndex((a) => String(a.title) === String(at));
    assert.ok(index >= 0, `a step titled ${String(at)} among ${answers.map((a) => String(a.title)).join(', ')}`);
    return answering(
      now().ctx,
      [...answers.slice(0, index), ...there.map((a) => ({ title: at, ...a })), { title: at, cancel: true }],
      () => vscode.commands.executeCommand('orchestrator.startJob', now().processRow),
    );
  };
  /** A job's row under Dev Lab › Jobs (a start reloads it), which Tail Logs, Stop and Show Output are run on. */
  const jobRow = async (key: string) => {
    const row = (await children(await child(await devLab(), 'Jobs'))).find(
      (r) => r.row?.kind === 'job' && r.row.job.Key === key,
    );
    assert.ok(row, `the job ${key} under Jobs`);
    return row;
  };
  return { state: now, sandbox, client, sent, config, devLab, start, escapeAt, jobRow };
}
