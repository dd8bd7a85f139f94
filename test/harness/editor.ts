import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { buildDevelopment } from './build';
import { startEditorFront } from './editorFront';
import { provision, toolsDir } from './provision';

export { buildDevelopment };
import { spawnTracked, stopProcess } from './processes';
import { preparePseudoLocale } from './pseudoLocale';

export const ROOT = join(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface EditorOptions {
  /** A name for the run folder under .tools/run (wiped at start). */
  name: string;
  /** User settings written into the editor's own user-data dir, never the user's real settings. */
  settings?: Record<string, unknown>;
  /** Needed to run an extension-host test suite: the workbench then reports the suite's exit code. */
  smokeTestDriver?: boolean;
  /** Copy the built extension into the editor's extensions dir (as a user would have it installed). */
  installExtension?: boolean;
  /** Install this .vsix the way a user does (`--install-extension`), instead of copying the build. */
  vsix?: string;
  /** Extra environment for the editor and so for the extension host (e.g. the sandbox URL for tests). */
  env?: Record<string, string>;
  /** Print the editor's own output (npm start); tests keep it quiet. */
  verbose?: boolean;
  /**
   * Workspace trust as a user has it by default (the editor asks whether to trust the folder). Off otherwise: the
   * suites open a folder of their own, and the question would stand in front of every journey.
   */
  workspaceTrust?: boolean;
  /** The workspace folder's own `.vscode/settings.json` (what a cloned repository may carry). */
  workspaceSettings?: Record<string, unknown>;
  /** Folders copied into the workspace folder (each under its own name) before the editor opens it. */
  workspaceProjects?: string[];
  /** Run in the pseudo-locale (test/harness/pseudoLocale.ts); needs `installExtension`. */
  pseudoLocale?: boolean;
  /** Sites opened without the editor's "open the external website?" question (loopback ones never ask). */
  trustedDomains?: string[];
}

export interface RunningEditor {
  url: string;
  port: number;
  workspace: string;
  runDir: string;
  /** `http://127.0.0.1:<port>/?folder=<workspace>` plus an optional payload. */
  workbenchUrl(payload?: [string, string][]): string;
  stop(): Promise<void>;
}

const BASE_SETTINGS = {
  'chat.disableAIFeatures': true,
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  // Get Started opens on a first run; the journeys share one editor and start elsewhere (installed.test.ts opens it).
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
};

/** Where `npm run package` writes the .vsix. */
export const PACKAGED_VSIX = join(ROOT, 'dist', 'orchestrator-workbench.vsix');

/**
 * The .vsix as a release is made: the README's `npm run package` (vsce's prepublish builds the production bundle
 * into dist/). The development build then goes back into dist/, for the runs that follow. Returns its path.
 */
export function packageVsix(): string {
  const packaged = spawnSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
  try {
    if (packaged.status !== 0) throw new Error(`npm run package failed:\n${packaged.stdout}\n${packaged.stderr}`);
    return PACKAGED_VSIX;
  } finally {
    buildDevelopment('ignore');
  }
}

/** Copies the built extension (the files the .vsix would hold) into an extensions dir; `dist` is the build to ship. */
export function installBuiltExtension(extensionsDir: string, dist = join(ROOT, 'dist')): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
    version: string;
  };
  const target = join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const entry of ['package.json', 'package.nls.json', 'l10n', 'README.md', 'CHANGELOG.md', 'LICENSE', 'media'])
    cpSync(join(ROOT, entry), join(target, entry), { recursive: true });
  // As .vscodeignore: the bundles only (no source maps, no packaged .vsix).
  const shipped = (path: string) =>
    path === dist ||
    path === join(dist, 'webviews') ||
    path === join(dist, 'extension.mjs') ||
    path === join(dist, 'chunks') ||
    (path.startsWith(join(dist, 'chunks')) && path.endsWith('.mjs')) ||
    (path.startsWith(join(dist, 'webviews')) && path.endsWith('.js'));
  cpSync(dist, join(target, 'dist'), { recursive: true, filter: shipped });
  return target;
}

