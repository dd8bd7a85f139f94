// `npm start` bootstrap: on a Node older than the baseline run again under a private Node 22; on a fresh clone
// install the dependencies, then hand over to start.ts (which provisions the editor, builds, starts the sandbox and
// the editor).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, forwardSignals, rerunOnBaselineNode, root } from './dependencies.mjs';

if (!rerunOnBaselineNode('start')) {
  ensureDependencies('start');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'test', 'harness', 'start.ts'), ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit' },
  );
  forwardSignals(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
