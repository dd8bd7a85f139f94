import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ideaSecretKey } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import type { QueueItemPanel } from '../../../src/host/webviews/queueItemPanel';
import type { IdeaFormPanel } from '../../../src/host/webviews/ideaFormPanel';
import type { TreeNode } from '../../../src/host/views/treeNode';
import type { Idea } from '../../../src/core/ideas/schemas';
import { activateSignedIn, rowOf, treeWalk } from './treeWalk';

/** Records what a panel posts to its webview (the replies a webview would receive). */
function spy(panel: QueueItemPanel | IdeaFormPanel): unknown[] {
  const posted: unknown[] = [];
  const host = panel.host as unknown as { post(message: unknown): void };
  const post = host.post.bind(host);
  host.post = (message: unknown) => {
    posted.push(message);
    post(message);
  };
  return posted;
}

const replyTo = (posted: unknown[], id: number) => posted.find((m) => (m as { type: string; id?: number }).type === 'reply' && (m as { id: number }).id === id) as { ok: boolean; message?: string; fieldErrors?: { field: string; message: string }[] } | undefined;

describe('Webview panels on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const explorer = treeWalk(() => ctx.explorer);
  const ideasTree = treeWalk(() => ctx.ideas);
  const sent = () => ctx.clientFor(sandbox()).transport.sent;
  const ideaSent = async () => (await ctx.ideasClientFor(sandbox())).transport.sent;
  const confirmed: string[] = [];

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox', { ideas: true });
    ctx.prompts = { confirm: async (message) => (confirmed.push(message), true) };
  });
  after(async () => {
    const { modalPrompts } = await import('../../../src/host/ui/prompts');
    ctx.prompts = modalPrompts;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ctx.extension.secrets.delete(ideaSecretKey(sandbox().id));
    ctx.ideaCredentialsChanged();
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  describe('queue item details', () => {
    let newItems: TreeNode;
    let panel: QueueItemPanel;

    before(async function () {
      this.timeout(60_000);
      const { child } = explorer;
      const invoices = await child(await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Finance'), 'Invoices');
      newItems = await child(await child(invoices, 'Queues'), 'InvoicesToProcess');
    });

    it('opens from a queue item row with every field and the history, no Delete without Transactions.Delete; one panel per item', async function () {
      this.timeout(30_000);
      const rows = (await explorer.children(await explorer.child(newItems, 'New'))).filter((r) => r.item().contextValue === 'queueItem');
      const row = rows[0]!;
      const { queueItem: item, folder } = rowOf(row, 'queueItem');
      const before = sent();
      assert.equal(await vscode.commands.executeCommand('orchestrator.showQueueItem', row), item.Id);
      const identity = { connectionId: sandbox().id, folderId: folder.id, itemId: item.Id };
      panel = ctx.panels.queueItem(identity)!;
      assert.ok(panel, 'the panel is registered under the item');
      await panel.load();
      const shown = panel.current;
      assert.equal(shown?.type, 'show', JSON.stringify(shown).slice(0, 300));
      if (shown?.type !== 'show') return;
      assert.equal(shown.item.id, item.Id);
      assert.equal(shown.item.reference, item.Reference);
      assert.equal(shown.item.queueName, 'InvoicesToProcess', 'the queue name comes from the row, not a request');
      assert.equal(shown.item.folderName, 'Shared/Finance/Invoices');
      assert.ok(shown.events.length >= 1 && shown.events[0]!.action === 'Create', 'the history, oldest first');
      assert.equal(shown.item.status, 'New');
      assert.equal(shown.canDelete, false, 'the developer lacks Transactions.Delete (the sandbox role): Delete is not offered');
      assert.ok(sent() - before <= 6, `item, history, the folder's name and the permissions: ${sent() - before} requests`);
      await vscode.commands.executeCommand('orchestrator.showQueueItem', row);
      assert.equal(ctx.panels.queueItem(identity), panel, 'showing it again reuses the panel');
      await panel.load(); // showing it again reloads it: let that finish before the next test counts requests
    });

    it('rejects forged messages: unknown type, wrong shape, a command id — nothing is sent or run', async () => {
      const before = sent();
      const connections = ctx.connections.all().length;
      const dropped = panel.host.dropped;
      const forged = [
        { type: 'runCommand', command: 'orchestrator.removeConnection', args: [sandbox().id] },
        { type: 'request', id: 1, action: 'orchestrator.removeConnection' },
        { type: 'request', id: 2, action: 'delete', extra: 'x' },
        { type: 'request', id: '3', action: 'refresh' },
        { type: 'request', action: 'refresh' },
        { type: 'reply', id: 4, ok: true },
        'orchestrator.removeConnection',
        null,
      ];
      for (const message of forged) assert.equal(await panel.host.receive(message), false, JSON.stringify(message));
      assert.equal(panel.host.dropped - dropped, forged.length);
      assert.equal(sent(), before, 'no request reached the service');
      assert.equal(ctx.connections.all().length, connections, 'no command ran');
      assert.equal(panel.current?.type, 'show', 'the panel is untouched');
      const logged = ctx.log.recent().filter((l) => l.includes('Dropped a message from the queue item panel'));
      assert.ok(logged.some((l) => /at action/.test(l)) && logged.some((l) => /'runCommand'/.test(l)), logged.join('\n'));
    });

    it('answers allowed requests: Refresh (two requests), Copy as JSON; Delete without the permission is refused unasked', async function () {
      this.timeout(30_000);
      const posted = spy(panel);
      let before = sent();
      assert.equal(await panel.host.receive({ type: 'request', id: 10, action: 'refresh' }), true);
      assert.equal(replyTo(posted, 10)?.ok, true);
      assert.equal(sent() - before, 2, 'the item and its history; names are remembered');
      await panel.host.receive({ type: 'request', id: 11, action: 'copyJson' });
      assert.match(replyTo(posted, 11)?.message ?? '', /Copied/);
      const copied = JSON.parse(await vscode.env.clipboard.readText()) as { Id: number };
      assert.equal(copied.Id, panel.identity.itemId);
      await panel.host.receive({ type: 'request', id: 12, action: 'openAncestor' });
      assert.match(replyTo(posted, 12)?.message ?? '', /no ancestor/);
      // The page offers no Delete to the developer (no Transactions.Delete); a request for it anyway is refused
      // before any question and any request.
      confirmed.length = 0;
      before = sent();
      await panel.host.receive({ type: 'request', id: 13, action: 'delete' });
      const reply = replyTo(posted, 13)!;
      assert.equal(reply.ok, false);
      assert.match(reply.message ?? '', /Transactions\.Delete/);
      assert.deepEqual(confirmed, [], 'not asked');
      assert.equal(sent(), before, 'nothing sent');
      await panel.load();
      const shown = panel.current;
      assert.ok(shown?.type === 'show' && shown.item.status === 'New' && !shown.canDelete, 'still New; Delete still not offered');
    });

    it('offers Delete to a user with Transactions.Delete, and deletes once confirmed', async function () {
      this.timeout(60_000);
      const admin = ctx.connections.all().find((c) => c.label === 'Sandbox admin')!;
      await ctx.auth.createSession([`connection:${admin.id}`]);
      const { child, children } = explorer;
      const invoices = await child(await child(await child(await child(undefined, 'Sandbox admin'), 'Shared'), 'Finance'), 'Invoices');
      const row = (await children(await child(await child(await child(invoices, 'Queues'), 'InvoicesToProcess'), 'New'))).find((r) => r.item().contextValue === 'queueItem')!;
      const { queueItem: item, folder } = rowOf(row, 'queueItem');
      await vscode.commands.executeCommand('orchestrator.showQueueItem', row);
      const adminPanel = ctx.panels.queueItem({ connectionId: admin.id, folderId: folder.id, itemId: item.Id })!;
      await adminPanel.load();
      let shown = adminPanel.current;
      assert.ok(shown?.type === 'show' && shown.item.status === 'New' && shown.canDelete, 'the administrator is offered Delete');
      const posted = spy(adminPanel);
      confirmed.length = 0;
      await adminPanel.host.receive({ type: 'request', id: 30, action: 'delete' });
      assert.equal(replyTo(posted, 30)?.ok, true, replyTo(posted, 30)?.message);
      assert.match(confirmed[0] ?? '', /^Delete queue item/, 'asked first');
      shown = adminPanel.current;
      assert.ok(shown?.type === 'show' && shown.item.status === 'Deleted' && !shown.canDelete, 'Deleted, and Delete is offered no more');
    });

    it('opens by key from the palette path; a bad key is refused before any request', async function () {
      this.timeout(30_000);
      const item = await ctx.clientFor(sandbox()).queues.item(panel.identity.itemId, { folder: { id: panel.identity.folderId } });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      assert.equal(ctx.panels.queueItem(panel.identity), undefined, 'closing the panel forgets it');
      const before = sent();
      assert.equal(await vscode.commands.executeCommand('orchestrator.showQueueItem', undefined, { connectionId: sandbox().id, folderId: panel.identity.folderId, reference: 'not-a-key' }), undefined);
      assert.equal(sent(), before);
      assert.match(ctx.log.recent().filter((l) => l.startsWith('error ')).at(-1) ?? '', /neither a key \(UUID\) nor an id/);
      assert.equal(await vscode.commands.executeCommand('orchestrator.showQueueItem', undefined, { connectionId: sandbox().id, folderId: panel.identity.folderId, reference: item.Key.toUpperCase() }), item.Id);
      assert.ok(ctx.panels.queueItem(panel.identity));
    });
  });

  describe('idea form', () => {
    let panel: IdeaFormPanel;
    let posted: unknown[];
    const valid = { name: 'Reconcile card statements', description: 'Match card lines to receipts.', category: '2', hoursSavedPerMonth: '', frequency: 'weekly', applications: ['excel'], rulesBased: 'true', targetDate: '', processOwner: '' };

    it('Submit Idea… opens the form from GET /idea-schema with the categories and users to choose from', async function () {
      this.timeout(30_000);
      const identity = await vscode.commands.executeCommand<{ connectionId: string }>('orchestrator.submitIdea', sandbox().id);
      assert.deepEqual(identity, { connectionId: sandbox().id });
      panel = ctx.panels.ideaForm(identity)!;
      await panel.load();
      posted = spy(panel);
      const form = panel.current;
      assert.equal(form?.type, 'form');
      if (form?.type !== 'form') return;
      assert.equal(form.fields.length, 9);
      assert.ok(form.lookups.categories!.some((c) => c.label === 'Finance › Accounts Payable'));
      assert.ok(form.lookups.users!.length >= 3);
      assert.equal(form.draftRestored, false);
    });

    it('refuses invalid values on the host too (the webview is not trusted), field by field, sending nothing', async () => {
      const before = await ideaSent();
      await panel.host.receive({ type: 'submit', id: 20, values: { ...valid, name: '', hoursSavedPerMonth: 'ten', applications: ['sap', 'excel', 'outlook', 'salesforce'] } });
      const reply = replyTo(posted, 20)!;
      assert.equal(reply.ok, false);
      assert.deepEqual(reply.fieldErrors!.map((e) => e.field).sort(), ['applications', 'hoursSavedPerMonth', 'name']);
      assert.equal(await ideaSent(), before);
      assert.equal(await panel.host.receive({ type: 'submit', id: 21, values: { ...valid, name: 42 } }), false, 'a number where text belongs is a malformed message');
    });

    it('keeps a draft: a reopened form shows what was typed', async () => {
      await panel.host.receive({ type: 'draft', values: { ...valid, name: 'Half typed' } });
      assert.equal(panel.draft()?.name, 'Half typed');
      await panel.load();
      const form = panel.current;
      assert.ok(form?.type === 'form' && form.draftRestored && form.values.name === 'Half typed');
    });

    it('shows the service\'s field errors beside their fields (a category removed after the form loaded)', async function () {
      this.timeout(30_000);
      const client = await ctx.ideasClientFor(sandbox());
      const categories = (await client.categories()).data;
      await client.replaceCategories(categories.filter((c) => c.id !== 6).map((c) => ({ id: c.id, name: c.name, parentId: c.parentId })));
      try {
        await panel.host.receive({ type: 'submit', id: 22, values: { ...valid, category: '6' } });
        const reply = replyTo(posted, 22)!;
        assert.equal(reply.ok, false);
        assert.deepEqual(reply.fieldErrors, [{ field: 'category', message: 'Category must be one of the existing categories.' }]);
        assert.equal(panel.draft()?.category, '6', 'the values are kept');
      } finally {
        await client.replaceCategories(categories.map((c) => ({ id: c.id, name: c.name, parentId: c.parentId })));
      }
    });

    it('submits valid values once; the panel becomes the new idea, the draft goes, the idea is in the tree', async function () {
      this.timeout(30_000);
      const before = await ideaSent();
      await panel.host.receive({ type: 'submit', id: 23, values: valid });
      assert.equal(replyTo(posted, 23)?.ok, true, replyTo(posted, 23)?.message);
      const submitted = posted.find((m) => (m as { type: string }).type === 'submitted') as { idea: { id: number; status: string } };
      assert.equal(submitted.idea.status, 'Awaiting Review');
      assert.equal(panel.identity.automationId, submitted.idea.id);
      assert.equal(ctx.panels.ideaForm({ connectionId: sandbox().id, automationId: submitted.idea.id }), panel);
      assert.equal(ctx.panels.ideaForm({ connectionId: sandbox().id }), undefined);
      assert.equal(panel.draft(), undefined);
      const posts = (await ideaSent()) - before;
      assert.ok(posts >= 1 && posts <= 8, `${posts} requests`);
      const all = await ideasTree.child(await ideasTree.child(undefined, 'Sandbox'), 'All Automations');
      assert.ok((await ideasTree.children(all)).some((r) => r.row?.kind === 'idea' && r.row.idea.id === submitted.idea.id));
      const form = panel.current;
      assert.ok(form?.type === 'form' && form.idea?.id === submitted.idea.id && form.values.name === valid.name, 'the panel shows the new idea');
    });

    it('a just-submitted idea opens without "unsent changes", and Submit Idea starts empty again', async function () {
      this.timeout(30_000);
      // The page may post the values it shows (a draft timer still running from before the submit): those are what
      // the service holds, so they are no draft.
      const shown = panel.current;
      assert.ok(shown?.type === 'form');
      await panel.host.receive({ type: 'draft', values: shown.values });
      await panel.load();
      const reopened = panel.current;
      assert.ok(reopened?.type === 'form' && !reopened.draftRestored, 'no "Your unsent changes were restored"');
      assert.equal(panel.draft(), undefined, 'nothing kept as a draft');
      const identity = await vscode.commands.executeCommand<{ connectionId: string }>('orchestrator.submitIdea', sandbox().id);
      const fresh = ctx.panels.ideaForm(identity)!;
      await fresh.load();
      const form = fresh.current;
      assert.ok(form?.type === 'form' && !form.draftRestored && form.values.name === '', 'the submit form\'s draft went with the submission');
      fresh.dispose();
    });

    it('Show Idea edits with a PATCH of what changed; nothing changed is said so', async function () {
      this.timeout(30_000);
      await panel.host.receive({ type: 'submit', id: 24, values: valid });
      assert.match(replyTo(posted, 24)?.message ?? '', /Nothing changed/);
      await panel.host.receive({ type: 'submit', id: 25, values: { ...valid, description: 'Match card lines to receipts, daily.' } });
      assert.equal(replyTo(posted, 25)?.ok, true, replyTo(posted, 25)?.message);
      const client = await ctx.ideasClientFor(sandbox());
      assert.equal((await client.ideaForm(panel.identity.automationId!)).values.description, 'Match card lines to receipts, daily.');
    });
  });

  describe('idea commands', () => {
    let row: TreeNode;
    let idea: Idea;
    const refetch = async () => {
      const all = await ideasTree.child(await ideasTree.child(undefined, 'Sandbox'), 'All Automations');
      ctx.ideas.refresh(all);
      row = (await ideasTree.children(all)).find((r) => r.row?.kind === 'idea' && r.row.idea.id === idea.id)!;
      idea = rowOf(row, 'idea').idea;
    };

    let ideaPanel: IdeaFormPanel;
    let panelPosts: unknown[];
    /** How often the open panel of the idea was shown again (it reloads after each change). */
    const formsShown = () => panelPosts.filter((m) => (m as { type: string }).type === 'form').length;
    const panelIdea = () => {
      const shown = ideaPanel.current;
      assert.ok(shown?.type === 'form' && shown.idea, JSON.stringify(shown).slice(0, 200));
      return shown.idea as { phase: string; status: string; tags?: string[] };
    };

    before(async () => {
      const all = await ideasTree.child(await ideasTree.child(undefined, 'Sandbox'), 'All Automations');
      row = (await ideasTree.children(all)).find((r) => r.row?.kind === 'idea' && r.row.idea.status === 'Awaiting Review' && r.row.idea.phase === 'Idea')!;
      idea = rowOf(row, 'idea').idea;
      // The idea is open in its panel while the commands change it: the panel must follow every change.
      ideaPanel = ctx.panels.ideaForm(await vscode.commands.executeCommand('orchestrator.showIdea', row))!;
      await ideaPanel.load();
      panelPosts = spy(ideaPanel);
    });

    it('Change Status offers only the service\'s moves; another is refused before sending', async () => {
      assert.deepEqual(idea.allowedTransitions?.map((m) => m.status), ['Approved', 'Rejected', 'Duplicate', 'On Hold']);
      const before = await ideaSent();
      assert.equal(await vscode.commands.executeCommand('orchestrator.changeIdeaStatus', row, { phase: 'Live', status: 'Live' }), undefined);
      assert.equal(await ideaSent(), before);
      assert.match(ctx.log.recent().filter((l) => l.startsWith('error ')).at(-1) ?? '', /cannot move from Idea · Awaiting Review to Live · Live/);
      assert.deepEqual(await vscode.commands.executeCommand('orchestrator.changeIdeaStatus', row, { phase: 'Idea', status: 'Approved', comment: 'Good one' }), { phase: 'Idea', status: 'Approved' });
      await refetch();
      assert.equal(idea.status, 'Approved');
      assert.deepEqual(idea.allowedTransitions, [{ phase: 'Assessment', status: 'Not Started' }]);
      await ideaPanel.load();
      assert.deepEqual([panelIdea().phase, panelIdea().status], ['Idea', 'Approved'], 'the open panel shows the new status, as the tree does');
    });

    it('Add Tags merges with the idea\'s tags; empty, repeated and over-long tags are refused before sending', async () => {
      const before = await ideaSent();
      for (const bad of ['a,,b', ' , ', 'x'.repeat(51), 'dup, dup']) assert.equal(await vscode.commands.executeCommand('orchestrator.addIdeaTags', row, bad), undefined, bad);
      assert.equal(await ideaSent(), before);
      const first = await vscode.commands.executeCommand<string[]>('orchestrator.addIdeaTags', row, 'finance, <b>bold</b>');
      await refetch();
      const second = await vscode.commands.executeCommand<string[]>('orchestrator.addIdeaTags', row, 'quarterly');
      assert.deepEqual(second, [...first, 'quarterly'].filter((t, i, all) => all.indexOf(t) === i));
      assert.ok(second.includes('<b>bold</b>'), 'kept literally');
      await ideaPanel.load();
      assert.deepEqual(panelIdea().tags, second, 'the open panel shows the new tags');
    });

    it('Manage Collaborators adds and removes (removal confirmed); a user twice is refused', async () => {
      let shown = formsShown();
      const added = await vscode.commands.executeCommand<{ userId: number; role: string }[]>('orchestrator.manageIdeaCollaborators', row, { add: { userId: 3, role: 'Process Owner' } });
      assert.ok(added.some((c) => c.userId === 3 && c.role === 'Process Owner'));
      const before = await ideaSent();
      assert.equal(await vscode.commands.executeCommand('orchestrator.manageIdeaCollaborators', row, { add: { userId: 3, role: 'Collaborator' } }), undefined);
      assert.equal((await ideaSent()) - before, 2, 'only the two lookups: the collaborators and the users');
      confirmed.length = 0;
      assert.equal(formsShown(), shown + 1, 'the open panel read the idea again after the addition');
      shown = formsShown();
      assert.deepEqual(await vscode.commands.executeCommand('orchestrator.manageIdeaCollaborators', row, { remove: 3 }), { removed: 3 });
      assert.match(confirmed[0] ?? '', /^Remove Vi Ewer/);
      assert.equal(formsShown(), shown + 1, 'and after the removal');
    });

    it('Attach Document takes http(s) addresses only', async () => {
      const before = await ideaSent();
      for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url', `https://x.test/${'a'.repeat(2000)}`]) {
        assert.equal(await vscode.commands.executeCommand('orchestrator.attachIdeaDocument', row, { name: 'Spec', url }), undefined, url.slice(0, 30));
      }
      assert.equal(await vscode.commands.executeCommand('orchestrator.attachIdeaDocument', row, { name: '  ', url: 'https://x.test/a.pdf' }), undefined);
      assert.equal(await ideaSent(), before);
      const shown = formsShown();
      const document = await vscode.commands.executeCommand<{ name: string; url: string }>('orchestrator.attachIdeaDocument', row, { name: 'Process map', url: 'https://docs.example.test/map.pdf' });
      assert.equal(formsShown(), shown + 1, 'the open panel read the idea again');
      assert.deepEqual([document.name, document.url], ['Process map', 'https://docs.example.test/map.pdf']);
      const client = await ctx.ideasClientFor(sandbox());
      assert.ok((await client.documents(idea.id)).data.some((d) => d.name === 'Process map'));
    });
  });
});
