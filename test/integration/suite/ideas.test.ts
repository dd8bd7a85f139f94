import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ideaSecretKey } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { faults, sandboxIdeaSecret, treeWalk } from './treeWalk';
import { extensionContext } from '../../support/extensionContext';

/** The rows under a connection of the Ideas view, in order. */
const IDEA_VIEW_ROWS = [
  'Pipeline',
  'All Automations',
  'Categories',
  'Automation Store',
  'Components',
  'Application Inventory',
];

describe('Ideas tree on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { label, children, child } = treeWalk(() => ctx.ideas);
  const sent = async () => (await ctx.ideasClientFor(sandbox())).transport.sent;

  before(async function () {
    this.timeout(60_000);
    ctx = await extensionContext();
    await ctx.ready;
    // An earlier suite signed out, which locks the connection's ideas until it signs in again (see signOut.test).
    await ctx.auth.createSession([`connection:${sandbox().id}`]);
  });
  after(async () => {
    await ctx.extension.secrets.delete(ideaSecretKey(sandbox().id));
    ctx.ideaCredentialsChanged();
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it("lists the sandbox's ideas with no credentials entered: the runner passes them as npm start does", async function () {
    this.timeout(30_000);
    // Nothing in this suite stored them: the extension took them from ORCHESTRATOR_SANDBOX_IDEAS when it activated,
    // because the connection's service URL is the sandbox's own origin.
    const stored = JSON.parse((await ctx.extension.secrets.get(ideaSecretKey(sandbox().id))) ?? '{}') as unknown;
    assert.deepEqual(stored, JSON.parse(sandboxIdeaSecret(sandbox())), "bound to the sandbox's origin");
    const root = await child(undefined, 'Sandbox');
    assert.deepEqual((await children(root)).map(label), IDEA_VIEW_ROWS);
    assert.ok((await children(await child(root, 'All Automations'))).some((r) => r.item().contextValue === 'idea'));
  });

  it("stores the sandbox's credentials only where there are none: a pair already stored is kept", async () => {
    const { storeSandboxIdeaCredentials } = await import('../../../src/host/sandboxIdeaCredentials');
    const key = ideaSecretKey(sandbox().id);
    const typed = JSON.stringify({ token: 'typed-by-hand-token', appKey: 'typed-by-hand-key' });
    await ctx.extension.secrets.store(key, typed);
    assert.ok(!(await storeSandboxIdeaCredentials(ctx)).includes(sandbox().id));
    assert.equal(await ctx.extension.secrets.get(key), typed);
    await ctx.extension.secrets.delete(key);
    assert.ok((await storeSandboxIdeaCredentials(ctx)).includes(sandbox().id));
    assert.deepEqual(JSON.parse((await ctx.extension.secrets.get(key))!), JSON.parse(sandboxIdeaSecret(sandbox())));
    assert.ok(
      !ctx.log.recent().join('\n').includes(JSON.parse(process.env.ORCHESTRATOR_SANDBOX_IDEAS!).token),
      'never in the log',
    );
  });

  it('asks for credentials on a connection that has none', async () => {
    await ctx.extension.secrets.delete(ideaSecretKey(sandbox().id));
    ctx.ideaCredentialsChanged();
    const [row] = await children(await child(undefined, 'Sandbox'));
    assert.match(label(row!), /No idea-service credentials for 'Sandbox'/);
    assert.equal(row!.item().command?.command, 'orchestrator.setIdeaServiceCredentials');
  });

  it('shows the pipeline by phase and status; each status lists exactly its automations', async function () {
    this.timeout(30_000);
    await ctx.extension.secrets.store(ideaSecretKey(sandbox().id), sandboxIdeaSecret(sandbox()));
    ctx.ideaCredentialsChanged();
    const root = await child(undefined, 'Sandbox');
    assert.deepEqual((await children(root)).map(label), IDEA_VIEW_ROWS);
    const pipeline = await child(root, 'Pipeline');
    let before = await sent();
    const phases = await children(pipeline);
    assert.equal((await sent()) - before, 1, 'the pipeline in one request');
    assert.deepEqual(phases.map(label), ['Idea', 'Assessment', 'Development', 'Live']);
    const statuses = await children(await child(pipeline, 'Idea'));
    const awaiting = statuses.find((s) => label(s) === 'Awaiting Review')!;
    const expected = Number(String(awaiting.item().description));
    before = await sent();
    const ideas = (await children(awaiting)).filter((r) => r.item().contextValue === 'idea');
    assert.ok((await sent()) - before <= 3, 'one page, plus the users and categories once for names');
    assert.equal(ideas.length, Math.min(expected, 50));
    assert.ok(ideas.every((r) => String(r.item().description).startsWith('Idea · Awaiting Review')));
    const tooltip = (ideas[0]!.item().tooltip as vscode.MarkdownString).value;
    assert.match(tooltip, /Submitter \| (?!—)/);
  });

  it('filters all automations with a literal search text', async function () {
    this.timeout(30_000);
    const all = (await child(await child(undefined, 'Sandbox'), 'All Automations')) as TreeNode & {
      setFilter(text: string | undefined): void;
    };
    const everything = (await children(all)).filter((r) => r.item().contextValue === 'idea');
    assert.ok(everything.length > 0);
    all.setFilter("O'Brien') or (1 eq 1");
    const rows = await children(all);
    assert.equal(rows.length, 1);
    assert.match(label(rows[0]!), /^Nothing matches/);
    const word = label(everything[0]!).split(' ')[0]!;
    all.setFilter(word);
    const matched = (await children(all)).filter((r) => r.item().contextValue === 'idea');
    assert.ok(
      matched.length > 0 &&
        matched.every((r) => new RegExp(word, 'i').test(label(r) + (r.item().tooltip as vscode.MarkdownString).value)),
    );
  });

  it('nests categories, lists store automations with their reviews, components and applications', async function () {
    this.timeout(30_000);
    const root = await child(undefined, 'Sandbox');
    const categories = await children(await child(root, 'Categories'));
    assert.ok(categories.length > 0);
    const parent = categories.find((c) => c.item().collapsibleState === vscode.TreeItemCollapsibleState.Collapsed);
    assert.ok(parent, 'some category has subcategories');
    assert.ok((await children(parent)).length > 0);
    const store = (await children(await child(root, 'Automation Store'))).filter(
      (r) => r.item().contextValue === 'storeIdea',
    );
    assert.ok(store.length > 0);
    let reviewed = false;
    for (const entry of store) {
      const reviews = await children(entry);
      if (reviews.some((r) => r.item().contextValue === 'review')) {
        reviewed = true;
        assert.ok(reviews.every((r) => /^★*☆*$/.test(label(r)) && label(r).length === 5));
        break;
      }
    }
    assert.ok(reviewed, 'some store automation has reviews');
    assert.ok((await children(await child(root, 'Components'))).some((r) => r.item().contextValue === 'component'));
    assert.ok(
      (await children(await child(root, 'Application Inventory'))).some((r) => r.item().contextValue === 'application'),
    );
  });

  it('shows an error row when the idea service fails (a paged list and a one-request row), and recovers on retry', async function () {
    this.timeout(30_000);
    const components = await child(await child(undefined, 'Sandbox'), 'Components');
    await faults([{ path: '*/components', status: 500 }]);
    try {
      ctx.ideas.refresh(components);
      const [row] = await children(components);
      assert.equal(row!.item().contextValue, 'error');
      assert.match(label(row!), /Retry$/);
    } finally {
      await faults([]);
    }
    await vscode.commands.executeCommand('orchestrator.tree.retry', components);
    assert.ok((await children(components)).some((r) => r.item().contextValue === 'component'));

    // A row loaded in one request (the pipeline) fails and recovers the same way; its Retry reloads that row only.
    const pipeline = await child(await child(undefined, 'Sandbox'), 'Pipeline');
    await faults([{ path: '*/automationpipeline', status: 500 }]);
    try {
      ctx.ideas.refresh(pipeline);
      const [row] = await children(pipeline);
      assert.equal(row!.item().contextValue, 'error');
      assert.equal(row!.item().command?.arguments?.[0], pipeline);
    } finally {
      await faults([]);
    }
    await vscode.commands.executeCommand('orchestrator.tree.retry', pipeline);
    assert.deepEqual((await children(pipeline)).map(label), ['Idea', 'Assessment', 'Development', 'Live']);
  });
});
