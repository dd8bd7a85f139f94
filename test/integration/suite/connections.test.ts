import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ideaSecretKey } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { answering, type Asked } from '../../../src/host/ui/scriptedInput';
import { sandboxIdeaSecret, treeWalk, lastError as lastErrorOf } from './treeWalk';
import { extensionContext } from '../../support/extensionContext';
import { RowIds } from '../../../src/core/rows/rowIds';
import { setTimeout as delay } from 'node:timers/promises';

/** The first step of Add Connection: the address the user copied, or Enter to type the fields one by one. */
const PASTE = 'Add Connection: paste the address of your tenant';
/** The notification once a connection is added, offering Sign In. */
const ADDED = 'Added the connection';
/** The question after an address that reads two ways. */
const READING = 'Add Connection: how to read the address';
/** The steps of Add Connection, without the notification after it. */
const steps = (asked: readonly Asked[]) => asked.filter((a) => a.kind !== 'confirm');

/** The questions of the connection and account commands, answered as a user would, in a real editor. */
describe('Connection and account commands ask, and check each answer as it is given', () => {
  let ctx: Ctx;
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const byLabel = (label: string) => ctx.connections.all().find((c) => c.label === label);
  const sandbox = () => byLabel('Sandbox')!;
  const lastError = () => lastErrorOf(ctx);
  let original: unknown[];
  let active: ReturnType<Ctx['active']['get']>;

  before(async () => {
    ctx = await extensionContext();
    await ctx.ready;
    original = config().get<unknown[]>('connections')!;
    active = ctx.active.get();
  });
  after(async () => {
    await config().update('connections', original, vscode.ConfigurationTarget.Global);
    await ctx.active.set(active);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

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

  it('Add Connection from a pasted sandbox address: what it says is shown, saved as read, then it signs in and shows its tree', async function () {
    this.timeout(60_000);
    const url = process.env.ORCHESTRATOR_SANDBOX_URL!;
    const before = ctx.connections.raw();
    // The sandbox has two tenants and both are configured: staging is freed for the pasted address.
    await ctx.connections.save(before.filter((c) => c.label !== 'Sandbox admin'));
    try {
      const { result, asked } = await answering(
        ctx,
        [
          { title: PASTE, answer: 'ftp://files.example.com/sandbox/main', refused: /https:\/\/ address/ },
          { title: PASTE, answer: `${url}/sandbox/main/odata/Folders`, refused: /'Sandbox' already points at/ },
          { title: PASTE, answer: `${url}/sandbox/staging/swagger/ui/index#/Jobs` },
          { title: 'Add Connection: read from the address', pick: 'Kind', refused: /shows what was read/ },
          { title: 'Add Connection: read from the address', pick: 'Use these' },
          { title: 'Add Connection: name', enter: true },
          { title: 'Add Connection: protection', pick: 'Normal' },
          { title: ADDED, cancel: true },
        ],
        () => vscode.commands.executeCommand<string>('orchestrator.addConnection'),
      );
      assert.deepEqual(asked[1]?.items, [
        '$(check) Use these',
        '$(key) Use these, sign in as an application',
        '$(edit) Edit each field',
        'Kind',
        'Service URL',
        'Account',
        'Tenant',
        'Service segment',
        'Identity URL',
        'Web portal',
      ]);
      assert.deepEqual(
        steps(asked).map((a) => `${a.step}/${a.totalSteps}`),
        ['1/4', '2/4', '3/4', '4/4'],
      );
      const saved = ctx.connections.raw().find((c) => c.label === 'staging (sandbox)');
      assert.deepEqual(saved, {
        label: 'staging (sandbox)',
        kind: 'cloud',
        serviceUrl: url,
        account: 'sandbox',
        tenant: 'staging',
        identityUrl: `${url}/identity`,
        portalUrl: `${url}/sandbox/staging`,
        protection: 'normal',
      });
      assert.equal(result, byLabel('staging (sandbox)')?.id);
      // The sandbox's sign-in page waits for a click; as the runner's connections do, it is told whom to sign in.
      await ctx.connections.save(
        ctx.connections.raw().map((c) => (c.label === saved.label ? { ...c, loginHint: 'admin', prompt: 'none' } : c)),
      );
      const added = byLabel('staging (sandbox)')!;
      await ctx.auth.createSession([`connection:${added.id}`]);
      const { label, children, child } = treeWalk(() => ctx.explorer);
      const root = await child(undefined, 'staging (sandbox)');
      assert.equal(root.item().contextValue, 'connection.signedIn');
      const rows = await children(root);
      assert.ok(
        rows.every((r) => r.item().contextValue !== 'error'),
        rows.map(label).join(', '),
      );
      assert.ok(rows.map(label).includes('Shared'), rows.map(label).join(', '));
    } finally {
      for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
      await ctx.connections.save(before);
    }
  });

  it('Add Connection from a pasted portal address with a service segment: Back, each field shown as read, saved', async function () {
    this.timeout(30_000);
    const before = ctx.connections.raw();
    const pasted = 'https://cloud.example.com/acme/DefaultTenant/orchestrator_/jobs?tid=3&fid=12#/details';
    try {
      const { asked } = await answering(
        ctx,
        [
          { title: PASTE, answer: pasted },
          { title: 'Add Connection: read from the address', back: true },
          { title: PASTE, enter: true },
          { title: 'Add Connection: read from the address', pick: 'Edit each field' },
          { title: 'Add Connection: service URL', enter: true },
          { title: 'Add Connection: identity URL', enter: true },
          { title: 'Add Connection: account', enter: true },
          { title: 'Add Connection: tenant', enter: true },
          { title: 'Add Connection: service segment', answer: 'a/b', refused: /letters, digits/ },
          { title: 'Add Connection: service segment', enter: true },
          { title: 'Add Connection: how do you sign in?', pick: 'In the browser' },
          { title: 'Add Connection: client id', enter: true },
          { title: 'Add Connection: web portal URL', enter: true },
          { title: 'Add Connection: name', answer: 'Acme cloud' },
          { title: 'Add Connection: protection', pick: 'Read-only' },
          { title: ADDED, cancel: true },
        ],
        () => vscode.commands.executeCommand<string>('orchestrator.addConnection'),
      );
      assert.equal(asked[2]?.value, pasted, 'Back shows the address as pasted');
      assert.deepEqual(
        asked
          .slice(4, 12)
          .filter((a) => a.kind === 'input')
          .map((a) => a.value),
        [
          'https://cloud.example.com',
          'https://cloud.example.com/identity_',
          'acme',
          'DefaultTenant',
          'orchestrator_',
          'orchestrator-workbench',
          'https://cloud.example.com/acme/DefaultTenant/orchestrator_',
        ],
      );
      assert.deepEqual(
        ctx.connections.raw().find((c) => c.label === 'Acme cloud'),
        {
          label: 'Acme cloud',
          kind: 'cloud',
          serviceUrl: 'https://cloud.example.com',
          account: 'acme',
          tenant: 'DefaultTenant',
          serviceSegment: 'orchestrator_',
          identityUrl: 'https://cloud.example.com/identity_',
          clientId: 'orchestrator-workbench',
          portalUrl: 'https://cloud.example.com/acme/DefaultTenant/orchestrator_',
          protection: 'readOnly',
        },
      );
      assert.equal(byLabel('Acme cloud')?.id, 'https://cloud.example.com/acme/defaulttenant/orchestrator_');
    } finally {
      await ctx.connections.save(before);
    }
  });

  it('Add Connection from an address that reads two ways: both readings asked in a pick, Back, the chosen one saved', async function () {
    this.timeout(30_000);
    const before = ctx.connections.raw();
    try {
      const { asked } = await answering(
        ctx,
        [
          { title: PASTE, answer: 'https://cloud.example.com/acme/home' },
          { title: READING, back: true },
          { title: PASTE, enter: true },
          { title: READING, pick: 'Cloud: account acme, tenant home' },
          { title: 'Add Connection: read from the address', pick: 'Use these' },
          { title: 'Add Connection: name', enter: true },
          { title: 'Add Connection: protection', pick: 'Normal' },
          { title: ADDED, cancel: true },
        ],
        () => vscode.commands.executeCommand<string>('orchestrator.addConnection'),
      );
      assert.match(asked[1]!.placeholder!, /Is 'home' a tenant's name, or a page of an on-premises service\?/);
      assert.deepEqual(asked[1]!.items, [
        '$(cloud) Cloud: account acme, tenant home',
        '$(server) On-premises, in /acme',
      ]);
      // The question is a step the user sees: counted once asked, and Back returns to the address.
      assert.deepEqual(
        steps(asked).map((a) => `${a.step}/${a.totalSteps}`),
        ['1/4', '2/5', '1/5', '2/5', '3/5', '4/5', '5/5'],
      );
      assert.deepEqual(
        ctx.connections.raw().find((c) => c.label === 'home (acme)'),
        {
          label: 'home (acme)',
          kind: 'cloud',
          serviceUrl: 'https://cloud.example.com',
          account: 'acme',
          tenant: 'home',
          identityUrl: 'https://cloud.example.com/identity',
          portalUrl: 'https://cloud.example.com/acme/home',
          protection: 'normal',
        },
      );
    } finally {
      await ctx.connections.save(before);
    }
  });

  it("Add Connection from another service's page: that tenant's orchestration service, the row shown at Sign in, Sign In offered", async function () {
    this.timeout(30_000);
    const before = ctx.connections.raw();
    try {
      const { asked, result } = await answering(
        ctx,
        [
          { title: PASTE, answer: 'https://cloud.example.com/acme/Testing/actions_/tasks?state=open' },
          { title: 'Add Connection: read from the address', pick: 'Note', refused: /shows what was read/ },
          { title: 'Add Connection: read from the address', pick: 'Use these' },
          { title: 'Add Connection: name', enter: true },
          { title: 'Add Connection: protection', pick: 'Normal' },
          { title: ADDED, cancel: true },
        ],
        () => vscode.commands.executeCommand<string>('orchestrator.addConnection'),
      );
      assert.deepEqual(
        ctx.connections.raw().find((c) => c.label === 'Testing (acme)'),
        {
          label: 'Testing (acme)',
          kind: 'cloud',
          serviceUrl: 'https://cloud.example.com',
          account: 'acme',
          tenant: 'Testing',
          serviceSegment: 'orchestrator_',
          identityUrl: 'https://cloud.example.com/identity_',
          portalUrl: 'https://cloud.example.com/acme/Testing/orchestrator_',
          protection: 'normal',
        },
      );
      assert.equal(result, byLabel('Testing (acme)')?.id);
      const offer = asked.at(-1)!;
      assert.deepEqual(
        [offer.kind, offer.title, offer.items],
        ['confirm', "Added the connection 'Testing (acme)'. Sign in to see its folders.", ['Sign In']],
      );
      // The new row is open at its Sign in row, selected: Enter signs in there too.
      const signInRow = `${RowIds.connection(result)}/signIn`;
      for (let i = 0; i < 50 && ctx.explorer.view.selection[0]?.id !== signInRow; i++) await delay(100);
      assert.deepEqual(
        ctx.explorer.view.selection.map((row) => row.id),
        [signInRow],
      );
    } finally {
      await ctx.connections.save(before);
    }
  });

  it('Add Connection, then Sign In from the notification: signs in to that connection, nothing asked about which', async function () {
    this.timeout(30_000);
    const before = ctx.connections.raw();
    try {
      await answering(
        ctx,
        [
          { title: PASTE, answer: 'https://orch.corp.local/Orchestrator/odata/Jobs' },
          { title: 'Add Connection: read from the address', pick: 'Use these' },
          { title: 'Add Connection: name', answer: 'Corp' },
          { title: 'Add Connection: protection', pick: 'Normal' },
          { title: ADDED, choose: 'Sign In' },
          // An on-premises connection signs in with an access token: its own box, for this connection.
          { title: 'Sign in to Corp with an access token', cancel: true },
        ],
        () => vscode.commands.executeCommand<string>('orchestrator.addConnection'),
      );
    } finally {
      await ctx.connections.save(before);
    }
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
