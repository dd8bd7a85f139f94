// What `npm start` and `npm test` do first on a fresh clone: install the locked dependencies. Plain Node on purpose:
// it runs before node_modules exists. Idempotent: it installs only when node_modules is missing or older than the lock.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** True when `npm ci` is needed: no installed tree, or a lock file changed since the tree was installed. */
export function dependenciesMissing() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return true;
  return statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs;
}

/** Installs the locked dependencies when missing; exits the process with npm's status when that fails. */
export function ensureDependencies(who) {
  if (!dependenciesMissing()) return;
  console.log(`${who}: installing dependencies (npm ci)…`);
  const installed = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (installed.status !== 0) {
    console.error(`${who}: npm ci failed; see above.`);
    process.exit(installed.status ?? 1);
  }
}
