// The Orchestrator tree's packages, filters, robots, finding rows and pinned folders, signed in (named to run right
// after explorer.test.ts, which starts signed out).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { rowOf } from './treeWalk';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { signedInSuite } from './suiteHooks';

const sandboxUrl = () => process.env.ORCHESTRATOR_SANDBOX_URL!;

describe('Orchestrator tree on the sandbox, signed in: packages, filters, robots, finding rows', () => {
  // Signed in before; after, faults cleared and signed out (suiteHooks.ts).
  const suite = signedInSuite('Sandbox');
  const { connection: sandbox, sent, explorer } = suite;
  const { label, children, child } = explorer;
  let ctx: Ctx;
  before(() => void (ctx = suite.ctx));

  it("shows first the packages the folder's processes run, in one request, and the whole feed under Feed", async function () {
    this.timeout(30_000);
    const root = await child(undefined, 'Sandbox');
    const shared = await child(root, 'Shared');
    const packages = await child(shared, 'Packages');
    ctx.explorer.refresh(packages);
    let before = sent();
    const rows = await children(packages);
    assert.equal(sent() - before, 1, "the folder's processes, in one request");
    const { folder } = rowOf(shared, 'folder');
    const processes = (await ctx.clientFor(sandbox()).releases.list({ folder, query: { top: 1000 } })).items;
    const inUse = [...new Set(processes.map((p) => p.ProcessKey))].sort((a, b) => a.localeCompare(b));
    assert.ok(inUse.length > 0, 'the seed deploys processes in Shared');
    assert.deepEqual(rows.map(label), ['Feed', ...inUse], 'Feed first, then the packages in use');
    for (const row of rows.slice(1)) {
      assert.equal(row.item().contextValue, 'package');
      const users = processes.filter((p) => p.ProcessKey === label(row));
      assert.match(
        String(row.item().description),
        new RegExp(
          `· used by ${users.length === 1 ? users[0]!.Name.replace(/\./g, '\\.') : `${users.length} processes`}$`,
        ),
      );
    }
    const feed = rows[0]!;
    before = sent();
    const feedRows = (await children(feed)).filter((r) => r.item().contextValue === 'package');
    assert.equal(sent() - before, 1);
    const total = (await ctx.clientFor(sandbox()).packages.list({ query: { top: 1, count: true } })).count!;
    assert.ok(total > inUse.length, 'the feed holds more than the folder uses');
    assert.equal(feedRows.length, Math.min(total, 50));
    assert.equal(feed.item().description, total.toLocaleString('en'), 'the feed row counts the whole feed');
    assert.match(String(feed.item().contextValue), /\bfilterable\b/);
    await answering(ctx, [{ title: /^Filter by /, answer: 'Invoice' }], () =>
      vscode.commands.executeCommand('orchestrator.tree.filter', feed),
    );
    const filtered = (await children(feed)).filter((r) => r.item().contextValue === 'package');
    assert.ok(filtered.length > 0 && filtered.every((r) => /invoice/i.test(label(r))));

    // A folder whose processes run no package (a personal workspace has none) says so and points to the feed.
    const workspace = (await children(root)).find((r) => r.item().description === 'personal workspace')!;
    assert.ok(workspace, "the developer's workspace");
    const empty = (await children(await child(workspace, 'Packages'))).map(label);
    assert.deepEqual(empty, [
      'Feed',
      'No process in this folder runs a package. Every package of the tenant is under Feed.',
    ]);
  });

  it('expands a package to its versions with exactly one latest, and downloads a version', async function () {
    this.timeout(30_000);
    const packages = await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Packages');
    const pkg = (await children(packages)).find((r) => r.item().contextValue === 'package')!;
    const before = sent();
    const versions = await children(pkg);
    assert.equal(sent() - before, 1, 'versions in one request');
    assert.ok(versions.length >= 1);
    assert.equal(
      versions.filter((v) => v.item().contextValue === 'packageVersion.latest').length,
      1,
      'exactly one latest version',
    );
    const target = vscode.Uri.joinPath(ctx.extension.globalStorageUri, `download-${Date.now()}.nupkg`);
    await vscode.workspace.fs.createDirectory(ctx.extension.globalStorageUri);
    const { result, asked } = await answering(ctx, [{ title: /^Save .+ \d+\.\d+/, file: target }], () =>
      vscode.commands.executeCommand('orchestrator.downloadPackage', versions[0]),
    );
    assert.equal(result, target.toString());
    assert.equal(asked[0]?.kind, 'saveFile');
    const bytes = await vscode.workspace.fs.readFile(target);
    assert.ok(bytes.byteLength > 0);
    assert.equal(String.fromCharCode(bytes[0]!, bytes[1]!), 'PK', 'a .nupkg is a zip file');
  });

  it('filters jobs by state; an unknown or hostile state is refused', async function () {
    this.timeout(30_000);
    const jobs = await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Jobs');
    assert.match(String(jobs.item().contextValue), /\bstateful\b/);
    const byState = (states: Answer) =>
      answering(ctx, [{ title: 'Show only these states', ...states }], () =>
        vscode.commands.executeCommand('orchestrator.tree.filterByState', jobs),
      );
    const { asked } = await byState({ pick: ['Successful', 'Faulted'] });
    const offered = asked[0]?.items ?? [];
    assert.deepEqual(offered, [
      'Pending',
      'Running',
      'Stopping',
      'Terminating',
      'Successful',
      'Faulted',
      'Stopped',
      'Suspended',
    ]);
    const rows = (await children(jobs)).filter((r) => String(r.item().contextValue).startsWith('job'));
    assert.ok(rows.length > 0, 'the seed has finished jobs in Shared');
    // "#1234 · Robot-01 · Successful · 2 h ago": the job's number and robot tell runs of one process apart.
    assert.ok(
      rows.every((r) => /^#\d+ · [^·]+ · (Successful|Faulted) · /.test(String(r.item().description))),
      rows.map((r) => r.item().description).join(' | '),
    );
    assert.equal(
      new Set(rows.map((r) => String(r.item().description).split(' · ')[0])).size,
      rows.length,
      'no two rows with one number',
    );
    assert.match(String(jobs.item().description), /filter: Successful, Faulted/);
    await byState({ pick: 'Suspended' });
    const [none] = await children(jobs);
    assert.match(label(none!), /^Nothing matches Suspended\. Clear the filter$/);
    assert.equal(none!.item().command?.command, 'orchestrator.tree.clearFilter');
    // Only the collection's own states can be chosen: a hostile one is not offered (the pick has no free text).
    const states = (jobs as unknown as { filterStates: string[] }).filterStates;
    const shown = await byState({ enter: true });
    assert.deepEqual(shown.asked[0]?.items, offered, 'the same states each time');
    assert.deepEqual(
      (jobs as unknown as { filterStates: string[] }).filterStates,
      states,
      'Enter keeps the states chosen (marked picked)',
    );
    await vscode.commands.executeCommand('orchestrator.tree.clearFilter', jobs);
    assert.doesNotMatch(String(jobs.item().contextValue), /\bfiltered\b/);
  });

  it('marks a robot whose session stopped reporting as unresponsive', async function () {
    this.timeout(30_000);
    const robots = await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Robots & Sessions');
    let rows = await children(robots);
    assert.ok(
      rows.some((r) => /Available/.test(String(r.item().description))),
      'sessions are shown',
    );
    await fetch(`${sandboxUrl()}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 150 }),
    });
    ctx.explorer.refresh(robots);
    rows = await children(robots);
    const silent = rows.find((r) => label(r) === 'Robot-08')!;
    assert.match(String(silent.item().description), /unresponsive/);
  });

  it("finds a loaded row across the tree and reveals it; refreshes a folder's Jobs after a change", async function () {
    this.timeout(30_000);
    const shared = await child(await child(undefined, 'Sandbox'), 'Shared');
    await children(await child(shared, 'Jobs'));
    // Loaded here, not left over from earlier tests (a view Refresh forgets what was loaded).
    await children(await child(await child(await child(shared, 'Finance'), 'Invoices'), 'Queues'));
    const find = (answer: Answer) =>
      answering(ctx, [{ title: 'Find in the loaded rows', ...answer }], () =>
        vscode.commands.executeCommand<string | undefined>('orchestrator.tree.find'),
      );
    const { result: id, asked } = await find({ pick: 'InvoicesToProcess' });
    assert.equal(ctx.explorer.find(id ?? '')?.row?.kind, 'queue');
    // The editor reports the new selection to the extension host on its own time: give it a moment (bounded at
    // 10 s: on a loaded 2-core machine 2 s was seen to fall short).
    for (let i = 0; i < 100 && ctx.explorer.view.selection[0]?.id !== id; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(ctx.explorer.view.selection[0]?.id, id);
    assert.ok(asked[0]?.items?.includes('Shared'), 'the loaded rows are offered');
    assert.ok(!asked[0]?.items?.some((label) => /^Load more/.test(label)), 'entities only');
    assert.equal((await find({ cancel: true })).result, undefined);
    assert.equal(ctx.explorer.refreshJobsOf(sandbox().id, rowOf(shared, 'folder').folder.id), 1);
  });

  it('lists a pinned folder first when it lies beyond the folders read, for one request more', async function () {
    this.timeout(60_000);
    // Folders are made by an administrator (on the runner's admin connection, its own tenant).
    const admin = ctx.connections.all().find((c) => c.label === 'Sandbox admin')!;
    await ctx.auth.createSession([`connection:${admin.id}`]);
    const client = ctx.clientFor(admin);
    const adminSent = () => client.transport.sent;
    const parent = await client.folders.create({ DisplayName: 'Pinned beyond' });
    try {
      const created = [];
      for (let i = 1; i <= 130; i++)
        created.push(
          await client.folders.create({ DisplayName: `Child ${String(i).padStart(3, '0')}`, ParentId: parent.Id }),
        );
      const target = created[119]!; // "Child 120": on the second page (100 a page, by name)
      await ctx.folderPreferences.choose(admin.id, 'pinned', target.Id, true);
      ctx.explorer.refresh();
      const folder = await child(await child(undefined, 'Sandbox admin'), 'Pinned beyond');
      const before = adminSent();
      const rows = (await children(folder)).map(label);
      assert.equal(adminSent() - before, 2, 'the first page of subfolders, and the pin');
      assert.deepEqual(rows.slice(0, 3), ['Child 120', 'Child 001', 'Child 002']);
      assert.equal(rows.filter((row) => row === 'Child 120').length, 1);
      assert.ok(rows.includes('Load more folders… (29 more)'), rows.join(', '));
      // Load more brings it among its page: still listed once, still first; a redraw asks nothing more.
      await (folder as unknown as { loadMore(): Promise<void> }).loadMore();
      const more = (await children(folder)).map(label);
      assert.deepEqual(more.slice(0, 2), ['Child 120', 'Child 001']);
      assert.equal(more.filter((row) => row === 'Child 120').length, 1);
      assert.equal(more.filter((row) => row.startsWith('Child ')).length, 130);
      assert.equal(adminSent() - before, 3);
    } finally {
      for (const id of ctx.folderPreferences.of(admin.id).pinned)
        await ctx.folderPreferences.choose(admin.id, 'pinned', id, false);
      await client.folders.delete(parent.Id);
      ctx.explorer.refresh();
    }
  });
});
