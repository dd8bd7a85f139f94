import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { answering } from '../../../src/host/ui/scriptedInput';
import { treeWalk } from './treeWalk';
import { connectionsKept } from './suiteHooks';
import { RowIds } from '../../../src/core/rows/rowIds';
import { setTimeout as delay } from 'node:timers/promises';
import { ADDED, PASTE, READING, steps } from './addConnectionSteps';

/** Add Connection from an address the user copied from a browser, its readings, and the Sign In it offers after. */
describe('Add Connection from a pasted address: read as the service would, asked when it reads two ways', () => {
  let ctx: Ctx;
  const byLabel = (label: string) => ctx.connections.all().find((c) => c.label === label);
  // The connections and the active one put back after, every sign-in forgotten (suiteHooks.ts).
  const suite = connectionsKept();
  before(() => void (ctx = suite.ctx));

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
});
