// The editor suites' files run in one process, one after another (integration) or in one world (UI). A hook (before,
// beforeEach, after…) registered at a file's top level is a root hook: it runs around every test of every file, so
// one file's sign-in or sign-out lands in all the others. A suite's hooks belong inside its describe.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SUITES = ['test/integration/suite', 'test/e2e'];

/** Lines of a test file that register hooks at its top level: a call other than describe, or a `…Suite()` made there. */
function topLevelHooks(source: string): string[] {
  return source
    .split('\n')
    .filter(
      (line) =>
        (/^[A-Za-z_$][\w$]*\s*\(/.test(line) && !/^describe\s*\(/.test(line)) ||
        /^(?:export\s+)?(?:const|let|var)\s+\w+\s*=\s*[\w$.]*Suite\s*\(/.test(line),
    );
}

describe('editor suites', () => {
  it('register hooks inside a describe, never at a file’s top level', () => {
    assert.deepEqual(topLevelHooks("const suite = toolSuite();\ndescribe('x', () => {});"), [
      'const suite = toolSuite();',
    ]);
    assert.deepEqual(topLevelHooks('beforeEach(() => resetTally());\nprintConsoleOnFailure();'), [
      'beforeEach(() => resetTally());',
      'printConsoleOnFailure();',
    ]);
    assert.deepEqual(
      topLevelHooks("describe('x', () => {\n  const suite = toolSuite();\n  before(() => undefined);\n});"),
      [],
    );
    const offenders = SUITES.flatMap((dir) =>
      readdirSync(join(ROOT, dir))
        .filter((name) => name.endsWith('.test.ts'))
        .flatMap((name) =>
          topLevelHooks(readFileSync(join(ROOT, dir, name), 'utf8')).map(
            (line) => `${relative(ROOT, join(ROOT, dir, name))}: ${line}`,
          ),
        ),
    );
    assert.deepEqual(offenders, []);
  });
});
