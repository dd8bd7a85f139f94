// `npm test`: a complete first command on a fresh clone, like `npm start`. It installs the dependencies when they
// are missing, then runs every layer in order (`npm run test:all`); the editor suites provision the editor themselves.
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './dependencies.mjs';

ensureDependencies('test');
const child = spawn('npm', ['run', '--silent', 'test:all'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => child.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