/** `code-server --install-extension <vsix>` into the run's own folders, as a user installs a downloaded .vsix. */
function installVsix(
  tools: { node: string; codeServer: string },
  vsix: string,
  dirs: { userData: string; extensions: string; config: string; data: string; tmp: string },
): void {
  const result = spawnSync(
    tools.node,
    [
      tools.codeServer,
      '--install-extension',
      vsix,
      '--extensions-dir',
      dirs.extensions,
      '--user-data-dir',
      dirs.userData,
    ],
    {
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        ...process.env,
        XDG_CONFIG_HOME: dirs.config,
        XDG_DATA_HOME: dirs.data,
        TMPDIR: dirs.tmp,
        NODE_OPTIONS: '',
      },
    },
  );
  if (result.status !== 0)
    throw new Error(`installing ${vsix} failed (${result.status ?? result.signal}): ${result.stdout}${result.stderr}`);
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs / 1000} s`);
}

/**
 * Starts code-server with every piece of state under .tools/run/<name>, behind a front on an ephemeral loopback port
 * that answers only its own Host and Origin (editorFront.ts).
 */
export async function startEditor(options: EditorOptions): Promise<RunningEditor> {
  const tools = provision();
  const runDir = join(toolsDir, 'run', options.name);
  rmSync(runDir, { recursive: true, force: true });
  const dirs = {
    userData: join(runDir, 'user-data'),
    extensions: join(runDir, 'extensions'),
    config: join(runDir, 'config'),
    data: join(runDir, 'data'),
    tmp: join(runDir, 'tmp'),
    workspace: join(runDir, 'workspace'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  const trust = options.workspaceTrust ? { 'security.workspace.trust.enabled': true } : {};
  writeFileSync(
    join(dirs.userData, 'User', 'settings.json'),
    JSON.stringify({ ...BASE_SETTINGS, ...trust, ...options.settings }, null, 2),
  );
  if (options.workspaceSettings) {
    mkdirSync(join(dirs.workspace, '.vscode'), { recursive: true });
    writeFileSync(join(dirs.workspace, '.vscode', 'settings.json'), JSON.stringify(options.workspaceSettings, null, 2));
  }
  for (const project of options.workspaceProjects ?? [])
    cpSync(project, join(dirs.workspace, basename(project)), { recursive: true });
  writeFileSync(
    join(dirs.workspace, 'README.md'),
    '# Orchestrator Workbench sandbox workspace\n\nOpen the Orchestrator view in the activity bar.\n',
  );
  const installed = options.installExtension ? installBuiltExtension(dirs.extensions) : undefined;
  if (options.vsix) installVsix(tools, options.vsix, dirs);
  const localeArgs =
    options.pseudoLocale && installed ? preparePseudoLocale(dirs.userData, dirs.extensions, installed) : [];
  // code-server listens on a private port behind the front (editorFront.ts), which answers only its own Host.
  const privatePort = await freePort();
  const configFile = join(runDir, 'config.yaml');
  writeFileSync(configFile, `bind-addr: 127.0.0.1:${privatePort}\nauth: none\ncert: false\n`);
  const args = [
    tools.codeServer,
    '--bind-addr',
    `127.0.0.1:${privatePort}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--ignore-last-opened',
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--config',
    configFile,
    ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(options.trustedDomains ?? []).flatMap((domain) => ['--link-protection-trusted-domains', domain]),
    ...localeArgs,
  ];
  const child = spawnTracked(tools.node, args, {
    cwd: runDir,
    env: {
      // A user's installed copy knows no sandbox: an address set in this shell must not reach it.
      ...(options.vsix
        ? Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ORCHESTRATOR_SANDBOX')))
        : process.env),
      ...options.env,
      XDG_CONFIG_HOME: dirs.config,
      XDG_DATA_HOME: dirs.data,
      TMPDIR: dirs.tmp,
      NODE_OPTIONS: '',
    },
    stdio: options.verbose ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const front = await startEditorFront(privatePort);
  const port = front.port;
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await front.close();
    await stopProcess(child);
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return {
    url,
    port,
    workspace: dirs.workspace,
    runDir,
    workbenchUrl: (payload) =>
      `${url}/?folder=${encodeURIComponent(dirs.workspace)}${payload ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : ''}`,
    stop,
  };
}
