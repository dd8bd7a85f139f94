import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { and, contains, eq } from '../../../src/core/odata/filter';
import type { FileItem } from '../../../src/core/orchestrator/queueItemsFile';
import { parseQueueItemsCsv } from '../../../src/core/orchestrator/queueItemsCsv';
import { answering } from '../../../src/host/ui/scriptedInput';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { activateSignedIn, lastError, resetTally, rowOf, tally, treeWalk } from './treeWalk';

/** The sandbox's count of GET QueueItems (any query) since the last resetTally. */
const queueItemReads = async () =>
  Object.entries(await tally())
    .filter(([route]) => /^GET \S*\/odata\/QueueItems$/.test(route))
    .reduce((sum, [, n]) => sum + n, 0);

describe('Queue workbench: CSV Bulk Add and Export Items', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { children, child } = treeWalk(() => ctx.explorer);
  const sent = () => ctx.clientFor(sandbox()).transport.sent;
  const stamp = Date.now();

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    await vscode.workspace.fs.createDirectory(ctx.extension.globalStorageUri);
  });

  after(async () => {
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  /** Dev Lab's EmptyQueue (empty in the seed; each test adds items with references of its own), walked from the root. */
  const emptyQueue = async () =>
    child(await child(await child(await child(undefined, 'Sandbox'), 'Dev Lab'), 'Queues'), 'EmptyQueue');

  /** A status row of EmptyQueue narrowed to references containing `text`, as the user does with Filter…. */
  async function filtered(status: string, text: string): Promise<TreeNode> {
    const row = await child(await emptyQueue(), status);
    await answering(ctx, [{ title: 'Filter by reference', answer: text }], () =>
      vscode.commands.executeCommand('orchestrator.tree.filter', row),
    );
    await children(row);
    return row;
  }

  const file = async (name: string, text: string) => {
    const uri = vscode.Uri.joinPath(ctx.extension.globalStorageUri, name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    return uri;
  };

  const bulkAddCsv = (queue: TreeNode, csv: vscode.Uri, confirm = true) =>
    answering(
      ctx,
      [
        { title: /^Items to add to /, file: csv },
        ...(confirm
          ? [
              { title: /^Add [\d,]+ item\(s\) from .* to /, choose: 'Continue' },
              { title: /^Add [\d,]+ item\(s\) to /, pick: 'All or nothing' },
            ]
          : []),
      ],
      () => vscode.commands.executeCommand('orchestrator.bulkAddQueueItems', queue),
    );

  const exportItems = (node: TreeNode, format: 'CSV' | 'JSON', target: vscode.Uri) =>
    answering(
      ctx,
      [
        { title: /^Export items of .* as$/, pick: format },
        { title: /^Export items of /, file: target },
      ],
      () => vscode.commands.executeCommand<{ count: number }>('orchestrator.exportQueueItems', node),
    );

  it('adds the hard cases from CSV after a preview, exports them as CSV that reads back the same, and sends nothing for a bad row', async function () {
    this.timeout(120_000);
    const queue = await emptyQueue();
    // The date as the service writes it back (with milliseconds), so the file reads back the same text.
    const csv =
      '\uFEFFReference,Priority,DueDate,Note,Amount,Paid\r\n' +
      `"rt-${stamp},1",High,2026-03-01T09:00:00.000Z,"He said ""hi""",12.5,true\r\n` +
      `rt-${stamp}-2,low,,"two\r\nlines",3,FALSE\r\n` +
      `rt-${stamp}-3,,,O'Brien,-4,\r\n`;
    const added = await bulkAddCsv(queue, await file(`round-${stamp}.csv`, csv));
    assert.deepEqual(added.result, { added: 3, failed: 0 }, lastError(ctx));
    const preview = added.asked.find((a) => a.kind === 'confirm')!;
    assert.match(preview.prompt!, /Amount → SpecificContent\.Amount \(number\)/);
    assert.match(preview.prompt!, /Paid → SpecificContent\.Paid \(true\/false\)/);
    assert.match(preview.prompt!, /DueDate → DueDate/);

    // The New row narrowed to this test's references: the export takes the row's status and filter.
    const target = vscode.Uri.joinPath(ctx.extension.globalStorageUri, `round-${stamp}-out.csv`);
    const exported = await exportItems(await filtered('New', `rt-${stamp}`), 'CSV', target);
    assert.equal(exported.result?.count, 3, lastError(ctx));
    const back = parseQueueItemsCsv(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)), 'x');
    assert.ok(!('problems' in back), 'problems' in back ? back.problems.join(' | ') : '');
    const original = parseQueueItemsCsv(csv, 'x');
    assert.ok(!('problems' in original));
    // The service gives an item without a priority Normal.
    const normal = ({ Priority, ...rest }: FileItem) => ({ ...rest, Priority: Priority ?? 'Normal' });
    assert.deepEqual(
      back.items,
      original.items.map(normal),
      'the exported file reads back as the items that were added',
    );

    const before = sent();
    const bad = await bulkAddCsv(
      queue,
      await file(`bad-${stamp}.csv`, `Reference,Priority,DueDate\r\nok-${stamp},High,\r\nbad-${stamp},Urgent,\r\n`),
      false,
    );
    assert.equal(bad.result, undefined);
    assert.equal(sent(), before, 'a bad row sends nothing');
    assert.match(lastError(ctx), /Row 3, column Priority: 'Urgent' is not High, Normal or Low/);
  });

  it('exports 10,000 items in 100 requests, page by page, equal to the queue', async function () {
    this.timeout(300_000);
    const queue = await emptyQueue();
    const rows = Array.from({ length: 10_000 }, (_, i) => `big-${stamp}-${i},${i},"v,${i % 7}"`);
    const added = await bulkAddCsv(queue, await file(`big-${stamp}.csv`, `Reference,N,V\n${rows.join('\n')}\n`));
    assert.deepEqual(added.result, { added: 10_000, failed: 0 }, lastError(ctx));
    const all = await filtered('All Items', `big-${stamp}`);

    const target = vscode.Uri.joinPath(ctx.extension.globalStorageUri, `big-${stamp}.json`);
    await resetTally();
    const exported = await exportItems(all, 'JSON', target);
    assert.equal(exported.result?.count, 10_000, lastError(ctx));
    assert.equal(await queueItemReads(), 100, 'ceil(10,000 / 100) requests');
    const { folder, queue: definition } = rowOf(queue, 'queue');
    const inQueue = await ctx.clientFor(sandbox()).queues.items.list({
      folder,
      query: {
        filter: and(eq('QueueDefinitionId', definition.Id), contains('Reference', `big-${stamp}`)),
        top: 1,
        count: true,
      },
    });
    assert.equal(inQueue.count, 10_000, 'the queue holds these 10,000 items');
    const items: { Reference: string; SpecificContent: { N: number; V: string } }[] = JSON.parse(
      new TextDecoder().decode(await vscode.workspace.fs.readFile(target)),
    );
    assert.equal(items.length, 10_000);
    assert.deepEqual(
      items.map((i) => `${i.Reference}|${i.SpecificContent.N}|${i.SpecificContent.V}`),
      Array.from({ length: 10_000 }, (_, i) => `big-${stamp}-${i}|${i}|v,${i % 7}`),
      'every item once, in the order added',
    );
  });
});
