import assert from 'node:assert/strict';
import { JOINER } from '../../../src/core/presentation/plainText';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { ideaSecretKey } from '../../../src/constants';
import type { ConnectionSetting } from '../../../src/core/connections';
import type { Ctx } from '../../../src/ctx';
import { activateSignedIn, treeWalk } from './treeWalk';

/**
 * Issue 17: a connection redefined to point elsewhere must not carry the stored sign-in or idea credentials there.
 * A decoy server on another loopback port counts every request it receives; it must receive none.
 */
describe('Secrets go only to the origins they were issued for', () => {
  let ctx: Ctx;
  let decoy: Server;
  let decoyOrigin: string;
  const received: string[] = [];
  let original: ConnectionSetting[];
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const explorer = treeWalk(() => ctx.explorer);
  const ideas = treeWalk(() => ctx.ideas);

  /** Redefines the Sandbox connection in user settings and waits until the extension has read it. */
  async function redefine(changes: Partial<ConnectionSetting>): Promise<void> {
    const settings = original.map((c) => (c.label === 'Sandbox' ? { ...c, ...changes } : c));
    await vscode.workspace
      .getConfiguration()
      .update('orchestrator.connections', settings, vscode.ConfigurationTarget.Global);
    const wanted = JSON.stringify(settings.find((c) => c.label === 'Sandbox'));
    for (let i = 0; i < 100 && JSON.stringify(ctx.connections.raw().find((c) => c.label === 'Sandbox')) !== wanted; i++)
      await new Promise((r) => setTimeout(r, 50));
    assert.equal(
      JSON.stringify(ctx.connections.raw().find((c) => c.label === 'Sandbox')),
      wanted,
      'the extension read the new settings',
    );
  }

  before(async function () {
    this.timeout(60_000);
    decoy = createServer((req, res) => {
      received.push(`${req.method} ${req.url} ${req.headers.authorization ? '(with authorization)' : ''}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
    decoyOrigin = `http://127.0.0.1:${(decoy.address() as AddressInfo).port}`;
    ctx = await activateSignedIn('Sandbox', { ideas: true });
    original = ctx.connections.raw();
  });
  afterEach(async () => {
    await redefine({});
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration()
      .update('orchestrator.connections', original, vscode.ConfigurationTarget.Global);
    await ctx.extension.secrets.delete(ideaSecretKey(sandbox().id));
    ctx.ideaCredentialsChanged();
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
    await new Promise<void>((resolve) => decoy.close(() => resolve()));
  });

  it('sends the idea token and app key nowhere when ideasUrl moves to another origin, and asks for them again', async function () {
    this.timeout(60_000);
    const sandboxOrigin = new URL(sandbox().serviceUrl).origin;
    await ctx.ideasClientFor(sandbox());
    await redefine({ ideasUrl: `${decoyOrigin}/acme/main/ideas_/api/v1/openapi` });
    const expected = new RegExp(
      `were entered for ${sandboxOrigin}, but its idea service is now ${decoyOrigin}\\. Nothing was sent\\. Run "Orchestrator: Set Idea Service Credentials" for 'Sandbox' again`,
    );
    await assert.rejects(ctx.ideasClientFor(sandbox()), expected);
    const [row] = await ideas.children(await ideas.child(undefined, 'Sandbox'));
    // Rows show service and settings text as plain text: link syntax carries an invisible joiner (plainText).
    assert.match(ideas.label(row!).replaceAll(JOINER, ''), expected, 'the Ideas view says why and what to do');
    assert.deepEqual(received, [], 'the decoy received nothing');
  });

  it('sends no token when identityUrl moves to another origin: the sign-in is not used, no session is handed out, and the user is told to sign in again', async function () {
    this.timeout(60_000);
    const sandboxOrigin = new URL(sandbox().serviceUrl).origin;
    const id = sandbox().id;
    await redefine({ identityUrl: `${decoyOrigin}/identity` });
    assert.equal(
      sandbox().id,
      id,
      'the connection id does not include the identity URL: only the recorded origin tells them apart',
    );
    const expected = new RegExp(
      `'Sandbox' now signs in at ${decoyOrigin}, but you signed in at ${sandboxOrigin}\\. Nothing was sent\\. Sign in to 'Sandbox' again\\.`,
    );
    assert.throws(() => ctx.clientFor(sandbox()), expected);
    assert.equal(ctx.accountFor(id), undefined);
    assert.deepEqual(await ctx.auth.getSessions([`connection:${id}`]), [], 'no access token is handed out for it');
    assert.ok(
      ctx.log.recent().some((line) => expected.test(line)),
      'the user is told (warning and log)',
    );
    assert.equal((await explorer.child(undefined, 'Sandbox')).item().contextValue, 'connection.signedOut');
    assert.deepEqual(received, [], 'the decoy received nothing');
  });

  it('sends no token when serviceUrl moves to another origin', async function () {
    this.timeout(60_000);
    await redefine({ serviceUrl: decoyOrigin });
    assert.throws(() => ctx.clientFor(sandbox()), /You are not signed in to 'Sandbox'\. Run "Orchestrator: Sign In"/);
    const row = await explorer.child(undefined, 'Sandbox');
    assert.equal(row.item().contextValue, 'connection.signedOut');
    await explorer.children(row);
    await assert.rejects(ctx.ideasClientFor(sandbox()), /No idea-service credentials for 'Sandbox'/);
    assert.deepEqual(received, [], 'the decoy received nothing');
  });

  it('uses the sign-in and the idea credentials again once the connection points back where they were issued', async function () {
    this.timeout(60_000);
    assert.ok(ctx.accountFor(sandbox().id));
    const client = await ctx.ideasClientFor(sandbox());
    await client.schema({});
    await ctx.clientFor(sandbox()).users.permissions({});
  });
});
