import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { eq } from '../../../src/core/odata/filter';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { faults, rowOf } from './treeWalk';
import { signedInSuite } from './suiteHooks';

describe('Orchestrator tree on the sandbox', () => {
  // Signed in before; after, faults cleared and signed out (suiteHooks.ts).
  const suite = signedInSuite('Sandbox');
  const { connection: sandbox, sent, explorer } = suite;
  const { label, children, child } = explorer;
  let ctx: Ctx;
  before(() => void (ctx = suite.ctx));

  it('adds a queue item (hostile reference kept literally), refuses a bad one before sending, and bulk adds from a file', async function () {
    this.timeout(60_000);
    const invoices = await child(
      await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Finance'),
      'Invoices',
    );
    const queue = await child(await child(invoices, 'Queues'), 'InvoicesToProcess');
    // The New row, walked from the root each time it is read, as the editor reads the rows it shows now: a sign-in
    // settling in the background may rebuild the tree, and a row held from before would no longer be reloaded.
    const newItems = async () =>
      child(
        await child(
          await child(
            await child(await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Finance'), 'Invoices'),
            'Queues',
          ),
          'InvoicesToProcess',
        ),
        'New',
      );
    await children(await newItems());
    const reference = `O'Brien') or (1 eq 1 ${Date.now()}`;
    const { result: id, asked } = await answering(
      ctx,
      [
        { title: /\(1\/3\): reference$/, answer: reference },
        { title: /\(2\/3\): priority$/, pick: 'High' },
        { title: /\(3\/3\): specific content$/, answer: '{"Amount": 12.5}' },
      ],
      () => vscode.commands.executeCommand<number>('orchestrator.addQueueItem', queue),
    );
    assert.ok(Number.isInteger(id));
    assert.deepEqual(
      asked.map((a) => a.title),
      [
        'Add item to InvoicesToProcess (1/3): reference',
        'Add item to InvoicesToProcess (2/3): priority',
        'Add item to InvoicesToProcess (3/3): specific content',
      ],
    );
    assert.equal(
      label((await children(await newItems()))[0]!),
      reference,
      'the New row reloaded and shows the item first',
    );
    const before = sent();
    const refused = await answering(
      ctx,
      [
        { title: /reference$/, answer: 'x'.repeat(129), refused: /At most 128 characters/ },
        { title: /reference$/, answer: 'nested' },
        { title: /priority$/, pick: 'Normal' },
        { title: /specific content$/, answer: '{"Nested": {"a": 1}}', refused: /./ },
        { title: /specific content$/, answer: '[1]', refused: /Enter a JSON object/ },
        { title: /specific content$/, answer: '{', refused: /Not JSON/ },
        { title: /specific content$/, cancel: true },
      ],
      () => vscode.commands.executeCommand('orchestrator.addQueueItem', queue),
    );
    assert.equal(refused.result, undefined);
    assert.equal(sent(), before, 'a bad item is refused before anything is sent');

    await vscode.workspace.fs.createDirectory(ctx.extension.globalStorageUri);
    const file = vscode.Uri.joinPath(ctx.extension.globalStorageUri, `bulk-${Date.now()}.json`);
    const stamp = Date.now();
    const items = [
      { Reference: `bulk-${stamp}-1` },
      { Reference: reference },
      { Reference: `bulk-${stamp}-3`, Priority: 'Low' },
    ];
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(items)));
    const bulkAdd = (commit?: string) =>
      answering(
        ctx,
        [
          { title: 'Items to add to InvoicesToProcess', file },
          ...(commit ? [{ title: /^Add \d+ item\(s\) to InvoicesToProcess$/, pick: commit }] : []),
        ],
        () => vscode.commands.executeCommand('orchestrator.bulkAddQueueItems', queue),
      );
    assert.deepEqual(
      (await bulkAdd('All or nothing')).result,
      { added: 0, failed: 1 },
      'the duplicate reference fails the whole batch',
    );
    assert.deepEqual((await bulkAdd('Each on its own')).result, { added: 2, failed: 1 });
    const newest = (await children(await newItems())).slice(0, 3).map(label);
    assert.ok(newest.includes(`bulk-${stamp}-1`) && newest.includes(`bulk-${stamp}-3`), newest.join(' | '));
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('[{"Priority": "Urgent"}]'));
    const sentBefore = sent();
    assert.equal((await bulkAdd()).result, undefined, 'refused before the commit type is asked');
    assert.equal(sent(), sentBefore, 'a bad file sends nothing');
  });

  it('says an item may have been added, never "failed", when the add is answered by a reset or a 504 after the service added it', async function () {
    this.timeout(60_000);
    const invoices = await child(
      await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Finance'),
      'Invoices',
    );
    const queue = await child(await child(invoices, 'Queues'), 'InvoicesToProcess');
    const folder = rowOf(queue, 'queue').folder;
    const stamp = Date.now();
    const lastWarning = () =>
      ctx.log
        .recent()
        .filter((l) => l.startsWith('warn '))
        .at(-1) ?? '';
    const found = async (reference: string) =>
      (await ctx.clientFor(sandbox()).queues.items.list({ folder, query: { filter: eq('Reference', reference) } }))
        .items.length;
    try {
      await faults([{ path: '*/odata/Queues/*', methods: ['POST'], reset: true, after: true, times: 1 }]);
      const adding: Answer[] = [
        { title: /reference$/, answer: `unknown-${stamp}` },
        { title: /priority$/, pick: 'Normal' },
        { title: /specific content$/, enter: true },
      ];
      assert.equal(
        (await answering(ctx, adding, () => vscode.commands.executeCommand('orchestrator.addQueueItem', queue))).result,
        undefined,
      );
      assert.match(
        lastWarning(),
        new RegExp(
          `The item 'unknown-${stamp}' was sent to InvoicesToProcess, but no clean answer came back .*The outcome is unknown: the item may have been added\\. Look up its reference before adding it again\\.`,
        ),
      );
      assert.equal(await found(`unknown-${stamp}`), 1, 'the item exists, added once');

      const file = vscode.Uri.joinPath(ctx.extension.globalStorageUri, `bulk-unknown-${stamp}.json`);
      await vscode.workspace.fs.createDirectory(ctx.extension.globalStorageUri);
      await vscode.workspace.fs.writeFile(
        file,
        new TextEncoder().encode(
          JSON.stringify([{ Reference: `bulk-unknown-${stamp}-1` }, { Reference: `bulk-unknown-${stamp}-2` }]),
        ),
      );
      await faults([{ path: '*/odata/Queues/*', methods: ['POST'], status: 504, after: true, times: 1 }]);
      const bulk: Answer[] = [
        { title: /^Items to add to /, file },
        { title: /^Add 2 item\(s\) to /, pick: 'All or nothing' },
      ];
      assert.equal(
        (await answering(ctx, bulk, () => vscode.commands.executeCommand('orchestrator.bulkAddQueueItems', queue)))
          .result,
        undefined,
      );
      assert.match(
        lastWarning(),
        new RegExp(
          `2 item\\(s\\) were sent to InvoicesToProcess, but no clean answer came back .*all of them or none may have been added\\. Look up a reference \\(the first is 'bulk-unknown-${stamp}-1'\\)`,
        ),
      );
      assert.doesNotMatch(lastWarning(), /\bfailed\b/i);
      assert.equal(await found(`bulk-unknown-${stamp}-2`), 1, 'the batch was added once');
    } finally {
      await faults([]);
    }
  });
});
