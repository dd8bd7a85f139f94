// Entry point the extension host loads as `extensionTestsPath`: runs every *.test.js beside it with mocha and
// settles with the result (the workbench turns that into the runner's exit code).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';

import { SUITE_LINE_PREFIX } from '../../harness/suiteLine';

export async function run(): Promise<void> {
  const { default: Mocha } = await import('mocha');
  // The reporters print through Base.consoleLog with format arguments; collapse each call into one tagged line.
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const log = base.consoleLog;
  base.consoleLog = (...args: unknown[]) => console.log(`${SUITE_LINE_PREFIX}${format(...args)}`);
  try {
    const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 20_000, reporter: 'spec' });
    for (const file of readdirSync(__dirname)
      .filter((f) => f.endsWith('.test.js'))
      .sort())
      mocha.addFile(join(__dirname, file));
    await new Promise<void>((resolve, reject) => {
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
    }).catch((error: unknown) => {
      // A test file that cannot even load fails the run before any reporter line: say why.
      console.log(`${SUITE_LINE_PREFIX}${(error as Error).stack ?? String(error)}`);
      throw error;
    });
  } finally {
    base.consoleLog = log;
  }
}
