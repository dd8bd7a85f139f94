// Issue 20: no sandbox wording without a sandbox. Someone who installed the extension has none; a development or test
// run, or an editor started with the sandbox's address (npm start, the test harness), offers it.
import assert from 'node:assert/strict';
import { ExtensionMode } from 'vscode';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyDraft } from '../../../src/host/commands/addConnection/draft';
import { sandboxOffer } from '../../../src/host/sandboxOffer';
import { addressStep } from '../../../src/host/commands/addConnection/address';
import { fieldSteps, presetStep } from '../../../src/host/commands/addConnection/steps';

const ROOT = join(__dirname, '..', '..', '..');
const installed = sandboxOffer(ExtensionMode.Production, {});
const started = sandboxOffer(ExtensionMode.Production, { ORCHESTRATOR_SANDBOX_URL: 'http://127.0.0.1:4711' });

async function kinds(offer: ReturnType<typeof sandboxOffer>): Promise<string[]> {
  const step = presetStep(offer);
  assert.equal(step.kind, 'pick');
  return (
    await (step as { items: (d: unknown) => Promise<{ value: string }[]> | { value: string }[] }).items(emptyDraft())
  ).map((item) => item.value);
}

/** Every text Add Connection shows before a kind is chosen or a field typed. */
function promptsOf(offer: ReturnType<typeof sandboxOffer>): string {
  const texts = [addressStep(() => [], offer), ...fieldSteps(offer)].map((step) =>
    JSON.stringify(step, (_key, value: unknown) => (typeof value === 'function' ? undefined : value)),
  );
  return texts.join('\n');
}

describe('the sandbox appears only where there is one', () => {
  it('an installed extension offers none; a development or test run, or a given address, does', () => {
    assert.equal(installed.available, false);
    assert.equal(sandboxOffer(ExtensionMode.Development, {}).available, true);
    assert.equal(sandboxOffer(ExtensionMode.Test, {}).available, true);
    assert.deepEqual(started, { available: true, url: 'http://127.0.0.1:4711' });
    assert.equal(sandboxOffer(ExtensionMode.Production, { ORCHESTRATOR_SANDBOX_URL: '  ' }).available, false);
  });

  it('Add Connection offers Local sandbox, and names it in its prompts, only then', async () => {
    assert.deepEqual(await kinds(installed), ['cloud', 'onPremises']);
    assert.deepEqual(await kinds(started), ['cloud', 'onPremises', 'sandbox']);
    assert.doesNotMatch(promptsOf(installed), /sandbox/i);
    assert.match(promptsOf(started), /sandbox/i);
  });

  it('the welcome view names the sandbox only when one is available', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const welcome = manifest.contributes.viewsWelcome as { view: string; when?: string; contents: string }[];
    const text = (entry: { contents: string }) => nls[/^%(.+)%$/.exec(entry.contents)![1]!]!;
    const explorer = welcome.filter((entry) => entry.view === 'orchestrator.explorer');
    assert.equal(explorer.length, 2);
    for (const entry of explorer) {
      const gated = /(^|&& )orchestrator\.sandboxAvailable\b/.test(entry.when ?? '');
      assert.equal(/sandbox/i.test(text(entry)), gated, `${entry.when}: ${text(entry)}`);
      assert.match(text(entry), /\[Add Connection…\]\(command:orchestrator\.addConnection\)/);
    }
    // Nowhere else in the manifest's text: settings, titles, the other views.
    const others = Object.entries(nls).filter(
      ([key]) =>
        !explorer.some(
          (entry) =>
            entry.contents === `%${key}%` &&
            /\borchestrator\.sandboxAvailable/.test(entry.when!) &&
            !/!orchestrator\.sandboxAvailable/.test(entry.when!),
        ),
    );
    assert.deepEqual(
      others.filter(([, value]) => /sandbox/i.test(value)),
      [],
    );
  });
});
