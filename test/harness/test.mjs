// `npm test`: a complete first command on a fresh clone, like `npm start`. On a Node older than the baseline it runs
// again under a private Node 22; it installs the dependencies when they are missing, then runs every layer in order
// (`npm run test:all`); the editor suites provision the editor themselves.
import { spawn } from 'node:child_process';
import { ensureDependencies, forwardSignals, rerunOnBaselineNode, root } from './dependencies.mjs';

if (!rerunOnBaselineNode('test')) {
  ensureDependencies('test');
  const child = spawn('npm', ['run', '--silent', 'test:all'], { cwd: root, stdio: 'inherit' });
  forwardSignals(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
