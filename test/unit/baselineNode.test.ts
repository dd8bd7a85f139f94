import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(__dirname, '..', '..');

interface Bootstrap {
  BASELINE_NODE: { major: number; minor: number };
  isBaselineNode(version: string): boolean;
}

/** The plain-Node bootstrap that `npm test` and `npm start` run first (no types: it runs before node_modules). */
async function bootstrap(): Promise<Bootstrap> {
  return (await import(pathToFileURL(join(ROOT, 'test', 'harness', 'dependencies.mjs')).href)) as Bootstrap;
}

describe('the baseline Node', () => {
  it('is the one engines names, for the extension and for the sandbox', async () => {
    const { BASELINE_NODE } = await bootstrap();
    const wanted = `>=${BASELINE_NODE.major}.${BASELINE_NODE.minor}.0`;
    for (const file of ['package.json', join('sandbox', 'package.json')]) {
      const engines = JSON.parse(readFileSync(join(ROOT, file), 'utf8')).engines;
      assert.equal(engines.node, wanted, file);
    }
    assert.equal(BASELINE_NODE.major, 22);
  });

  it('reruns npm test and npm start only on an older Node', async () => {
    const { isBaselineNode } = await bootstrap();
    for (const older of ['20.20.2', '21.7.3', '22.18.0', '18.20.8']) assert.equal(isBaselineNode(older), false, older);
    for (const newer of ['22.19.0', '22.23.3', '23.0.0', '24.11.1', '26.1.0'])
      assert.equal(isBaselineNode(newer), true, newer);
  });

  it('types against the baseline, not a newer Node', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    const typesMajor = Number(String(lock.packages['node_modules/@types/node'].version).split('.')[0]);
    assert.equal(typesMajor, 22, '@types/node follows the baseline so no newer API slips in');
  });
});
