// What `npm start` and `npm test` do first on a fresh clone: run on the baseline Node, then install the locked
// dependencies. Plain Node on purpose: it runs before node_modules exists, on whatever Node the machine has.
// Idempotent: each step does its work only when it is missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The oldest Node the tools run on (`engines.node` in package.json says the same; a unit test ties the two). */
export const BASELINE_NODE = { major: 22, minor: 19 };

/** True when this Node is at least the baseline. */
export function isBaselineNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > BASELINE_NODE.major || (major === BASELINE_NODE.major && minor >= BASELINE_NODE.minor);
}

/** Where a private baseline Node lives when the machine's is older (ignored by git, like the editor's tools). */
export const baselineNodeDir = join(root, '.tools', `node-${BASELINE_NODE.major}`);
const baselineNodeBin = join(baselineNodeDir, 'node_modules', 'node', 'bin');

/**
 * Installs Node 22 from the npm registry into .tools/node-22 (its package carries the platform binary; nothing else is
 * fetched). npm's cache and config stay under .tools/npm, as for the editor's tools.
 */
function provisionBaselineNode(who) {
  const marker = join(baselineNodeDir, '.provisioned');
  const wanted = String(BASELINE_NODE.major);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted && existsSync(join(baselineNodeBin, 'node')))
    return;
  console.log(`${who}: this machine has Node ${process.versions.node}; installing Node ${wanted} into .tools (once)…`);
  const npmDir = join(root, '.tools', 'npm');
  mkdirSync(npmDir, { recursive: true });
  mkdirSync(baselineNodeDir, { recursive: true });
  const userconfig = join(npmDir, 'npmrc');
  if (!existsSync(userconfig)) writeFileSync(userconfig, 'fund=false\naudit=false\nupdate-notifier=false\n');
  writeFileSync(
    join(baselineNodeDir, 'package.json'),
    JSON.stringify({ name: 'tool', private: true, allowScripts: { node: true } }),
  );
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))),
    npm_config_cache: join(npmDir, 'cache'),
    npm_config_userconfig: userconfig,
    npm_config_logs_dir: join(npmDir, 'logs'),
  };
  const args = ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${wanted}`];
  const installed = spawnSync('npm', args, { cwd: baselineNodeDir, env, stdio: 'inherit' });
  if (installed.status !== 0 || !existsSync(join(baselineNodeBin, 'node'))) {
    console.error(`${who}: could not install Node ${wanted}; install Node.js ≥ 22.19 yourself and run again.`);
    process.exit(installed.status || 1);
  }
  writeFileSync(marker, wanted);
}

/**
 * On a Node older than the baseline, runs this same script again under the private baseline Node (first on PATH, so
 * npm and every tool it starts use it too) and returns true; the caller then does nothing else. False on a baseline
 * Node: carry on.
 */
export function rerunOnBaselineNode(who) {
  if (isBaselineNode()) return false;
  provisionBaselineNode(who);
  const child = spawn(join(baselineNodeBin, 'node'), process.argv.slice(1), {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { ...process.env, PATH: `${baselineNodeBin}:${process.env.PATH}` },
  });
  forwardSignals(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}

/** Ctrl+C reaches every process of the terminal group; a plain `kill` of this one is passed on. */
export function forwardSignals(child) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => child.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
}

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
