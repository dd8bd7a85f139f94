// `npm run bench` runs in plain Node, where no `vscode` module exists: the unit layer's stub would hide a bench module
// that loads the extension's views before the bench installs its own stub. Run as the script runs it, it must load
// every module and get as far as refusing an unknown section.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

describe('the bench', () => {
  it('loads all its modules in plain Node and refuses an unknown section, naming the sections', function () {
    this.timeout(60_000);
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'test', 'bench', 'run.ts'), '--only=nosuch'],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    assert.doesNotMatch(run.stderr, /Cannot find module|MODULE_NOT_FOUND/, run.stderr.slice(0, 2000));
    assert.match(run.stderr, /Unknown section\(s\): nosuch\. Sections: node, tree,/);
    assert.equal(run.status, 2);
  });
});
