import assert from 'node:assert/strict';
import { CommandId } from '../../../src/constants';
import { makeRow, type RowOf } from '../../../src/core/rows/rows';
import { queueChange } from '../../../src/host/commands/contribution';
import { rowChangeCommand } from '../../../src/host/commands/rowChangeCommand';
import { aRun } from '../../support/commandRun';
import { aConnection, aJob, aQueue } from '../../support/entities';

const connection = aConnection();
const queueRow = makeRow({ kind: 'queue', connection, folder: { id: 7 }, queue: aQueue({ Name: 'Invoices' }) });

/** A queue change that keeps the rows it was given. */
function recording() {
  const given: RowOf<'queue'>[] = [];
  const command = rowChangeCommand<'queue', unknown>('queue', {
    id: CommandId.addQueueItem,
    title: 'Add Queue Item',
    contributes: queueChange('Add Item…', '$(add)', 1),
    async change(_run, row) {
      given.push(row);
      return row.queue.Name;
    },
  });
  return { command, given };
}

describe('rowChangeCommand: a change on one kind of row', () => {
  it('asks first and gives change the row it was run on, typed', async () => {
    const { command, given } = recording();
    assert.equal(command.asksFirst, true);
    assert.equal(await command.run(aRun(undefined), queueRow), 'Invoices');
    assert.deepEqual(given, [queueRow]);
  });

  it('refuses a row of another kind in the user words, before change runs', async () => {
    const { command, given } = recording();
    const jobRow = makeRow({ kind: 'job', connection, folder: { id: 7 }, job: aJob() });
    await assert.rejects(command.run(aRun(undefined), jobRow), /Choose a queue under Queues in the Orchestrator view/);
    await assert.rejects(command.run(aRun(undefined), undefined), /Choose a queue under Queues/);
    assert.deepEqual(given, []);
  });
});
