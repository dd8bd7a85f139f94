// `npm start` bootstrap: on a fresh clone install the dependencies, then hand over to start.ts (which provisions
// the editor, builds, starts the sandbox and the editor). Plain Node on purpose: it runs before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  const installed = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (installed.status !== 0) {
    console.error('start: npm ci failed; see above.');
    process.exit(installed.status ?? 1);
  }
}
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'test', 'harness', 'start.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Ctrl+C reaches both processes (same terminal group); a plain `kill` of this one is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
