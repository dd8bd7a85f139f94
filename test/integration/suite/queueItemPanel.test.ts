import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { QueueItemPanel } from '../../../src/host/webviews/queueItemPanel';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { replyTo, spy } from './panelSpy';
import { activateSignedIn, rowOf, treeWalk } from './treeWalk';

describe('Webview panels on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const explorer = treeWalk(() => ctx.explorer);
  const sent = () => ctx.clientFor(sandbox()).transport.sent;

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  describe('queue item details', () => {
    let newItems: TreeNode;
    let panel: QueueItemPanel;

    before(async function () {
      this.timeout(60_000);
      const { child } = explorer;
      const invoices = await child(
        await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Finance'),
        'Invoices',
      );
      newItems = await child(await child(invoices, 'Queues'), 'InvoicesToProcess');
    });

    it('opens from a queue item row with every field and the history, no Delete without Transactions.Delete; one panel per item', async function () {
      this.timeout(30_000);
      const rows = (await explorer.children(await explorer.child(newItems, 'New'))).filter(
        (r) => r.row?.kind === 'queueItem',
      );
      const row = rows[0]!;
      const item = rowOf(row, 'queueItem').queueItem;
      const before = sent();
      assert.equal(await vscode.commands.executeCommand('orchestrator.showQueueItem', row), item.Id);
      const identity = { connectionId: sandbox().id, folderId: rowOf(row, 'queueItem').folder.id, itemId: item.Id };
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
      assert.equal(
        shown.canDelete,
        false,
        'the developer lacks Transactions.Delete (the sandbox role): Delete is not offered',
      );
      assert.ok(
        sent() - before <= 6,
        `item, history, the folder's name and the permissions: ${sent() - before} requests`,
      );
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
      assert.ok(
        logged.some((l) => /at action/.test(l)) && logged.some((l) => /'runCommand'/.test(l)),
        logged.join('\n'),
      );
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
      before = sent();
      // Not asked: with no answer in the script, a question fails the test.
      await answering(ctx, [], () => panel.host.receive({ type: 'request', id: 13, action: 'delete' }));
      const reply = replyTo(posted, 13)!;
      assert.equal(reply.ok, false);
      assert.match(reply.message ?? '', /Transactions\.Delete/);
      assert.equal(sent(), before, 'nothing sent');
      await panel.load();
      const shown = panel.current;
      assert.ok(
        shown?.type === 'show' && shown.item.status === 'New' && !shown.canDelete,
        'still New; Delete still not offered',
      );
    });

    it('offers Delete to a user with Transactions.Delete, and deletes once confirmed', async function () {
      this.timeout(60_000);
      const admin = ctx.connections.all().find((c) => c.label === 'Sandbox admin')!;
      await ctx.auth.createSession([`connection:${admin.id}`]);
      const { child, children } = explorer;
      const invoices = await child(
        await child(await child(await child(undefined, 'Sandbox admin'), 'Shared'), 'Finance'),
        'Invoices',
      );
      const row = (
        await children(await child(await child(await child(invoices, 'Queues'), 'InvoicesToProcess'), 'New'))
      ).find((r) => r.row?.kind === 'queueItem')!;
      const item = rowOf(row, 'queueItem').queueItem;
      await vscode.commands.executeCommand('orchestrator.showQueueItem', row);
      const adminPanel = ctx.panels.queueItem({
        connectionId: admin.id,
        folderId: rowOf(row, 'queueItem').folder.id,
        itemId: item.Id,
      })!;
      await adminPanel.load();
      let shown = adminPanel.current;
      assert.ok(
        shown?.type === 'show' && shown.item.status === 'New' && shown.canDelete,
        'the administrator is offered Delete',
      );
      const posted = spy(adminPanel);
      const { asked } = await answering(ctx, [{ title: /^Delete queue item/, choose: 'Delete' }], () =>
        adminPanel.host.receive({ type: 'request', id: 30, action: 'delete' }),
      );
      assert.equal(replyTo(posted, 30)?.ok, true, replyTo(posted, 30)?.message);
      assert.equal(asked[0]?.kind, 'confirm', 'asked first');
      shown = adminPanel.current;
      assert.ok(
        shown?.type === 'show' && shown.item.status === 'Deleted' && !shown.canDelete,
        'Deleted, and Delete is offered no more',
      );
    });

    it('opens by key from the palette path; a bad key is refused before any request for an item', async function () {
      this.timeout(30_000);
      const item = await ctx
        .clientFor(sandbox())
        .queues.items.get(panel.identity.itemId, { folder: { id: panel.identity.folderId } });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      assert.equal(ctx.panels.queueItem(panel.identity), undefined, 'closing the panel forgets it');
      // The connection is asked for only when several are signed in (the administrator signed in above).
      const where: Answer[] = [
        ...(ctx.sessions.accounts().length > 1
          ? [{ title: 'Show a queue item of which connection?', pick: 'Sandbox' }]
          : []),
        { title: 'Show Queue Item: folder', pick: 'Shared/Finance/Invoices' },
      ];
      const before = sent();
      const refused = await answering(
        ctx,
        [
          ...where,
          { title: 'Show Queue Item: key or id', answer: 'not-a-key', refused: /neither a key \(UUID\) nor an id/ },
          { title: 'Show Queue Item: key or id', cancel: true },
        ],
        () => vscode.commands.executeCommand('orchestrator.showQueueItem'),
      );
      assert.equal(refused.result, undefined);
      assert.match(refused.asked.at(-1)?.prompt ?? '', /An item of Shared\/Finance\/Invoices/);
      const requests = ctx.clientFor(sandbox()).transport.recent.slice(-(sent() - before));
      assert.deepEqual(
        requests.filter((r) => !/\/Folders/.test(r)),
        [],
        'only the folders to choose from were read',
      );
      const { result } = await answering(
        ctx,
        [...where, { title: 'Show Queue Item: key or id', answer: item.Key.toUpperCase() }],
        () => vscode.commands.executeCommand('orchestrator.showQueueItem'),
      );
      assert.equal(result, item.Id);
      assert.ok(ctx.panels.queueItem(panel.identity));
    });
  });
});
