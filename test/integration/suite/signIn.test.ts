import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { extensionContext } from '../../support/extensionContext';
import { mainServicePath } from './sandboxPaths';

const PROVIDER = 'orchestrator';

describe('sign-in to the sandbox in a real editor', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const wrongClient = () => ctx.connections.all().find((c) => c.label === 'Wrong client')!;

  before(async () => {
    ctx = await extensionContext();
    await ctx.ready;
  });

  it('reads the configured connections', () => {
    assert.deepEqual(
      ctx.connections.all().map((c) => c.label),
      ['Sandbox', 'Sandbox admin', 'Wrong client'],
    );
    assert.ok(sandbox().id.endsWith(mainServicePath()), sandbox().id);
  });

  it('signs in through the loopback flow; the provider offers the session and an API call succeeds', async function () {
    this.timeout(60_000);
    // The provider's own flow (the Sign In command adds VS Code's consent dialog on top; the UI suite clicks through it).
    const created = await ctx.auth.createSession([`connection:${sandbox().id}`]);
    assert.equal(created.account.label, 'developer (Sandbox)');
    const [session] = await ctx.auth.getSessions([`connection:${sandbox().id}`]);
    assert.ok(session, 'the provider lists the account');
    assert.equal(session.account.label, 'developer (Sandbox)');
    assert.equal(session.accessToken, created.accessToken);
    const folders = await ctx.clientFor(sandbox()).folders.list();
    assert.ok(folders.items.some((f) => f.DisplayName === 'Shared'));
    const stored = await ctx.extension.secrets.get(`orchestrator.session.${session.id}`);
    assert.ok(stored && JSON.parse(stored).refreshToken, 'the refresh token is in SecretStorage');
    const log = ctx.log.recent().join('\n');
    assert.ok(!log.includes(session.accessToken), 'the access token never reaches the log');
    assert.ok(!log.includes(JSON.parse(stored).refreshToken), 'the refresh token never reaches the log');
    assert.match(ctx.statusBar.text(), /Sandbox/);
  });

  it('refreshes on a 401: a rejected access token is renewed and the call retried', async () => {
    const client = ctx.clientFor(sandbox());
    const before = await ctx.sessions.accessToken(ctx.accountFor(sandbox().id)!.id);
    await fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ path: `${mainServicePath()}/odata/Folders`, status: 401, times: 1 }] }),
    });
    assert.ok((await client.folders.list()).items.length > 0);
    assert.notEqual(await ctx.sessions.accessToken(ctx.accountFor(sandbox().id)!.id), before);
  });

  it('switches the active folder and shows it in the status bar', async () => {
    const folder = (await ctx.clientFor(sandbox()).folders.list()).items.find((f) => f.DisplayName === 'HR')!;
    await ctx.active.set({ connectionId: sandbox().id, folder: { id: folder.Id, path: folder.FullyQualifiedName } });
    assert.match(ctx.statusBar.text(), /Sandbox › Shared\/HR/);
  });

  it('says why at once when the provider refuses the sign-in request (unknown client id), leaving no half state', async function () {
    this.timeout(30_000);
    const { runAuthorizationCodeFlow } = await import('../../../src/host/auth/signInFlow');
    // The request is pushed first, so the refusal comes back to the editor instead of stranding the browser on an error page.
    await assert.rejects(
      runAuthorizationCodeFlow(wrongClient(), new vscode.CancellationTokenSource().token),
      /refused the sign-in request: Unknown client_id 'not-registered'/,
    );
    assert.equal(ctx.accountFor(wrongClient().id), undefined);
  });

  it('leaves no half state when a sign-in waiting for the browser is cancelled', async function () {
    this.timeout(30_000);
    const source = new vscode.CancellationTokenSource();
    const { runAuthorizationCodeFlow } = await import('../../../src/host/auth/signInFlow');
    // No login hint: the sandbox's login page waits for a choice that never comes.
    const waiting = {
      ...wrongClient(),
      clientId: sandbox().clientId,
      tenant: sandbox().tenant,
      loginHint: undefined,
      prompt: undefined,
    };
    const flow = runAuthorizationCodeFlow(waiting, source.token);
    setTimeout(() => source.cancel(), 1500);
    await assert.rejects(flow, (error: Error) => error instanceof vscode.CancellationError);
    assert.equal(ctx.accountFor(wrongClient().id), undefined);
  });

  it('signs out: the secret is removed and getSession finds nothing', async () => {
    const account = ctx.accountFor(sandbox().id)!;
    await vscode.commands.executeCommand(CommandId.signOut, sandbox().id);
    assert.equal(await ctx.extension.secrets.get(`orchestrator.session.${account.id}`), undefined);
    assert.deepEqual(await ctx.auth.getSessions([`connection:${sandbox().id}`]), []);
    assert.equal(
      await vscode.authentication.getSession(PROVIDER, [`connection:${sandbox().id}`], { silent: true }),
      undefined,
    );
    assert.match(ctx.statusBar.text(), /signed out/);
  });
});
