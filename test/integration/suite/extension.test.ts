import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId, EXTENSION_ID, ViewId } from '../../../src/constants';
import { ACTIVATION_REQUEST_BUDGET } from '../../bench/budgets';
import type { OrchestratorWorkbenchApi } from '../../../src/extension';
import { extensionContext } from '../../support/extensionContext';

interface Manifest {
  version: string;
  contributes: {
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    viewsContainers: { activitybar: { id: string }[] };
  };
}

describe('Orchestrator Workbench in a real editor', () => {
  const extension = () => {
    const found = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(found, `extension ${EXTENSION_ID} is installed`);
    return found;
  };

  it('activates, and offers other extensions its connections by name only (the context is for tests)', async () => {
    const api = (await extension().activate()) as OrchestratorWorkbenchApi;
    assert.equal(extension().isActive, true);
    assert.equal(api.apiVersion, 1);
    const listed = api.connections();
    assert.ok(listed.some((c) => c.label === 'Sandbox'));
    for (const connection of listed)
      assert.deepEqual(Object.keys(connection).sort(), ['id', 'kind', 'label', 'serviceUrl']);
    assert.ok(api.testing, 'a test run (ExtensionMode.Test) gets the context');
  });

  it('records what activation cost, and activation sends no request', async () => {
    const ctx = await extensionContext();
    await ctx.ready;
    assert.ok(
      ctx.activation.activateMs > 0 && Number.isFinite(ctx.activation.activateMs),
      `activateMs ${ctx.activation.activateMs}`,
    );
    assert.ok(ctx.activation.readyMs >= ctx.activation.activateMs, `readyMs ${ctx.activation.readyMs}`);
    assert.equal(
      ctx.activation.requestsBeforeReady,
      ACTIVATION_REQUEST_BUDGET,
      'no request until the stored sessions are loaded',
    );
    assert.match(await vscode.commands.executeCommand<string>(CommandId.showAbout), /activated in \d+\.\d ms/);
  });

  it('has a handler for every command contributed in package.json', async () => {
    const manifest = extension().packageJSON as Manifest;
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = manifest.contributes.commands.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed commands without a handler: ${missing.join(', ')}`);
  });

  it('contributes the Orchestrator container and its views, and they open', async () => {
    const manifest = extension().packageJSON as Manifest;
    assert.ok(manifest.contributes.viewsContainers.activitybar.some((c) => c.id === 'orchestrator'));
    assert.deepEqual(manifest.contributes.views.orchestrator!.map((v) => v.id).sort(), Object.values(ViewId).sort());
    await vscode.commands.executeCommand('workbench.view.extension.orchestrator');
    for (const view of Object.values(ViewId)) await vscode.commands.executeCommand(`${view}.focus`);
  });

  it('runs a command through the command wrapper and returns its result', async () => {
    const text = await vscode.commands.executeCommand<string>(CommandId.showAbout);
    assert.match(
      text,
      new RegExp(`Orchestrator Workbench ${(extension().packageJSON as Manifest).version.replace(/\./g, '\\.')}`),
    );
    assert.ok(text.includes(vscode.version), text);
  });

  it('reaches the sandbox over real HTTP from the extension host', async () => {
    const base = process.env.ORCHESTRATOR_SANDBOX_URL;
    assert.ok(base, 'the runner passes ORCHESTRATOR_SANDBOX_URL');
    const res = await fetch(`${base}/__sandbox/info`);
    assert.equal(res.status, 200);
    assert.deepEqual(((await res.json()) as { tenants: string[] }).tenants, ['main', 'staging']);
  });
});
