// Changing which version of its package a process runs (Roll Back…, Update to Latest Version…) from the real tree on
// the sandbox: the Processes row shows each version, and a connection that asks before changes asks first.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { answering } from '../../../src/host/ui/scriptedInput';
import { activateSignedIn, treeWalk } from './treeWalk';

describe('Process versions on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { children, child } = treeWalk(() => ctx.explorer);
  const sent = () => ctx.clientFor(sandbox()).transport.sent;

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
  });

  after(async () => {
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('rolls a process back and updates it to the latest version again; the Processes row shows each version', async function () {
    this.timeout(30_000);
    const processes = await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Processes');
    ctx.explorer.refresh(processes);
    const rows = (await children(processes)).filter((r) => r.item().contextValue === 'process');
    let rolledBack: { id: string; version: string } | undefined;
    for (const row of rows) {
      // A process whose package has one version only answers 409 (reported, nothing changes); try the next.
      const version = await vscode.commands.executeCommand<string | undefined>('orchestrator.rollBackProcess', row);
      if (version) {
        rolledBack = { id: row.id, version };
        break;
      }
    }
    assert.ok(rolledBack, 'some process in Shared has a previous version');
    const outdated = (await children(processes)).find((r) => r.id === rolledBack!.id)!;
    assert.equal(outdated.item().contextValue, 'process.outdated');
    assert.match(
      String(outdated.item().description),
      new RegExp(`^${rolledBack.version.replace(/\./g, '\\.')} ·.*update available`),
    );
    const latest = await vscode.commands.executeCommand<string>('orchestrator.updateProcessToLatest', outdated);
    assert.notEqual(latest, rolledBack.version);
    assert.equal((await children(processes)).find((r) => r.id === rolledBack!.id)!.item().contextValue, 'process');
  });

  it('on a connection that asks before every change, Roll Back and Update ask first; declined, nothing is sent', async function () {
    this.timeout(30_000);
    const config = () => vscode.workspace.getConfiguration('orchestrator');
    const original = config().get<{ label: string }[]>('connections')!;
    try {
      await config().update(
        'connections',
        original.map((c) => (c.label === 'Sandbox' ? { ...c, protection: 'confirm' } : c)),
        vscode.ConfigurationTarget.Global,
      );
      for (let i = 0; i < 20 && sandbox().protection !== 'confirm'; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const processes = await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Processes');
      const row = (await children(processes)).find((r) => String(r.item().contextValue).startsWith('process'))!;
      const before = sent();
      const rolled = await answering(ctx, [{ title: /^Roll back .+ to its previous version\?$/, cancel: true }], () =>
        vscode.commands.executeCommand('orchestrator.rollBackProcess', row),
      );
      assert.equal(rolled.result, undefined);
      assert.match(rolled.asked[0]?.prompt ?? '', /Sandbox asks before every change/);
      const updated = await answering(ctx, [{ title: /^Update .+ to the latest version of /, cancel: true }], () =>
        vscode.commands.executeCommand('orchestrator.updateProcessToLatest', row),
      );
      assert.equal(updated.result, undefined);
      assert.equal(sent(), before, 'declined: nothing sent');
    } finally {
      await config().update('connections', original, vscode.ConfigurationTarget.Global);
    }
  });
});
