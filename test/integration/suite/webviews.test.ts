import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { IdeaFormPanel } from '../../../src/host/webviews/ideaFormPanel';
import { replyTo, spy } from './panelSpy';
import { signedInSuite } from './suiteHooks';

describe('Webview panels on the sandbox', () => {
  // Signed in with the idea service before; after, editors closed and every sign-in forgotten (suiteHooks.ts).
  const suite = signedInSuite('Sandbox', { ideas: true });
  const { connection: sandbox, ideaSent, ideas: ideasTree } = suite;
  let ctx: Ctx;
  before(() => void (ctx = suite.ctx));

  describe('idea form', () => {
    let panel: IdeaFormPanel;
    let posted: unknown[];
    const valid = {
      name: 'Reconcile card statements',
      description: 'Match card lines to receipts.',
      category: '2',
      hoursSavedPerMonth: '',
      frequency: 'weekly',
      applications: ['excel'],
      rulesBased: 'true',
      targetDate: '',
      processOwner: '',
    };

    it('Submit Idea… opens the form from GET /idea-schema with the categories and users to choose from', async function () {
      this.timeout(30_000);
      const identity = await vscode.commands.executeCommand<{ connectionId: string }>(
        'orchestrator.submitIdea',
        sandbox().id,
      );
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
      await panel.host.receive({
        type: 'submit',
        id: 20,
        values: {
          ...valid,
          name: '',
          hoursSavedPerMonth: 'ten',
          applications: ['sap', 'excel', 'outlook', 'salesforce'],
        },
      });
      const reply = replyTo(posted, 20)!;
      assert.equal(reply.ok, false);
      assert.deepEqual(reply.fieldErrors!.map((e) => e.field).sort(), ['applications', 'hoursSavedPerMonth', 'name']);
      assert.equal(await ideaSent(), before);
      assert.equal(
        await panel.host.receive({ type: 'submit', id: 21, values: { ...valid, name: 42 } }),
        false,
        'a number where text belongs is a malformed message',
      );
    });

    it('keeps a draft: a reopened form shows what was typed', async () => {
      await panel.host.receive({ type: 'draft', values: { ...valid, name: 'Half typed' } });
      assert.equal(panel.draft()?.name, 'Half typed');
      await panel.load();
      const form = panel.current;
      assert.ok(form?.type === 'form' && form.draftRestored && form.values.name === 'Half typed');
    });

    it("shows the service's field errors beside their fields (a category removed after the form loaded)", async function () {
      this.timeout(30_000);
      const client = await ctx.ideasClientFor(sandbox());
      const categories = (await client.categories()).data;
      await client.replaceCategories(
        categories.filter((c) => c.id !== 6).map((c) => ({ id: c.id, name: c.name, parentId: c.parentId })),
      );
      try {
        await panel.host.receive({ type: 'submit', id: 22, values: { ...valid, category: '6' } });
        const reply = replyTo(posted, 22)!;
        assert.equal(reply.ok, false);
        assert.deepEqual(reply.fieldErrors, [
          { field: 'category', message: 'Category must be one of the existing categories.' },
        ]);
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
      const submitted = posted.find((m) => (m as { type: string }).type === 'submitted') as {
        idea: { id: number; status: string };
      };
      assert.equal(submitted.idea.status, 'Awaiting Review');
      assert.equal(panel.identity.automationId, submitted.idea.id);
      assert.equal(ctx.panels.ideaForm({ connectionId: sandbox().id, automationId: submitted.idea.id }), panel);
      assert.equal(ctx.panels.ideaForm({ connectionId: sandbox().id }), undefined);
      assert.equal(panel.draft(), undefined);
      const posts = (await ideaSent()) - before;
      assert.ok(posts >= 1 && posts <= 8, `${posts} requests`);
      const all = await ideasTree.child(await ideasTree.child(undefined, 'Sandbox'), 'All Automations');
      assert.ok(
        (await ideasTree.children(all)).some((r) => r.row?.kind === 'idea' && r.row.idea.id === submitted.idea.id),
      );
      const form = panel.current;
      assert.ok(
        form?.type === 'form' && form.idea?.id === submitted.idea.id && form.values.name === valid.name,
        'the panel shows the new idea',
      );
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
      const identity = await vscode.commands.executeCommand<{ connectionId: string }>(
        'orchestrator.submitIdea',
        sandbox().id,
      );
      const fresh = ctx.panels.ideaForm(identity)!;
      await fresh.load();
      const form = fresh.current;
      assert.ok(
        form?.type === 'form' && !form.draftRestored && form.values.name === '',
        "the submit form's draft went with the submission",
      );
      fresh.dispose();
    });

    it('Show Idea edits with a PATCH of what changed; nothing changed is said so', async function () {
      this.timeout(30_000);
      await panel.host.receive({ type: 'submit', id: 24, values: valid });
      assert.match(replyTo(posted, 24)?.message ?? '', /Nothing changed/);
      await panel.host.receive({
        type: 'submit',
        id: 25,
        values: { ...valid, description: 'Match card lines to receipts, daily.' },
      });
      assert.equal(replyTo(posted, 25)?.ok, true, replyTo(posted, 25)?.message);
      const client = await ctx.ideasClientFor(sandbox());
      assert.equal(
        (await client.ideaForm(panel.identity.automationId!)).values.description,
        'Match card lines to receipts, daily.',
      );
    });
  });
});
