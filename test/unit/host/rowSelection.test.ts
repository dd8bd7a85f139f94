import assert from 'node:assert/strict';
import { CancellationError } from 'vscode';
import { CommandId } from '../../../src/constants';
import type { Connection } from '../../../src/core/connections';
import { makeRow, queueItemSummary } from '../../../src/core/rows/rows';
import { queueChange, rowChange } from '../../../src/host/commands/contribution';
import { rowChangeCommand, rowsChangeCommand } from '../../../src/host/commands/rowChangeCommand';
import { byFolder, MAX_SELECTED_ROWS, selectedRows } from '../../../src/host/commands/rowSelection';
import { summaryOf, type RowOutcome } from '../../../src/host/commands/selectionOutcome';
import { deleteQueueItems } from '../../../src/host/commands/deleteQueueItems';
import type { UserInput } from '../../../src/host/ui/userInput';
import { aRun } from '../../support/commandRun';
import { aConnection, aJob, aQueue, aQueueItem } from '../../support/entities';

const connection = aConnection();
const jobRow = (id: number, folder = 7, on: Connection = connection) =>
  makeRow({ kind: 'job', connection: on, folder: { id: folder }, job: aJob({ Id: id, Key: `k-${id}` }) });
/** A tree node as the editor hands it over: the row on `row`. */
const node = <R>(row: R) => ({ id: 'n', row });

describe('selectedRows: the rows a command that accepts many acts on', () => {
  const [a, b, c] = [jobRow(1), jobRow(2), jobRow(3)];

  it('gives the clicked row alone without a selection, or when the selection does not hold it (menu opened outside)', () => {
    assert.deepEqual(selectedRows(node(a), undefined, ['job']), [a]);
    assert.deepEqual(selectedRows(node(a), [node(b), node(c)], ['job']), [a]);
  });

  it('gives the selection when the editor hands over no clicked row (it was redrawn under the menu); nothing else', () => {
    assert.deepEqual(selectedRows(undefined, [node(a), node(b)], ['job']), [a, b]);
    assert.throws(() => selectedRows(undefined, [], ['job']), /Choose a job under Jobs/);
    assert.throws(() => selectedRows(undefined, undefined, ['job']), /Choose a job under Jobs/);
    assert.throws(
      () => selectedRows(undefined, [node(a), { row: { kind: 'job' } }], ['job']),
      /holds 1 value\(s\) that are not rows of the trees/,
    );
  });

  it('gives every selected row, typed and once each, from nodes or rows', () => {
    assert.deepEqual(selectedRows(node(b), [node(a), node(b), c, node(c)], ['job']), [a, b, c]);
  });

  it('refuses a forged row (the same shape, not made by the trees) in the selection, and as the clicked row', () => {
    const forged = { kind: 'job', connection, folder: { id: 7 }, job: aJob({ Id: 9 }) };
    assert.throws(
      () => selectedRows(node(a), [node(a), forged], ['job']),
      /holds 1 value\(s\) that are not rows of the trees; nothing was done/,
    );
    assert.throws(() => selectedRows(forged, [forged, node(a)], ['job']), /Choose a job under Jobs/);
    assert.throws(() => selectedRows(node(a), { 0: node(a), length: 1 }, ['job']), /not a list of rows/);
  });

  it('refuses a selection of mixed kinds (not filtered), naming how many rows are of another kind', () => {
    const queue = makeRow({ kind: 'queue', connection, folder: { id: 7 }, queue: aQueue() });
    const folder = makeRow({ kind: 'connection', connection });
    assert.throws(
      () => selectedRows(node(a), [node(a), node(queue), node(folder)], ['job']),
      /holds 2 row\(s\) of another kind; nothing was done\. Choose a job under Jobs in the Orchestrator view\./,
    );
  });

  it('refuses rows of two connections, and more than the most it acts on at once', () => {
    const elsewhere = jobRow(4, 7, aConnection({ id: 'https://other.test/acme/main', label: 'Other' }));
    assert.throws(() => selectedRows(node(a), [node(a), node(elsewhere)], ['job']), /spans 2 connections/);
    const many = Array.from({ length: MAX_SELECTED_ROWS + 1 }, (_, i) => jobRow(100 + i));
    assert.throws(() => selectedRows(many[0], many, ['job']), /1001 rows are selected; select at most 1000/);
  });

  it('groups rows by folder in the order first met', () => {
    const [x, y, z] = [jobRow(1, 7), jobRow(2, 8), jobRow(3, 7)];
    assert.deepEqual(byFolder([x, y, z]), [[x, z], [y]]);
  });
});

