// Get Started's check marks do not depend on when the editor starts its walkthrough service: each step done is also
// written into the editor's record (welcome.markStepComplete), under the id the manifest gives the step whose
// completion event names that key. (A CI run once lost four marks: the keys were true before the service started.)
import assert from 'node:assert/strict';
import { vscodeStub } from '../../support/vscodeStub';
import { manifest } from '../../support/manifestMenus';

/** The module as a window loads it: its once-a-window record empty (other tests may have loaded it already). */
function freshFirstSteps(): typeof import('../../../src/host/firstSteps') {
  const path = require.resolve('../../../src/host/firstSteps');
  delete require.cache[path];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy each time: import would share one
  return require(path) as typeof import('../../../src/host/firstSteps');
}

type FirstSteps = typeof import('../../../src/host/firstSteps');
type StepKey = Parameters<FirstSteps['checkOffStep']>[0];
const commands = vscodeStub.commands;

describe('Get Started check marks', () => {
  const calls: unknown[][] = [];
  const original = commands.executeCommand;
  let answer: (id: string) => Promise<unknown> = async () => undefined;
  let steps: FirstSteps;
  before(() => {
    commands.executeCommand = (...args: unknown[]) => {
      calls.push(args);
      return answer(args[0] as string);
    };
  });
  after(() => {
    commands.executeCommand = original;
  });
  beforeEach(() => {
    // The module as a new window loads it, its once-a-window record empty.
    steps = freshFirstSteps();
    calls.length = 0;
  });

  const [walkthrough] = manifest.contributes.walkthroughs as {
    id: string;
    steps: { id: string; completionEvents: string[] }[];
  }[];

  it('marks each step of the manifest done under its own id, from the key its completion event names', async () => {
    for (const step of walkthrough!.steps) {
      const key = step.completionEvents[0]!.replace(/^onContext:/, '') as StepKey;
      steps.checkOffStep(key);
    }
    await Promise.resolve();
    assert.deepEqual(
      calls,
      walkthrough!.steps.map((step) => [
        'welcome.markStepComplete',
        `${manifest.publisher}.${manifest.name}#${walkthrough!.id}#${step.id}`,
      ]),
    );
    assert.equal(steps.WALKTHROUGH_ID, `${manifest.publisher}.${manifest.name}#${walkthrough!.id}`);
  });

  it('sets the key as well, and writes each mark once a window however often the step is done again', async () => {
    steps.didFirstStep(steps.FirstStep.startedJob);
    steps.didFirstStep(steps.FirstStep.startedJob);
    steps.checkOffStep(steps.FirstStep.startedJob);
    await Promise.resolve();
    assert.deepEqual(calls, [
      ['setContext', steps.FirstStep.startedJob, true],
      ['welcome.markStepComplete', `${steps.WALKTHROUGH_ID}#startJob`],
      ['setContext', steps.FirstStep.startedJob, true],
    ]);
  });

  it('an editor without the command, or that has not registered the walkthrough yet, costs nothing', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      answer = async (id) => {
        if (id === 'welcome.markStepComplete') throw new Error("command 'welcome.markStepComplete' not found");
      };
      steps.didFirstStep(steps.FirstStep.readLog);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(calls, [
        ['setContext', steps.FirstStep.readLog, true],
        ['welcome.markStepComplete', `${steps.WALKTHROUGH_ID}#readLog`],
      ]);
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      answer = async () => undefined;
    }
  });
});
