// Change Status, Add Tags, Manage Collaborators and Attach Document on a seeded idea, with its panel open: each
// change as the service takes it, the panel following every one. (Named to run right after webviews.test.ts.)
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { IdeaFormPanel } from '../../../src/host/webviews/ideaFormPanel';
import type { TreeNode } from '../../../src/host/views/treeNode';
import type { Idea } from '../../../src/core/ideas/schemas';
import { spy } from './panelSpy';
import { rowOf } from './treeWalk';
import { signedInSuite } from './suiteHooks';
import { answering, type Answer, type AnswerTarget } from '../../../src/host/ui/scriptedInput';

describe('Idea commands on the sandbox, with the idea open in its panel', () => {
  // Signed in with the idea service before; after, editors closed and every sign-in forgotten (suiteHooks.ts).
  const suite = signedInSuite('Sandbox', { ideas: true });
  const { connection: sandbox, ideaSent, ideas: ideasTree } = suite;
  let ctx: Ctx;
  before(() => void (ctx = suite.ctx));

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
    row = (await ideasTree.children(all)).find(
      (r) => r.row?.kind === 'idea' && r.row.idea.status === 'Awaiting Review' && r.row.idea.phase === 'Idea',
    )!;
    idea = rowOf(row, 'idea').idea;
    // The idea is open in its panel while the commands change it: the panel must follow every change.
    ideaPanel = ctx.panels.ideaForm(await vscode.commands.executeCommand('orchestrator.showIdea', row))!;
    await ideaPanel.load();
    panelPosts = spy(ideaPanel);
  });

  it("Change Status offers only the service's moves, and moves with a comment checked as typed", async () => {
    assert.deepEqual(
      idea.allowedTransitions?.map((m) => m.status),
      ['Approved', 'Rejected', 'Duplicate', 'On Hold'],
    );
    const before = await ideaSent();
    const looked = await answering(ctx, [{ title: /^Change Status: /, cancel: true }], () =>
      vscode.commands.executeCommand('orchestrator.changeIdeaStatus', row),
    );
    assert.deepEqual(
      looked.asked[0]?.items,
      ['Approved', 'Rejected', 'Duplicate', 'On Hold'],
      'no other move is offered',
    );
    assert.equal(await ideaSent(), before, 'dismissed: nothing sent');
    const moved = await answering(
      ctx,
      [
        { title: /^Change Status: /, pick: 'Approved' },
        { title: / → Idea · Approved$/, answer: 'x'.repeat(1_001), refused: /At most 1000 characters \(now 1001\)/ },
        { title: / → Idea · Approved$/, answer: 'Good one' },
      ],
      () => vscode.commands.executeCommand('orchestrator.changeIdeaStatus', row),
    );
    assert.deepEqual(moved.result, { phase: 'Idea', status: 'Approved' });
    await refetch();
    assert.equal(idea.status, 'Approved');
    assert.deepEqual(idea.allowedTransitions, [{ phase: 'Assessment', status: 'Not Started' }]);
    await ideaPanel.load();
    assert.deepEqual(
      [panelIdea().phase, panelIdea().status],
      ['Idea', 'Approved'],
      'the open panel shows the new status, as the tree does',
    );
  });

  it("Add Tags merges with the idea's tags; empty, repeated and over-long tags are refused before sending", async () => {
    const tags = (text: string): Answer => ({ title: /^Add Tags: /, answer: text });
    const before = await ideaSent();
    await answering(
      ctx,
      [
        { ...tags('a,,b'), refused: /A tag is empty/ },
        { ...tags(' , '), refused: /Type at least one tag/ },
        { ...tags('x'.repeat(51)), refused: /longer than 50 characters/ },
        { ...tags('dup, dup'), refused: /listed twice/ },
        { title: /^Add Tags: /, cancel: true },
      ],
      () => vscode.commands.executeCommand('orchestrator.addIdeaTags', row),
    );
    assert.equal(await ideaSent(), before);
    const { result: first } = await answering(ctx, [tags('finance, <b>bold</b>')], () =>
      vscode.commands.executeCommand<string[]>('orchestrator.addIdeaTags', row),
    );
    await refetch();
    const { result: second, asked } = await answering(ctx, [tags('quarterly')], () =>
      vscode.commands.executeCommand<string[]>('orchestrator.addIdeaTags', row),
    );
    assert.match(asked[0]?.prompt ?? '', /^Now: .*finance/, 'the tags it has are shown');
    assert.deepEqual(
      second,
      [...first, 'quarterly'].filter((t, i, all) => all.indexOf(t) === i),
    );
    assert.ok(second.includes('<b>bold</b>'), 'kept literally');
    await ideaPanel.load();
    assert.deepEqual(panelIdea().tags, second, 'the open panel shows the new tags');
  });

  it('Manage Collaborators adds and removes (removal confirmed); a collaborator is not offered again', async () => {
    let shown = formsShown();
    const { result: added } = await answering(
      ctx,
      [
        { title: /^Collaborators of /, pick: 'Add Collaborator…' },
        { title: /^Add Collaborator to .* \(1\/2\)$/, pick: 'Vi Ewer' },
        { title: /^Add Vi Ewer as… \(2\/2\)$/, pick: 'Process Owner' },
      ],
      () =>
        vscode.commands.executeCommand<{ userId: number; role: string }[]>('orchestrator.manageIdeaCollaborators', row),
    );
    assert.ok(added.some((c) => c.userId === 3 && c.role === 'Process Owner'));
    const before = await ideaSent();
    const again = await answering(
      ctx,
      [
        { title: /^Collaborators of /, pick: 'Add Collaborator…' },
        { title: /\(1\/2\)$/, cancel: true },
      ],
      () => vscode.commands.executeCommand('orchestrator.manageIdeaCollaborators', row),
    );
    assert.ok(
      again.asked[0]?.items?.includes('$(person) Vi Ewer'),
      `listed as a collaborator: ${again.asked[0]?.items?.join(', ')}`,
    );
    assert.ok(!again.asked[1]?.items?.includes('Vi Ewer'), 'not offered to add again');
    assert.equal((await ideaSent()) - before, 2, 'only the two lookups: the collaborators and the users');
    assert.equal(formsShown(), shown + 1, 'the open panel read the idea again after the addition');
    shown = formsShown();
    const removed = await answering(
      ctx,
      [
        { title: /^Collaborators of /, pick: 'Vi Ewer' },
        { title: /^Remove Vi Ewer from /, choose: 'Remove' },
      ],
      () => vscode.commands.executeCommand('orchestrator.manageIdeaCollaborators', row),
    );
    assert.deepEqual(removed.result, { removed: 3 });
    assert.equal(formsShown(), shown + 1, 'and after the removal');
  });

  it('Attach Document takes http(s) addresses only', async () => {
    const address: AnswerTarget = { title: /^Attach Document: .* \(1\/2\)$/ };
    const name: AnswerTarget = { title: /^Attach Document: .* \(2\/2\)$/ };
    const before = await ideaSent();
    await answering(
      ctx,
      [
        {
          ...address,
          answer: 'javascript:alert(1)',
          refused: /Only http and https addresses can be attached, not javascript:/,
        },
        { ...address, answer: 'file:///etc/passwd', refused: /not file:/ },
        { ...address, answer: 'not a url', refused: /is not an address/ },
        { ...address, answer: `https://x.test/${'a'.repeat(2000)}`, refused: /At most 2000 characters/ },
        { ...address, answer: 'https://x.test/a.pdf' },
        { ...name, answer: '  ', refused: /Give the document a name/ },
        { ...name, cancel: true },
      ],
      () => vscode.commands.executeCommand('orchestrator.attachIdeaDocument', row),
    );
    assert.equal(await ideaSent(), before);
    const shown = formsShown();
    const attached = await answering(
      ctx,
      [
        { ...address, answer: 'https://docs.example.test/map.pdf' },
        { ...name, answer: 'Process map' },
      ],
      () => vscode.commands.executeCommand<{ name: string; url: string }>('orchestrator.attachIdeaDocument', row),
    );
    assert.equal(attached.asked[1]?.value, 'map.pdf', "the address's file name is suggested");
    const document = attached.result;
    assert.equal(formsShown(), shown + 1, 'the open panel read the idea again');
    assert.deepEqual([document.name, document.url], ['Process map', 'https://docs.example.test/map.pdf']);
    const client = await ctx.ideasClientFor(sandbox());
    assert.ok((await client.documents(idea.id)).data.some((d) => d.name === 'Process map'));
  });
});
