import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId, ideaSecretKey } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { connectionSlug } from '../../../src/core/documents/orchestratorUri';
import { rowOf, treeWalk } from './treeWalk';
import { signedInSuite } from './suiteHooks';

describe("Sign Out takes the account's data off the screen", () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const explorer = treeWalk(() => ctx.explorer);
  const ideas = treeWalk(() => ctx.ideas);
  const contextOf = (node: TreeNode) => String(node.item().contextValue);

  // Signed in with the idea service before; after, editors closed and every sign-in forgotten (suiteHooks.ts).
  const suite = signedInSuite('Sandbox', { ideas: true });
  before(() => void (ctx = suite.ctx));

  it("stops the connection's tails, closes its panels and asks for a sign-in in the Ideas view; signing in brings the ideas back", async function () {
    this.timeout(90_000);
    const shared = await explorer.child(await explorer.child(undefined, 'Sandbox'), 'Shared');
    // A robot's tail follows until it is stopped: it is still following when the account signs out.
    const robot = (await explorer.children(await explorer.child(shared, 'Robots & Sessions'))).find(
      (r) => contextOf(r) === 'robot',
    )!;
    const tail = ctx.tails.get(await vscode.commands.executeCommand<string>(CommandId.tailLogs, robot))!;
    assert.equal(tail.state, 'following');
    const invoices = await explorer.child(
      await explorer.child(await explorer.child(shared, 'Finance'), 'Invoices'),
      'Queues',
    );
    const item = (
      await explorer.children(await explorer.child(await explorer.child(invoices, 'InvoicesToProcess'), 'New'))
    ).find((r) => r.row?.kind === 'queueItem')!;
    const { folder, queueItem } = rowOf(item, 'queueItem');
    const queueItemPanel = { connectionId: sandbox().id, folderId: folder.id, itemId: queueItem.Id };
    await vscode.commands.executeCommand(CommandId.showQueueItem, item);
    assert.ok(ctx.panels.queueItem(queueItemPanel), 'the queue item panel is open');
    const ideaForm = await vscode.commands.executeCommand<{ connectionId: string }>(CommandId.submitIdea, sandbox().id);
    assert.ok(ctx.panels.ideaForm(ideaForm));
    assert.equal(
      contextOf((await ideas.children(await ideas.child(undefined, 'Sandbox')))[0]!),
      'group',
      'the Ideas view lists the idea service',
    );

    await vscode.commands.executeCommand(CommandId.signOut, sandbox().id);

    await tail.done;
    assert.notEqual(tail.state, 'following');
    assert.match(tail.text(), /signed out of Sandbox/, 'the document says why the tail stopped');
    assert.equal(ctx.panels.queueItem(queueItemPanel), undefined, 'the queue item panel is closed');
    assert.equal(ctx.panels.ideaForm(ideaForm), undefined, 'the idea form is closed');
    const [signIn] = await ideas.children(await ideas.child(undefined, 'Sandbox'));
    assert.equal(signIn!.item().command?.command, CommandId.signIn, 'the Ideas view asks for a sign-in');
    await assert.rejects(ctx.ideasClientFor(sandbox()), /signed out/i);
    assert.ok(await ctx.extension.secrets.get(ideaSecretKey(sandbox().id)), 'the idea-service credentials stay stored');

    await ctx.auth.createSession([`connection:${sandbox().id}`]);
    const root = await ideas.child(undefined, 'Sandbox');
    assert.equal(
      ideas.label((await ideas.children(root))[0]!),
      'Pipeline',
      'signed in again: the ideas are back without entering the credentials again',
    );
  });

  it("signing out from the Accounts menu deletes the account's document drafts, as Sign Out does", async function () {
    this.timeout(30_000);
    const account = ctx.accountFor(sandbox().id)!;
    const uri = vscode.Uri.parse(
      `orchestrator://${connectionSlug(sandbox().id)}/folders/7/processes/42/Pay.input.json`,
    );
    // The sign-in just before writes the extension's user storage too, and the editor may hand that write back a moment
    // later, replacing the whole storage: the draft is saved again until it holds.
    for (let tries = 0; tries < 10 && ctx.documents.drafts.countOf(account.id) === 0; tries++) {
      await ctx.documents.drafts.set(uri, { text: '{"Amount": 1}', base: '{}', savedAt: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    assert.equal(ctx.documents.drafts.countOf(account.id), 1);

    await ctx.auth.removeSession(account.id); // what the Accounts menu's Sign Out calls

    assert.equal(ctx.documents.drafts.countOf(account.id), 0, 'the draft went with the account');
    await ctx.auth.createSession([`connection:${sandbox().id}`]);
    assert.equal(ctx.documents.drafts.get(uri), undefined, 'signed in again: it does not come back');
  });
});
