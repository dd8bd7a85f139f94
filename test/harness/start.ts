// `npm start [-- --desktop] [-- --scale large]`: builds the extension, starts the sandbox and an editor with the
// extension installed and configured for the sandbox, prints the URL, and stops everything on Ctrl+C.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox, type RunningSandbox } from '../sandbox/index';
import { ROOT, startEditor, type RunningEditor } from './editor';
import { installCleanup, spawnTracked } from './processes';
import { toolsDir } from './provision';

const { values } = parseArgs({ options: { desktop: { type: 'boolean' }, scale: { type: 'string' } } });
if (values.scale !== undefined && values.scale !== 'small' && values.scale !== 'large') {
  console.error('start: --scale must be small or large.');
  process.exit(2);
}

/** The sandbox as a connection in the editor's own settings (no secrets: sign-in keeps tokens in SecretStorage). */
function sandboxSettings(sandbox: RunningSandbox): Record<string, unknown> {
  return {
    // The run folder sits inside this repository: without this, Git offers to open the parent repository.
    'git.openRepositoryInParentFolders': 'never',
    'orchestrator.connections': [
      {
        label: 'Sandbox (main)', kind: 'cloud', serviceUrl: sandbox.url, identityUrl: sandbox.identityUrl, account: 'sandbox', tenant: 'main',
        clientId: 'orchestrator-workbench', scopes: 'openid profile offline_access email', audience: sandbox.url, protection: 'normal',
      },
    ],
  };
}

/**
 * What the extension host is started with: the sandbox's address and its idea-service credentials. The extension
 * stores the credentials in SecretStorage for the connection whose service URL is that address (never in settings),
 * so the Ideas view works at once. An environment variable, because only whoever starts the editor sets it.
 */
function sandboxEnvironment(sandbox: RunningSandbox): Record<string, string> {
  return { ORCHESTRATOR_SANDBOX_URL: sandbox.url, ORCHESTRATOR_SANDBOX_IDEAS: JSON.stringify({ token: sandbox.ideasToken, appKey: sandbox.ideasAppKey }) };
}

async function main(): Promise<void> {
  const running: { sandbox?: RunningSandbox; editor?: RunningEditor } = {};
  installCleanup(async () => {
    console.log('\nstart: stopping…');
    await running.editor?.stop();
    await running.sandbox?.close();
  });
  const built = spawnSync(process.execPath, [join(ROOT, 'esbuild.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the extension build failed');
  const sandbox = (running.sandbox = await startSandbox({ scale: values.scale as 'small' | 'large' | undefined, stateFile: join(toolsDir, 'sandbox-state.json') }));
  console.log(`start: sandbox ${sandbox.url} (users: admin, developer, viewer, outsider)`);
  console.log(`start: idea service ${sandbox.ideasUrl}`);
  console.log(`start:   API token ${sandbox.ideasToken}   app key ${sandbox.ideasAppKey}`);
  console.log('start:   (already set for the sandbox connection; new at every start; also on the sandbox\'s home page)');

  if (values.desktop) {
    if (spawnSync('code', ['--version'], { stdio: 'ignore' }).status !== 0) throw new Error('--desktop needs the `code` command on PATH.');
    const userData = join(toolsDir, 'run', 'desktop', 'user-data');
    mkdirSync(join(userData, 'User'), { recursive: true });
    writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(sandboxSettings(sandbox), null, 2));
    spawnTracked('code', ['--new-window', '--wait', `--user-data-dir=${userData}`, `--extensionDevelopmentPath=${ROOT}`], { stdio: 'inherit', env: { ...process.env, ...sandboxEnvironment(sandbox) } });
    console.log('start: VS Code opened with Orchestrator Workbench in development mode. Ctrl+C stops everything.');
    return;
  }
  const editor = (running.editor = await startEditor({ name: 'start', installExtension: true, settings: sandboxSettings(sandbox), env: sandboxEnvironment(sandbox) }));
  console.log(`start: open ${editor.workbenchUrl()}`);
  console.log('start: Ctrl+C stops the editor and the sandbox.');
}

main().catch((error: unknown) => {
  console.error(`start: ${(error as Error).message}`);
  process.exit(1);
});
