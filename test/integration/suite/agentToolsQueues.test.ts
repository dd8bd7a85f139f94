// Issue 33: the queue tools, called as the chat calls them (`vscode.lm.invokeTool`), against the sandbox's seeded
// queues: counts by status and items for known data, a fixed request count per call, inputs refused before anything
// is sent, and an item added only after the user confirms, sent once, refused on a read-only connection.
import assert from 'node:assert/strict';
import { DATA_NOTICE } from '../../../src/core/agents/resultText';
import * as vscode from 'vscode';
import { invokeTool, prepareTool } from '../../../src/host/agents/toolRunner';
import { ToolName } from '../../../src/host/agents/toolNames';
import { answering } from '../../../src/host/ui/scriptedInput';
import { faults, resetTally } from './treeWalk';
import { assertReadOnlyRefuses } from './toolCalls';
import { call, changesOf, refusal, requests, toolSuite, total, whileReadOnly } from './agentToolCalls';

/**
 * NewHires (seed.ts): 40 items in Shared/HR, their statuses in turn New, New, InProgress, Failed, Successful,
 * Successful, Abandoned, Retried, Deleted; the even ones referenced.
 */
const NEW_HIRES = { folder: 'Shared/HR', queue: 'NewHires' };
/** Dev Lab's EmptyQueue: the items added here have references of their own. */
const EMPTY = { folder: 'Dev Lab', queue: 'EmptyQueue' };

