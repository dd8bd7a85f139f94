import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { faults, treeWalk } from './treeWalk';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { extensionContext } from '../../support/extensionContext';
import { mainServicePath } from './sandboxPaths';

describe('Orchestrator tree on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { label, children, child } = treeWalk(() => ctx.explorer);
  const sent = () => ctx.clientFor(sandbox()).transport.sent;

  before(async () => {
    ctx = await extensionContext();
    await ctx.ready;
  });

  after(async () => {
    await faults([]);
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('shows a sign-in row for a signed-out connection', async () => {
    const root = await child(undefined, 'Sandbox');
    assert.equal(root.item().contextValue, 'connection.signedOut');
    const [signIn] = await children(root);
    assert.match(label(signIn!), /Sign in/);
    assert.equal(signIn!.item().command?.command, 'orchestrator.signIn');
  });

  it('expands tenant → folder → groups with one request per expand', async function () {
    this.timeout(60_000);
    await ctx.auth.createSession([`connection:${sandbox().id}`]);
    const root = await child(undefined, 'Sandbox');
    assert.equal(root.item().contextValue, 'connection.signedIn');
    let before = sent();
    const folders = (await children(root)).map(label);
    assert.equal(sent() - before, 1, 'the top-level folders in one request');
    assert.ok(folders.includes('Shared') && folders.includes('Dev Lab'));
    assert.ok(!folders.some((f) => f.startsWith('Ada')), "another user's workspace is not listed");
    const shared = await child(root, 'Shared');
    before = sent();
    const inside = (await children(shared)).map(label);
    assert.equal(sent() - before, 1, 'subfolders in one request; the groups cost nothing until expanded');
    assert.deepEqual(inside, [
      'Finance',
      'HR',
      'Processes',
      'Jobs',
      'Queues',
      'Packages',
      'Robots & Sessions',
      'Assets',
    ]);
    for (const group of ['Processes', 'Jobs', 'Queues', 'Packages', 'Robots & Sessions', 'Assets']) {
      before = sent();
      const rows = await children(await child(shared, group));
      // Robots bring their sessions in one more request for the whole page; Packages reads the folder's processes.
      assert.equal(sent() - before, group === 'Robots & Sessions' ? 2 : 1, `${group}: requests`);
      assert.ok(rows.length > 0, group);
      assert.ok(
        rows.every((r) => r.item().contextValue !== 'error'),
        `${group} has no error row`,
      );
    }
    before = sent();
    assert.ok((await children(await child(await child(shared, 'Packages'), 'Feed'))).length > 0);
    assert.equal(sent() - before, 1, 'Packages › Feed: one page of the feed');
    const devLab = await child(root, 'Dev Lab');
    before = sent();
    await children(devLab);
    assert.equal(sent() - before, 0, 'a folder without subfolders costs no request to expand');
  });

  it('pages a queue with Load more, without duplicates', async function () {
    this.timeout(60_000);
    const invoices = await child(
      await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Finance'),
      'Invoices',
    );
    const queueRow = await child(await child(invoices, 'Queues'), 'InvoicesToProcess');
    const before = sent();
    assert.deepEqual((await children(queueRow)).map(label), [
      'All Items',
      'New',
      'In Progress',
      'Failed',
      'Successful',
      'Abandoned',
      'Retried',
      'Deleted',
    ]);
    assert.equal(sent() - before, 0, 'the status rows cost nothing until expanded');
    const queue = await child(queueRow, 'All Items');
    let rows = await children(queue);
    assert.equal(rows.length, 51);
    const more = rows.at(-1)!;
    assert.match(label(more), /Load more… \(70 more\)/);
    await vscode.commands.executeCommand(more.item().command!.command, ...(more.item().command!.arguments ?? []));
    rows = await children(queue);
    assert.equal(rows.length, 101);
    const ids = rows.slice(0, 100).map((r) => r.id);
    assert.equal(new Set(ids).size, 100);
    assert.match(label(rows.at(-1)!), /20 more/);
  });

  it('shows a permission error row and a network error row, and recovers on retry', async function () {
    this.timeout(60_000);
    const shared = await child(await child(undefined, 'Sandbox'), 'Shared');
    const assets = await child(shared, 'Assets');
    await faults([{ path: `${mainServicePath()}/odata/Assets`, status: 403 }]);
    ctx.explorer.refresh(assets);
    let rows = await children(assets);
    assert.equal(rows.length, 1);
    assert.match(label(rows[0]!), /You lack the permission to see assets in folder Shared/);
    assert.equal(rows[0]!.item().command?.command, 'orchestrator.tree.retry');
    await faults([{ path: `${mainServicePath()}/odata/Releases`, reset: true }]);
    const processes = await child(shared, 'Processes');
    ctx.explorer.refresh(processes);
    rows = await children(processes);
    assert.match(label(rows[0]!), /^Can't reach the service/);
    await faults([]);
    await vscode.commands.executeCommand('orchestrator.tree.retry', assets);
    await vscode.commands.executeCommand('orchestrator.tree.retry', processes);
    assert.ok((await children(assets)).some((r) => r.item().contextValue === 'asset'));
    assert.ok((await children(processes)).some((r) => String(r.item().contextValue).startsWith('process')));
  });

  it('filters a collection with a literal, escaped text: hostile input matches nothing instead of everything', async () => {
    const shared = await child(await child(undefined, 'Sandbox'), 'Shared');
    const processes = await child(shared, 'Processes');
    const all = (await children(processes)).filter((r) => String(r.item().contextValue).startsWith('process'));
    const filter = (...answers: Answer[]) =>
      answering(
        ctx,
        answers.map((a) => ({ title: 'Filter by process name', ...a })),
        () => vscode.commands.executeCommand('orchestrator.tree.filter', processes),
      );
    await filter(
      { answer: 'broken \uD800', refused: /^The process name contains a broken character/ },
      { answer: "O'Brien') or (1 eq 1" },
    );
    let rows = await children(processes);
    assert.equal(rows.length, 1);
    assert.match(label(rows[0]!), /Nothing matches “O'Brien'\) or \(1 eq 1”/);
    assert.match(String(processes.item().description), /filter: “O'Brien'\) or \(1 eq 1”/);
    assert.equal(processes.item().contextValue, 'collection filterable filtered');
    const { asked } = await filter({ answer: 'invoice' });
    assert.equal(asked[0]?.value, "O'Brien') or (1 eq 1", 'the box shows the filter in force');
    rows = (await children(processes)).filter((r) => String(r.item().contextValue).startsWith('process'));
    assert.ok(rows.length > 0 && rows.length < all.length);
    assert.ok(rows.every((r) => /invoice/i.test(label(r))));
    await vscode.commands.executeCommand('orchestrator.tree.clearFilter', processes);
    assert.equal(
      (await children(processes)).filter((r) => String(r.item().contextValue).startsWith('process')).length,
      all.length,
    );
    assert.equal(processes.item().contextValue, 'collection filterable');
  });

  it('sets the active folder from a folder row', async () => {
    const hr = await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'HR');
    assert.equal(await vscode.commands.executeCommand('orchestrator.setActiveFolder', hr), 'Shared/HR');
    assert.match(ctx.statusBar.text(), /Shared\/HR/);
  });

  it('lists a queue status with only items of that status, in one request', async () => {
    const invoices = await child(
      await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Finance'),
      'Invoices',
    );
    const failed = await child(await child(await child(invoices, 'Queues'), 'InvoicesToProcess'), 'Failed');
    const before = sent();
    const rows = (await children(failed)).filter((r) => r.row?.kind === 'queueItem');
    assert.equal(sent() - before, 1);
    assert.ok(rows.length > 0, 'the seed has failed items');
    assert.ok(rows.every((r) => String(r.item().description).startsWith('Failed')));
  });
});