describe('rowsChangeCommand and single-row commands under a multi-selection', () => {
  const queueRow = (name: string) =>
    makeRow({ kind: 'queue', connection, folder: { id: 7 }, queue: aQueue({ Name: name }) });

  it('a command that accepts many declares it and gets the whole selection; a single-row one acts on the clicked row', async () => {
    const [first, second] = [queueRow('A'), queueRow('B')];
    const many = rowsChangeCommand<'queue', unknown>(['queue'], {
      id: CommandId.deleteQueueItems,
      title: 'Many',
      contributes: rowChange('Many…', '$(trash)', []),
      change: async (_run, rows) => rows.map((row) => row.queue.Name),
    });
    assert.equal(many.acceptsMany, true);
    assert.deepEqual(await many.run(aRun(undefined), node(second), [node(first), node(second)]), ['A', 'B']);
    const one = rowChangeCommand<'queue', unknown>('queue', {
      id: CommandId.addQueueItem,
      title: 'One',
      contributes: queueChange('One…', '$(add)', 1),
      change: async (_run, row) => row.queue.Name,
    });
    assert.equal(one.acceptsMany, undefined);
    assert.equal(await one.run(aRun(undefined), node(second), [node(first), node(second)]), 'B');
  });
});

describe('a selection summary', () => {
  it('says what was done and names what failed, what is unknown and what was left out', () => {
    const outcomes: RowOutcome[] = [
      { name: 'Reconcile (job 1)', outcome: 'done' },
      { name: 'Reconcile (job 2)', outcome: 'done' },
      { name: 'Reconcile (job 3)', outcome: 'failed', reason: 'Job 3 already finished (Successful).' },
    ];
    assert.equal(
      summaryOf(outcomes, (n) => `${n} stopped`, 'Look.'),
      '2 stopped; 1 failed: Reconcile (job 3): Job 3 already finished (Successful)..',
    );
    const unknown = summaryOf(
      [
        ...Array.from({ length: 7 }, (_, i): RowOutcome => ({
          name: `item ${i}`,
          outcome: 'unknown',
          reason: 'reset',
        })),
      ],
      (n) => `${n} deleted`,
      'Refresh the queue.',
    );
    assert.match(
      unknown,
      /^0 deleted; 7 unknown \(sent, no clean answer\): item 0: reset;.*item 4: reset; and 2 more\. Refresh the queue\.\.$/,
    );
  });
});

describe('Delete of queue items: protection and the one confirmation', () => {
  const queue = aQueue({ Id: 5, Name: 'Invoices' });
  const itemRow = (id: number, status: string, on = connection) =>
    makeRow({
      kind: 'queueItem',
      connection: on,
      folder: { id: 7 },
      queue,
      queueItem: queueItemSummary(aQueueItem({ Id: id, Status: status, Reference: `INV-${id}` })),
    });

  /** The parts Delete uses, counting requests and questions. */
  function world(protection: Connection['protection'], answer: string | undefined) {
    const sent: number[][] = [];
    const asked: string[] = [];
    const input: Pick<UserInput, 'confirm'> = {
      confirm: async (question) => (asked.push(question.message), answer),
    };
    const on: Connection = { ...connection, protection };
    const ctx = {
      connections: { get: () => on },
      input,
      clientFor: () => ({
        queues: {
          deleteItems: async (ids: readonly number[]) => (
            sent.push([...ids]),
            { Success: false, Message: 'not all', FailedItems: ids.slice(-1) }
          ),
        },
      }),
      explorer: { refreshRows: () => 0 },
      log: { info: () => undefined, warn: () => undefined },
    };
    return { ctx, sent, asked, on };
  }
  // The test gives only the parts Delete reads (as folderChoices.test.ts does).
  const run = (ctx: unknown, clicked: unknown, selected: unknown) =>
    deleteQueueItems.run(aRun(ctx as never), clicked, selected);

  it('a read-only connection refuses with 0 requests and no question', async () => {
    const { ctx, sent, asked, on } = world('readOnly', 'Delete');
    const rows = [itemRow(1, 'New', on), itemRow(2, 'New', on)];
    await assert.rejects(run(ctx, node(rows[0]), rows.map(node)), /is read-only, so "Delete 2 items of Invoices"/);
    assert.deepEqual([sent, asked], [[], []]);
  });

  it('asks once naming the count, leaves out items that are not New, sends one DeleteBulk and counts what failed', async () => {
    const { ctx, sent, asked, on } = world('normal', 'Delete');
    const rows = [itemRow(1, 'New', on), itemRow(2, 'Failed', on), itemRow(3, 'New', on), itemRow(4, 'New', on)];
    const counts = await run(ctx, node(rows[0]), rows.map(node));
    assert.deepEqual(asked, ['Delete 3 items of Invoices?']);
    assert.deepEqual(sent, [[1, 3, 4]], 'one request, with the New items only');
    assert.deepEqual(counts, { done: 2, failed: 1, unknown: 0, leftOut: 1 });
  });

  it('declined: nothing is sent', async () => {
    const { ctx, sent, on } = world('confirm', undefined);
    const rows = [itemRow(1, 'New', on), itemRow(3, 'New', on)];
    await assert.rejects(run(ctx, node(rows[0]), rows.map(node)), CancellationError);
    assert.deepEqual(sent, []);
  });
});
