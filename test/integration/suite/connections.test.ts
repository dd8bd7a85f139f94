import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ideaSecretKey } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { answering } from '../../../src/host/ui/scriptedInput';
import { ADDED, PASTE, steps } from './addConnectionSteps';
import { sandboxIdeaSecret, lastError as lastErrorOf } from './treeWalk';
import { connectionsKept } from './suiteHooks';

/** The questions of the connection and account commands, answered as a user would, in a real editor. */
describe('Connection and account commands ask, and check each answer as it is given', () => {
  let ctx: Ctx;
  const byLabel = (label: string) => ctx.connections.all().find((c) => c.label === label);
  const sandbox = () => byLabel('Sandbox')!;
  const lastError = () => lastErrorOf(ctx);
  // The connections and the active one put back after, every sign-in forgotten (suiteHooks.ts).
  const suite = connectionsKept();
  before(() => void (ctx = suite.ctx));

  it('signed out: Sign In asks which connection; palette commands that need a sign-in say there is none, or offer it', async () => {
    assert.equal(ctx.sessions.accounts().length, 0);
    const signIn = await answering(ctx, [{ title: 'Sign in to which connection?', cancel: true }], () =>
      vscode.commands.executeCommand('orchestrator.signIn'),
    );
    assert.deepEqual(signIn.asked[0]?.items, ['Sandbox', 'Sandbox admin', 'Wrong client']);
    const show = await answering(ctx, [{ title: 'There is no Orchestrator connection yet.', cancel: true }], () =>
      vscode.commands.executeCommand('orchestrator.showQueueItem'),
    );
    assert.deepEqual(show.asked[0]?.items, ['Add Connection…']);
    const switched = await answering(
      ctx,
      [
        { title: 'Which connection?', pick: 'Sandbox' },
        { title: 'You are not signed in to Sandbox.', cancel: true },
      ],
      () => vscode.commands.executeCommand('orchestrator.switchActiveFolder'),
    );
    assert.equal(switched.result, undefined);
    assert.deepEqual(switched.asked[1]?.items, ['Sign In']);
  });

  it('Add Connection: step by step, each value checked as typed, Back to change one', async function () {
    this.timeout(30_000);
    const url = `${process.env.ORCHESTRATOR_SANDBOX_URL}/onprem-${Date.now()}`;
    const { result, asked } = await answering(
      ctx,
      [
        { title: PASTE, enter: true },
        { title: 'Add Connection: where is the service?', pick: 'On-premises' },
        { title: 'Add Connection: service URL', answer: 'ftp://files.example', refused: /must start with https:\/\// },
        {
          title: 'Add Connection: service URL',
          answer: 'http://example.com',
          refused: /Use https:\/\/ for example\.com/,
        },
        { title: 'Add Connection: service URL', answer: `${url}/` },
        { title: 'Add Connection: name', answer: 'sandbox', refused: /A connection named 'sandbox' exists/ },
        { title: 'Add Connection: name', back: true },
        { title: 'Add Connection: service URL', enter: true },
        { title: 'Add Connection: name', answer: 'On-premises test' },
        { title: 'Add Connection: protection', pick: 'Confirm changes' },
        { title: ADDED, cancel: true },
      ],
      () => vscode.commands.executeCommand<string>('orchestrator.addConnection'),
    );
    const added = byLabel('On-premises test');
    assert.ok(
      added,
      ctx.connections
        .all()
        .map((c) => c.label)
        .join(', '),
    );
    assert.equal(result, added.id);
    assert.deepEqual([added.kind, added.serviceUrl, added.protection], ['onPremises', url, 'confirm']);
    // A pasted address asks four things; cloud field by field eleven, on-premises five: the steps count what is left.
    assert.deepEqual(
      steps(asked).map((a) => `${a.step}/${a.totalSteps}${a.canGoBack ? ' back' : ''}`),
      ['1/4', '2/11 back', '3/5 back', '4/5 back', '3/5 back', '4/5 back', '5/5 back'],
    );
    assert.equal(asked[2]?.refusals.length, 2, 'the two refused URLs were refused at the same step');
    assert.equal(asked[4]?.value, url, 'Back shows the URL as it was kept (no trailing slash)');
  });

  it('Edit Connection: which connection, which field, the new value checked as typed', async function () {
    this.timeout(30_000);
    const { asked } = await answering(
      ctx,
      [
        { title: 'Edit which connection?', pick: 'On-premises test' },
        { title: 'Edit On-premises test', pick: 'Name' },
        { title: 'On-premises test: Name', answer: '  ', refused: /Enter a name/ },
        { title: 'On-premises test: Name', answer: 'On-premises renamed' },
      ],
      () => vscode.commands.executeCommand('orchestrator.editConnection'),
    );
    assert.deepEqual(
      asked[1]?.items,
      [
        'Name',
        'Service URL',
        'Idea-service URL',
        'Web portal URL',
        'Operation namespace',
        'Queue operation namespace',
        'Folder header prefix',
        'Protection',
      ],
      'no cloud-only field for an on-premises connection (the service names are for every kind)',
    );
    assert.equal(asked[2]?.value, 'On-premises test');
    assert.ok(byLabel('On-premises renamed'));
    await answering(
      ctx,
      [
        { title: 'Edit which connection?', pick: 'On-premises renamed' },
        { title: 'Edit On-premises renamed', pick: 'Protection' },
        { title: 'Protection of On-premises renamed', pick: 'normal' },
      ],
      () => vscode.commands.executeCommand('orchestrator.editConnection'),
    );
    assert.equal(byLabel('On-premises renamed')?.protection, 'normal');
  });

  it('Sign In with Access Token: the token is checked as typed, then by the service', async function () {
    this.timeout(30_000);
    const { result } = await answering(
      ctx,
      [
        { title: 'Sign in to which connection?', pick: 'On-premises renamed' },
        {
          title: 'Sign in to On-premises renamed with an access token',
          answer: 'short',
          refused: /at least 16 characters/,
        },
        { title: 'Sign in to On-premises renamed with an access token', answer: 'x'.repeat(24) },
      ],
      () => vscode.commands.executeCommand('orchestrator.signInWithAccessToken'),
    );
    assert.equal(result, undefined);
    assert.match(lastError(), /The token was not accepted by On-premises renamed/);
    assert.equal(ctx.accountFor(byLabel('On-premises renamed')!.id), undefined);
  });

  it('Remove Connection asks first: declined, the connection stays; confirmed, it goes', async function () {
    this.timeout(30_000);
    const remove = (answer: { cancel: true } | { choose: string }) =>
      answering(
        ctx,
        [
          { title: 'Remove which connection?', pick: 'On-premises renamed' },
          { title: "Remove the connection 'On-premises renamed'?", ...answer },
        ],
        () => vscode.commands.executeCommand('orchestrator.removeConnection'),
      );
    const declined = await remove({ cancel: true });
    assert.match(declined.asked[1]?.prompt ?? '', /Nothing changes on the service/);
    const removed = byLabel('On-premises renamed')!;
    assert.ok(removed);
    // Its folder choices (Hide Folder, Pin to Top) go with it.
    await ctx.folderPreferences.choose(removed.id, 'pinned', 7, true);
    assert.deepEqual(ctx.folderPreferences.of(removed.id).pinned, [7]);
    await remove({ choose: 'Remove' });
    assert.equal(byLabel('On-premises renamed'), undefined);
    assert.deepEqual(ctx.folderPreferences.of(removed.id).pinned, [], 'its folder choices are forgotten');
    assert.deepEqual(
      ctx.connections.all().map((c) => c.label),
      ['Sandbox', 'Sandbox admin', 'Wrong client'],
    );
  });

  it('Set Idea Service Credentials: each value checked as typed, then by the idea service, then kept', async function () {
    this.timeout(30_000);
    const { token, appKey } = JSON.parse(process.env.ORCHESTRATOR_SANDBOX_IDEAS!) as { token: string; appKey: string };
    await answering(
      ctx,
      [
        { title: 'Idea-service credentials for which connection?', pick: 'Sandbox' },
        {
          title: 'Idea service of Sandbox: API token',
          answer: 'has spaces in it',
          refused: /at least 8 characters, no spaces/,
        },
        { title: 'Idea service of Sandbox: API token', answer: token },
        { title: 'Idea service of Sandbox: app key', answer: appKey },
      ],
      () => vscode.commands.executeCommand('orchestrator.setIdeaServiceCredentials'),
    );
    assert.equal(await ctx.extension.secrets.get(ideaSecretKey(sandbox().id)), sandboxIdeaSecret(sandbox()));
    assert.ok(!ctx.log.recent().join('\n').includes(token), 'the token never reaches the log');
  });

  it('signed in: Switch Active Folder picks the connection and the folder; Sign Out asks which account; Submit Idea which service', async function () {
    this.timeout(60_000);
    await ctx.auth.createSession([`connection:${sandbox().id}`]);
    await ctx.auth.createSession([`connection:${byLabel('Sandbox admin')!.id}`]);
    const switched = await answering(
      ctx,
      [
        { title: 'Which connection?', pick: 'Sandbox' },
        { title: 'Active folder in Sandbox', pick: 'Shared/HR' },
      ],
      () => vscode.commands.executeCommand<string>('orchestrator.switchActiveFolder'),
    );
    assert.equal(switched.result, 'Shared/HR');
    assert.deepEqual([ctx.active.get().connectionId, ctx.active.get().folder?.path], [sandbox().id, 'Shared/HR']);
    const idea = await answering(ctx, [{ title: 'Submit an idea to which idea service?', pick: 'Sandbox' }], () =>
      vscode.commands.executeCommand<{ connectionId: string }>('orchestrator.submitIdea'),
    );
    assert.deepEqual(idea.result, { connectionId: sandbox().id });
    const signedOut = await answering(ctx, [{ title: 'Sign out of which account?', pick: 'developer (Sandbox)' }], () =>
      vscode.commands.executeCommand('orchestrator.signOut'),
    );
    assert.equal(signedOut.asked[0]?.items?.length, 2, 'both accounts are offered');
    assert.equal(ctx.accountFor(sandbox().id), undefined);
    assert.ok(ctx.accountFor(byLabel('Sandbox admin')!.id), 'the other account stays');
  });
});
