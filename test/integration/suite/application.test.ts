import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { applicationSecretKey } from '../../../src/core/auth/applicationGrant';
import { answering } from '../../../src/host/ui/scriptedInput';
import { extensionContext } from '../../support/extensionContext';
import { secretLeaks } from './secretScan';
import { treeWalk } from './treeWalk';

/** The runner's second sandbox (tokens live 65 s) and its registered application (test/integration/run.ts). */
const app = JSON.parse(process.env.ORCHESTRATOR_TEST_APPLICATION!) as { url: string; clientId: string; secret: string };
const WRONG = 'wrong-secret-typed-by-mistake';
const SECRET_PROMPT = /^Sign in to Robot app as application sandbox-robot-app$/;

/** The identity provider's token requests since the last reset, from the sandbox's request tally. */
async function tokenRequests(): Promise<number> {
  const { counts } = (await (await fetch(`${app.url}/__sandbox/requests`)).json()) as {
    counts: Record<string, number>;
  };
  return Object.entries(counts)
    .filter(([route]) => /^POST \/identity\/(oauth|connect)\/token$/.test(route))
    .reduce((sum, [, n]) => sum + n, 0);
}
const resetTally = () => fetch(`${app.url}/__sandbox/requests`, { method: 'DELETE' });

/** Sign-in as a confidential application, as a user does it: Add Connection, Sign In with the secret, the tree. */
describe('Sign-in as an application (client credentials)', () => {
  let ctx: Ctx;
  let original: unknown[];
  let autoRefresh: number | undefined;
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const robot = () => ctx.connections.all().find((c) => c.label === 'Robot app')!;
  const errors: string[] = [];
  /** Every place the secret must never be: the log, the settings, documents, stored state, the error messages. */
  const leaks = (secret: string) => secretLeaks(ctx, secret, errors);

  before(async () => {
    ctx = await extensionContext();
    await ctx.ready;
    original = config().get<unknown[]>('connections')!;
    // No tree reload on a timer: the renewal test counts every request the sandbox answers.
    autoRefresh = config().inspect<number>('explorer.autoRefreshSeconds')?.globalValue;
    await config().update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
    if (robot()) await ctx.extension.secrets.delete(applicationSecretKey(robot().id));
    await config().update('connections', original, vscode.ConfigurationTarget.Global);
    await config().update('explorer.autoRefreshSeconds', autoRefresh, vscode.ConfigurationTarget.Global);
  });

  it('Add Connection: a pasted address used as read, signing in as an application with its id and scopes', async function () {
    this.timeout(30_000);
    const { asked } = await answering(
      ctx,
      [
        { title: 'Add Connection: paste the address', answer: `${app.url}/sandbox/main` },
        { title: 'Add Connection: read from the address', pick: 'Use these, sign in as an application' },
        { title: 'Add Connection: application id', answer: 'not valid!', refused: /single word/ },
        { title: 'Add Connection: application id', back: true },
        { title: 'Add Connection: read from the address', pick: 'Use these, sign in as an application' },
        { title: 'Add Connection: application id', answer: app.clientId },
        { title: 'Add Connection: application scopes', answer: 'OR.Folders.Read OR.Jobs' },
        { title: 'Add Connection: name', answer: 'Robot app' },
        { title: 'Add Connection: protection', pick: 'Normal' },
        // Sign In is offered once added; this suite signs in itself.
        { title: "Added the connection 'Robot app'", cancel: true },
      ],
      () => vscode.commands.executeCommand<string>(CommandId.addConnection),
    );
    assert.deepEqual(asked[1]?.items?.slice(0, 3), [
      '$(check) Use these',
      '$(key) Use these, sign in as an application',
      '$(edit) Edit each field',
    ]);
    assert.deepEqual(
      config()
        .get<Record<string, unknown>[]>('connections')!
        .find((c) => c.label === 'Robot app'),
      {
        label: 'Robot app',
        kind: 'cloud',
        serviceUrl: app.url,
        account: 'sandbox',
        tenant: 'main',
        identityUrl: `${app.url}/identity`,
        portalUrl: `${app.url}/sandbox/main`,
        authentication: 'application',
        clientId: app.clientId,
        scopes: 'OR.Folders.Read OR.Jobs',
        protection: 'normal',
      },
    );
  });

  it('refuses a wrong secret in plain words and keeps nothing of it', async function () {
    this.timeout(30_000);
    await resetTally();
    const { asked, result } = await answering(
      ctx,
      [
        { title: SECRET_PROMPT, answer: '   ', refused: /Enter the application secret/ },
        { title: SECRET_PROMPT, answer: WRONG },
      ],
      () => ctx.auth.createSession([`connection:${robot().id}`]).then(undefined, (error: Error) => error),
    );
    assert.ok(result instanceof Error);
    errors.push(result.message);
    assert.match(result.message, /did not accept the secret of application 'sandbox-robot-app' \(invalid_client\)/);
    assert.equal(asked[0]?.kind, 'input');
    assert.equal(await ctx.extension.secrets.get(applicationSecretKey(robot().id)), undefined, 'not stored');
    assert.equal(ctx.accountFor(robot().id), undefined, 'not signed in');
    assert.equal(await tokenRequests(), 1, 'asked once, not retried');
    assert.equal(leaks(WRONG), '');
  });

  it('signs in with the secret, stores it bound to the identity origin, and the tree shows the folders', async function () {
    this.timeout(30_000);
    await resetTally();
    const { asked } = await answering(ctx, [{ title: SECRET_PROMPT, answer: app.secret }], () =>
      ctx.auth.createSession([`connection:${robot().id}`]),
    );
    assert.equal(asked.length, 1, 'asked once');
    const account = ctx.accountFor(robot().id);
    assert.equal(account?.label, 'sandbox-robot-app (Robot app)');
    assert.equal(account?.kind, 'application');
    assert.equal(account?.refreshToken, undefined);
    const stored = JSON.parse((await ctx.extension.secrets.get(applicationSecretKey(robot().id)))!);
    assert.deepEqual(stored, { clientId: app.clientId, secret: app.secret, identityOrigin: new URL(app.url).origin });
    const { label, children, child } = treeWalk(() => ctx.explorer);
    const root = await child(undefined, 'Robot app');
    assert.equal(root.item().contextValue, 'connection.signedIn');
    const rows = (await children(root)).map(label);
    assert.ok(rows.includes('Shared') && !rows.includes('Restricted'), rows.join(', '));
    assert.equal(await tokenRequests(), 1);
    assert.equal(leaks(app.secret), '');
  });

  it('renews the token before it expires by asking the grant again, with no failed request first', async function () {
    this.timeout(40_000);
    const id = ctx.accountFor(robot().id)!.id;
    const first = await ctx.sessions.accessToken(id);
    const expires = ctx.sessions.expiresAt(id)!;
    await resetTally();
    // Tokens live 65 s here: the renewal is scheduled 60 s before expiry. Counted, not timed: wait for it.
    for (let i = 0; i < 150 && (await tokenRequests()) === 0; i++) await new Promise((r) => setTimeout(r, 200));
    assert.equal(await tokenRequests(), 1, 'one client-credentials request');
    const { counts } = (await (await fetch(`${app.url}/__sandbox/requests`)).json()) as {
      counts: Record<string, number>;
    };
    assert.deepEqual(Object.keys(counts), ['POST /identity/oauth/token'], 'nothing was refused and retried first');
    const renewed = await ctx.sessions.accessToken(id);
    assert.notEqual(renewed, first);
    assert.ok(ctx.sessions.expiresAt(id)! > expires, 'the new token expires later');
    assert.ok((await ctx.clientFor(robot()).folders.list()).items.length > 0, 'the new token works');
    assert.ok(!ctx.log.recent().some((line) => line.includes(renewed) || line.includes(first)));
    assert.equal(leaks(app.secret), '');
  });

  it('does not send the stored secret once the connection signs in elsewhere: it asks again', async function () {
    this.timeout(30_000);
    const elsewhere = 'http://127.0.0.1:9/identity';
    await config().update(
      'connections',
      config()
        .get<Record<string, unknown>[]>('connections')!
        .map((c) => (c.label === 'Robot app' ? { ...c, identityUrl: elsewhere } : c)),
      vscode.ConfigurationTarget.Global,
    );
    assert.equal(ctx.accountFor(robot().id), undefined, 'the sign-in is not used for another identity provider');
    const { asked } = await answering(ctx, [{ title: SECRET_PROMPT, cancel: true }], () =>
      ctx.auth.createSession([`connection:${robot().id}`]).then(undefined, (error: Error) => error),
    );
    assert.equal(asked.length, 1, 'asked again instead of sending the stored secret');
    await config().update(
      'connections',
      config()
        .get<Record<string, unknown>[]>('connections')!
        .map((c) => (c.label === 'Robot app' ? { ...c, identityUrl: `${app.url}/identity` } : c)),
      vscode.ConfigurationTarget.Global,
    );
    assert.ok(ctx.accountFor(robot().id), 'back at its own identity provider, the sign-in is used again');
  });

  it('Sign Out forgets the token and offers to forget the secret too', async function () {
    this.timeout(30_000);
    const { asked } = await answering(
      ctx,
      [{ title: 'Also forget the application secret of sandbox-robot-app (Robot app)?', choose: 'Forget Secret' }],
      () => vscode.commands.executeCommand(CommandId.signOut, robot().id),
    );
    assert.deepEqual(asked[0]?.items, ['Forget Secret', 'Keep Secret']);
    assert.equal(ctx.accountFor(robot().id), undefined);
    assert.equal(await ctx.extension.secrets.get(applicationSecretKey(robot().id)), undefined);
    assert.equal(leaks(app.secret), '');
  });

  it('Edit Connection › Sign-in: back to the browser drops the application id and scopes; to an application asks them', async function () {
    this.timeout(30_000);
    const saved = () =>
      config()
        .get<Record<string, unknown>[]>('connections')!
        .find((c) => c.label === 'Robot app')!;
    const edit = (answers: Parameters<typeof answering>[1]) =>
      answering(ctx, [{ title: 'Edit which connection?', pick: 'Robot app' }, ...answers], () =>
        vscode.commands.executeCommand(CommandId.editConnection),
      );
    await edit([
      { title: 'Edit Robot app', pick: 'Sign-in' },
      { title: 'How does Robot app sign in?', pick: 'In the browser' },
    ]);
    assert.deepEqual([saved().authentication, saved().clientId, saved().scopes], [undefined, undefined, undefined]);
    assert.equal(robot().authentication, 'browser');
    await edit([
      { title: 'Edit Robot app', pick: 'Sign-in' },
      { title: 'How does Robot app sign in?', pick: 'Application (client credentials)' },
      { title: 'Robot app: application id', answer: '', refused: /single word/ },
      { title: 'Robot app: application id', answer: app.clientId },
      { title: 'Robot app: application scopes', answer: 'OR.Folders.Read' },
    ]);
    assert.deepEqual(
      [saved().authentication, saved().clientId, saved().scopes],
      ['application', app.clientId, 'OR.Folders.Read'],
    );
  });
});