describe('Language-model queue tools on the sandbox', () => {
  const suite = toolSuite();

  it('queue summary: the seeded counts by status, in 9 requests (folder, queue, one count per status)', async function () {
    this.timeout(30_000);
    const text = await call(ToolName.queueSummary, NEW_HIRES);
    assert.match(text, /^Queue "NewHires" \(id \d+\) in folder "Shared\/HR" of "Sandbox": 40 items\./);
    assert.ok(text.includes(DATA_NOTICE), text);
    assert.match(text, /\nNew=10 InProgress=5 Failed=5 Successful=8 Abandoned=4 Retried=4 Deleted=4\n/);
    assert.match(text, /uniqueReferences=false maxRetries=2 autoRetry=true description="NewHires work items"/);
    const counted = await requests();
    assert.equal(total(counted), 9, JSON.stringify(counted));
    assert.equal(counted.find(([route]) => route.includes('QueueItems'))?.[1], 7, JSON.stringify(counted));
  });

  it('queue items: newest first by status, capped with what to narrow by; by reference; 3 requests each', async function () {
    this.timeout(30_000);
    const failed = await call(ToolName.queueItems, { ...NEW_HIRES, status: 'Failed', top: 3 });
    assert.match(
      failed,
      /^Items of queue "NewHires" in folder "Shared\/HR" of "Sandbox", status Failed, newest first:/,
    );
    const rows = failed.split('\n').filter((line) => /^\d+\. id=/.test(line));
    assert.equal(rows.length, 3, failed);
    for (const row of rows) {
      assert.match(row, /status="Failed" priority="(High|Normal|Low)" created=\S+Z started=\S+Z ended=\S+Z retry=0/);
      assert.match(row, /exception="Amount does not match purchase order"$/);
    }
    const ids = rows.map((row) => Number(/id=(\d+)/.exec(row)![1]));
    assert.deepEqual(
      [...ids].sort((a, b) => b - a),
      ids,
      'newest first',
    );
    assert.match(failed, /\n2 more; narrow by status or reference\.$/);
    assert.equal(total(await requests()), 3, JSON.stringify(await requests()));

    await resetTally();
    const byReference = await call(ToolName.queueItems, { ...NEW_HIRES, reference: 'NewHires-00001' });
    const references = [...byReference.matchAll(/reference="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(
      references,
      [18, 16, 14, 12, 10].map((n) => `NewHires-0000${n}`),
      byReference,
    );
    assert.equal(total(await requests()), 3, JSON.stringify(await requests()));
  });

  it('an input against the schema is answered with what is wrong, and nothing is sent', async function () {
    this.timeout(30_000);
    for (const [name, input, wrong] of [
      [ToolName.queueSummary, { folder: 'Shared/HR' }, /queue/],
      [ToolName.queueItems, { ...NEW_HIRES, status: 'Bogus' }, /status/],
      [ToolName.queueItems, { ...NEW_HIRES, top: 500 }, /top/],
      [ToolName.addQueueItem, { ...EMPTY, content: { Nested: { a: 1 } } }, /content/],
      [ToolName.addQueueItem, { ...EMPTY, priority: 'Urgent' }, /priority/],
      [ToolName.retryQueueItems, { ...NEW_HIRES, itemIds: [] }, /itemIds/],
      [ToolName.retryQueueItems, { ...NEW_HIRES, itemIds: [4, 4] }, /itemIds: each id at most once/],
      [ToolName.retryQueueItems, { ...NEW_HIRES, itemIds: Array.from({ length: 21 }, (_, n) => n + 1) }, /itemIds/],
      [ToolName.retryQueueItems, { ...NEW_HIRES, itemIds: [-3] }, /itemIds/],
    ] as const) {
      const text = await refusal(name, input);
      assert.match(text, wrong, `${name}: ${text}`);
    }
    assert.equal(total(await requests()), 0, JSON.stringify(await requests()));
  });

  it('add queue item: a read-only connection refuses with 0 requests; the confirmation names queue, folder and values', async function () {
    this.timeout(30_000);
    const input = { ...EMPTY, reference: 'chat-readonly', priority: 'High', content: { Amount: 12.5, Urgent: true } };
    const prepared = await prepareTool(suite.ctx, ToolName.addQueueItem, input);
    assert.match(prepared?.confirmationMessages?.title ?? '', /"EmptyQueue".*"Dev Lab".*Sandbox/);
    assert.match(
      prepared?.confirmationMessages?.message ?? '',
      /Reference: "chat-readonly"\nPriority: High\nAmount = 12\.5\nUrgent = true/,
    );
    await whileReadOnly(suite.ctx, () => assertReadOnlyRefuses(suite.ctx, ToolName.addQueueItem, input));
  });

  it("add queue item outside the chat: asks; declined sends nothing; Add Item's checks refuse; accepted adds one item, sent once", async function () {
    this.timeout(60_000);
    const reference = `chat-${Date.now()}`;
    const input = { ...EMPTY, reference, content: { InvoiceNumber: 'INV-9', Amount: 120.5, Posted: false } };
    const declined = await answering(suite.ctx, [{ title: /Add an item to queue "EmptyQueue"/, cancel: true }], () =>
      call(ToolName.addQueueItem, input),
    );
    assert.match(declined.result, /declined or cancelled/);
    assert.equal(total(await requests()), 0, 'declined before any request');

    // Refunds enforces unique references: Add Item's own check refuses an item without one, before the add is sent.
    const unreferenced = await answering(suite.ctx, [{ title: /Add an item/, choose: 'Add' }], () =>
      call(ToolName.addQueueItem, { folder: 'Shared/Finance', queue: 'Refunds' }),
    );
    assert.match(unreferenced.result, /Nothing was added or sent: This queue needs a reference\./);
    assert.deepEqual(changesOf(await requests()), [], 'nothing added');

    await resetTally();
    const added = await answering(suite.ctx, [{ title: /Add an item/, choose: 'Add' }], () =>
      call(ToolName.addQueueItem, input),
    );
    assert.match(added.result, new RegExp(`^Added item id=\\d+ reference="${reference}" to queue "EmptyQueue"\\.`));
    const counted = await requests();
    assert.equal(total(counted), 3, JSON.stringify(counted));
    const changes = changesOf(counted);
    assert.equal(changes.length, 1, JSON.stringify(counted));
    assert.match(changes[0]![0], /^POST .*AddQueueItem/);
    assert.equal(changes[0]![1], 1, 'one AddQueueItem request, never repeated');

    const listed = await call(ToolName.queueItems, { ...EMPTY, reference });
    const id = /id=(\d+)/.exec(added.result)![1];
    assert.match(listed, new RegExp(`1\\. id=${id} reference="${reference}" status="New" priority="Normal"`));
  });

  it('retry queue items: read-only refuses with 0 requests; confirmed, Failed items are added again, others left out', async function () {
    this.timeout(60_000);
    const idsOf = (text: string) => [...text.matchAll(/^\d+\. id=(\d+)/gm)].map((m) => Number(m[1]));
    const failed = idsOf(await call(ToolName.queueItems, { ...NEW_HIRES, status: 'Failed', top: 2 }));
    const [successful] = idsOf(await call(ToolName.queueItems, { ...NEW_HIRES, status: 'Successful', top: 1 }));
    assert.equal(failed.length, 2);
    const input = { ...NEW_HIRES, itemIds: [...failed, successful!] };
    const prepared = await prepareTool(suite.ctx, ToolName.retryQueueItems, input);
    assert.match(
      prepared?.confirmationMessages?.title ?? '',
      /^Retry 3 failed item\(s\) of queue "NewHires" in "Shared\/HR" on Sandbox\?$/,
    );
    assert.match(prepared?.confirmationMessages?.message ?? '', new RegExp(`^Items ${input.itemIds.join(', ')}\\.`));
    await whileReadOnly(suite.ctx, () => assertReadOnlyRefuses(suite.ctx, ToolName.retryQueueItems, input));

    await resetTally();
    const { result } = await answering(suite.ctx, [{ title: /^Retry 3 failed item/, choose: 'Retry' }], () =>
      call(ToolName.retryQueueItems, input),
    );
    assert.match(result, /^Retried in queue "NewHires" of folder "Shared\/HR" on "Sandbox": 2 of 3 added again\./);
    for (const id of failed) assert.match(result, new RegExp(`\nid=${id}: added again as a New item\\.`));
    assert.match(result, new RegExp(`\nid=${successful}: left out, "not Failed \\(Successful\\)"\\.`));
    const counted = await requests();
    // The folder, the queue, each item read again, and an add per Failed item: sent once each.
    assert.equal(total(counted), 2 + 3 + 2, JSON.stringify(counted));
    const changes = changesOf(counted);
    assert.deepEqual(
      changes.map(([route, count]) => [/AddQueueItem/.test(route), count]),
      [[true, 2]],
      JSON.stringify(counted),
    );
  });

  it('retry queue items cancelled part-way: the items added are told, the rest named as not retried', async function () {
    this.timeout(60_000);
    const idsOf = (text: string) => [...text.matchAll(/^\d+\. id=(\d+)/gm)].map((m) => Number(m[1]));
    const failed = idsOf(await call(ToolName.queueItems, { ...NEW_HIRES, status: 'Failed', top: 3 }));
    assert.equal(failed.length, 3);
    // The second item's read answers after 5 s: the call is cancelled while it waits.
    await faults([
      { path: `/sandbox/main/odata/QueueItems(${failed[1]})*`, methods: ['GET'], latencyMs: 5_000, times: 1 },
    ]);
    await resetTally();
    const source = new vscode.CancellationTokenSource();
    try {
      const { result } = await answering(suite.ctx, [{ title: /^Retry 3 failed item/, choose: 'Retry' }], async () => {
        const call = invokeTool(
          suite.ctx,
          ToolName.retryQueueItems,
          { ...NEW_HIRES, itemIds: failed },
          {
            confirmedInChat: false,
            token: source.token,
          },
        );
        for (let i = 0; i < 100 && changesOf(await requests()).length === 0; i++)
          await new Promise((done) => setTimeout(done, 100));
        source.cancel();
        return call;
      });
      assert.match(result, new RegExp(`\nid=${failed[0]}: added again as a New item\\.`));
      assert.match(result, new RegExp(`\nCancelled: ids ${failed[1]}, ${failed[2]} were not retried`));
      assert.match(result, /: 1 of 3 added again\./);
      assert.deepEqual(
        changesOf(await requests()).map(([route, count]) => [/AddQueueItem/.test(route), count]),
        [[true, 1]],
      );
    } finally {
      source.dispose();
      await faults([]);
    }
  });
});
