// Issue 29, item 5: Start Job's step counter counts the steps the user will really see, from the step after the
// process on (it read the process's input arguments only at the robots step, so the counter jumped from 2/4 to 3/8).
import assert from 'node:assert/strict';
import type { Release } from '../../../src/core/orchestrator/schemas';
import type { Ctx } from '../../../src/ctx';
import { runSteps } from '../../../src/host/ui/multiStep';
import { aConnection, aRelease } from '../../support/entities';
import { memoryState } from '../../support/memoryState';
import { ConnectionStore } from '../../../src/host/connectionStore';
import { StoredState } from '../../../src/host/storedState';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { startSteps } from '../../../src/host/commands/startJob/steps';
import { DeclaredArguments, LastArguments } from '../../../src/host/commands/startJob/arguments';
import { aScriptedHost } from '../../support/scriptedHost';

const release = (Id: number, Name: string): Release =>
  aRelease({ Id, Key: `k${Id}`, Name, ProcessKey: Name, ProcessVersion: '1.0.0', EnvironmentName: 'Env' });
const INVOICES = release(1, 'Invoices');
const PAYROLL = release(2, 'Payroll');
/** Invoices declares four input arguments, Payroll none. */
const DECLARED: Record<string, string> = {
  'Invoices:1.0.0': JSON.stringify([
    { name: 'in_Region', type: 'System.Int32', required: true },
    { name: 'in_Cutoff', type: 'System.String', required: true },
    { name: 'in_Notify', type: 'System.Boolean' },
    { name: 'in_Note', type: 'System.String' },
  ]),
  'Payroll:1.0.0': '[]',
};

/** Runs Start Job's steps from the palette's process step, answered by the script; resolves with every prompt. */
async function steps(answers: Answer[], failing = false) {
  const reads: string[] = [];
  const { client } = fakeOrchestratorClient({
    'packages.getArguments': async (key: string) => {
      reads.push(key);
      if (failing) throw new Error('the service is away');
      return { Input: DECLARED[key] };
    },
  });
  const signal = new AbortController().signal;
  const connection = aConnection();
  const folder = { id: 7 };
  const target = { connection, folder, folderLabel: 'Shared', candidates: [INVOICES, PAYROLL] };
  // No connection in the settings (the target's is not saved), nothing remembered: the steps start from empty.
  const ctx: Pick<Ctx, 'clientFor' | 'connections' | 'state'> = {
    connections: new ConnectionStore(() => undefined),
    state: new StoredState(memoryState()),
    clientFor: () => client,
  };
  const declared = new DeclaredArguments(client, folder, signal);
  const last = new LastArguments(ctx, connection, folder);
  const host = aScriptedHost();
  const state = { strategy: 'JobsCount' as const, robotIds: [], count: 1, texts: {}, confirmed: false };
  const run = await answering(host, answers, () =>
    runSteps(host.input, state, (s) => startSteps(ctx, { target, declared, last, signal }, s)),
  );
  const place = run.asked.map((a) => `${a.title.replace(/^Start Job( — \w+)?: /, '')} ${a.step}/${a.totalSteps}`);
  return { ...run, place, reads };
}

describe("Start Job's step counter", () => {
  it('counts the argument steps from the step after the process: 1/4, 2/8, 3/8 … 8/8', async () => {
    const { place, reads, result } = await steps([
      { title: /process$/, pick: 'Invoices' },
      { title: /robots$/, pick: 'A number of jobs' },
      { title: /how many jobs$/, answer: '2' },
      { title: /in_Region/, answer: '7' },
      { title: /in_Cutoff/, answer: 'Q4' },
      { title: /in_Notify/, pick: 'true' },
      { title: /in_Note/, answer: '' },
      { title: /confirm$/, pick: /^Start / },
    ]);
    assert.deepEqual(place, [
      'process 1/4',
      'robots 2/8',
      'how many jobs 3/8',
      'in_Region (Int32, required) 4/8',
      'in_Cutoff (String, required) 5/8',
      'in_Notify (Boolean, optional) 6/8',
      'in_Note (String, optional) 7/8',
      'confirm 8/8',
    ]);
    assert.deepEqual(reads, ['Invoices:1.0.0'], 'read once, as the process was chosen');
    assert.equal(result?.confirmed, true);
  });

  it('counts again when Back leads to another process; a robots choice that skips the count drops its step', async () => {
    const { place, reads } = await steps([
      { title: /process$/, pick: 'Invoices' },
      { title: /robots$/, back: true },
      { title: /process$/, pick: 'Payroll' },
      { title: /robots$/, pick: 'All robots' },
      { title: /confirm$/, pick: 'Cancel' },
    ]);
    assert.deepEqual(place, ['process 1/4', 'robots 2/8', 'process 1/8', 'robots 2/4', 'confirm 3/3']);
    assert.deepEqual(reads, ['Invoices:1.0.0', 'Payroll:1.0.0']);
  });

  it('a failure to read the arguments keeps the process pick open and says why; nothing further is asked', async () => {
    const { place, asked, result } = await steps(
      [
        { title: /process$/, pick: 'Invoices', refused: /Could not load the next step: the service is away/ },
        { title: /process$/, cancel: true },
      ],
      true,
    );
    assert.deepEqual(place, ['process 1/4']);
    assert.deepEqual(asked[0]!.refusals, ['Could not load the next step: the service is away']);
    assert.equal(result, undefined);
  });
});
