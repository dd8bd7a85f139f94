// The production build of the extension host, weighed as the editor loads it: what activation parses stays within its
// budget, and what only a user's act needs (commands, panels, the documents' checks, the browser sign-in, the JOSE and
// JSON-with-comments libraries) is not in it.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTIVATION_BUNDLE_KIB_BUDGET } from '../bench/budgets';
import { buildProduction } from '../harness/build';
import { bundleWeight, type BundleWeight } from '../harness/bundleWeight';

const ROOT = join(__dirname, '..', '..');

describe('the production bundle', () => {
  let dist: string;
  let weight: BundleWeight;

  before(function () {
    this.timeout(120_000);
    dist = mkdtempSync(join(tmpdir(), 'orchestrator-production-'));
    buildProduction(dist);
    weight = bundleWeight(dist, ROOT);
  });
  after(() => rmSync(dist, { recursive: true, force: true }));

  it(`parses at most ${ACTIVATION_BUNDLE_KIB_BUDGET} KiB at activation`, () => {
    const kib = weight.activationBytes / 1024;
    assert.ok(kib <= ACTIVATION_BUNDLE_KIB_BUDGET, `${kib.toFixed(1)} KiB parsed at activation`);
    assert.ok(weight.onDemandBytes > 0, 'some code loads on first use');
  });

  it('loads no command, panel, document check, browser sign-in, log tail engine, pin lookup or definition reading at activation', () => {
    const lazy = [
      /^src\/host\/commands\/(?!registry\.ts$)/,
      /^src\/host\/webviews\/(ideaFormPanel|queueItemPanel|panelHost|servicePanel|ideaFormContent)\.ts$/,
      /^src\/core\/documents\/(argumentsDocument|jsonLocations|documentAddress)\.ts$/,
      /^src\/host\/documents\/documentUris\.ts$/,
      /^src\/host\/auth\/(signInFlow|authorizationCode|loopback)\.ts$/,
      /^src\/core\/auth\/(idToken|pkce|pushedRequest)\.ts$/,
      /^node_modules\/(jose|jsonc-parser)\//,
      /^src\/(host\/logs\/logTail|core\/logs\/tail)\.ts$/,
      /^src\/host\/views\/explorer\/pinnedBeyond\.ts$/,
      /^src\/host\/ui\/vscodeInput\.ts$/,
      /^src\/core\/orchestrator\/(definitionDiscovery|definitionReader|definitionScan|apiPage)\.ts$/,
      /^src\/core\/http\/(transportFailures|networkCause)\.ts$/,
      /^src\/core\/odata\/(schemaFastPath|generatedObjectCheck|fastCheckLeaves)\.ts$/,
    ];
    // Each names code the build holds (a renamed file would otherwise leave a pattern that proves nothing).
    for (const pattern of lazy)
      assert.ok(
        weight.inputs.some((input) => pattern.test(input)),
        String(pattern),
      );
    const eager = weight.activationInputs.filter((input) => lazy.some((pattern) => pattern.test(input)));
    assert.deepEqual(eager, []);
  });

  it('evaluates nothing of ours before the display language is loaded: the entry imports only the l10n module', () => {
    assert.deepEqual(weight.entryInputs.filter((input) => !/^node_modules\/@vscode\/l10n\//.test(input)).sort(), [
      'src/core/l10n.ts',
      'src/extension.ts',
    ]);
  });

  it('is ES modules that never require(): no file carries the bundler’s "Dynamic require" stub', () => {
    for (const file of weight.files.filter((f) => f.endsWith('.mjs')))
      assert.ok(!readFileSync(join(dist, file), 'utf8').includes('Dynamic require of'), file);
    assert.ok(weight.files.includes('extension.mjs'));
  });
});
