// Issue 20: Get Started, as the manifest declares it: six steps in the order a user goes, each checked off by a
// context key the code sets when the thing was really done, each with its page and a button that runs a command.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandId, ContextKey, ViewId } from '../../src/constants';
import { manifest } from '../support/manifestMenus';

const ROOT = join(__dirname, '..', '..');
/** The keys src/host/firstSteps.ts sets (read as text: the module needs the editor). */
const firstStepKeys = [
  ...readFileSync(join(ROOT, 'src', 'host', 'firstSteps.ts'), 'utf8').matchAll(/'(orchestrator\.firstSteps\.\w+)'/g),
].map((m) => m[1]!);

describe('Get Started walkthrough', () => {
  const [walkthrough] = manifest.contributes.walkthroughs as {
    id: string;
    steps: { id: string; description: string; media: { markdown: string }; completionEvents: string[] }[];
  }[];

  it('goes add a connection → sign in → pick a folder → start a job → read its log → open a queue item', () => {
    assert.equal(walkthrough!.id, 'orchestrator.getStarted');
    assert.equal(
      `${manifest.publisher}.${manifest.name}#${walkthrough!.id}`,
      'orchestrator-workbench.orchestrator-workbench#orchestrator.getStarted',
      'the id firstSteps.ts opens',
    );
    assert.deepEqual(
      walkthrough!.steps.map((s) => s.id),
      ['connect', 'signIn', 'folder', 'startJob', 'readLog', 'queueItem'],
    );
  });

  it('checks each step off by a context key the extension sets when the user did it', () => {
    const known = new Set<string>([...Object.values(ContextKey), ...firstStepKeys]);
    assert.equal(firstStepKeys.length, 4);
    for (const step of walkthrough!.steps) {
      assert.equal(step.completionEvents.length, 1, step.id);
      const [, key] = /^onContext:(.+)$/.exec(step.completionEvents[0]!) ?? [];
      assert.ok(key && known.has(key), `${step.id}: ${step.completionEvents[0]}`);
    }
    // Each first-step key is set somewhere outside its own module.
    const sources = [
      'src/ctx.ts',
      'src/host/commands/startJob/run.ts',
      'src/host/logs/logTails.ts',
      'src/host/webviews/panels.ts',
    ]
      .map((file) => readFileSync(join(ROOT, file), 'utf8'))
      .join('\n');
    for (const name of ['pickedFolder', 'startedJob', 'readLog', 'openedQueueItem'])
      assert.match(sources, new RegExp(`didFirstStep\\(FirstStep\\.${name}\\)`), name);
  });

  it('gives every step its page and a button that runs a command of ours', () => {
    const commands = new Set<string>([...Object.values(CommandId), ...Object.values(ViewId).map((v) => `${v}.focus`)]);
    for (const step of walkthrough!.steps) {
      assert.ok(existsSync(join(ROOT, step.media.markdown)), step.media.markdown);
      const links = [...step.description.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]!);
      assert.equal(links.length, 1, `${step.id}: ${step.description}`);
      assert.ok(commands.has(links[0]!), links[0]);
    }
  });
});
