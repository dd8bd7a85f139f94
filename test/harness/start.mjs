// `npm start` bootstrap: on a fresh clone install the dependencies, then hand over to start.ts (which provisions
// the editor, builds, starts the sandbox and the editor).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root } from './dependencies.mjs';

ensureDependencies('start');
const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'test', 'harness', 'start.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
// Ctrl+C reaches both processes (same terminal group); a plain `kill` of this one is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => child.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
