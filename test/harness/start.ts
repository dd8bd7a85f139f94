// `npm start [-- --desktop] [-- --scale large]`: builds the extension, starts the sandbox and an editor with the
// extension installed and configured for the sandbox, prints the URL, and stops everything on Ctrl+C.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { buildDevelopment, ROOT, startEditor, type RunningEditor } from './editor';
import { installCleanup, spawnTracked } from './processes';
import { toolsDir } from './provision';
import { sandboxEditorEnvironment, sandboxEditorSettings } from './sandboxConnection';

/** The sample project whose package the sandbox runs (sandbox/README.md): its faults land on these files. */
const SAMPLE_PROJECT = join(ROOT, 'sandbox', 'samples', 'Invoice.Processing');

const { values } = parseArgs({ options: { desktop: { type: 'boolean' }, scale: { type: 'string' } } });
if (values.scale !== undefined && values.scale !== 'small' && values.scale !== 'large') {
  console.error('start: --scale must be small or large.');
  process.exit(2);
}

async function main(): Promise<void> {
  const running: { sandbox?: RunningSandbox; editor?: RunningEditor } = {};
  installCleanup(async () => {
    console.log('\nstart: stopping…');
    await running.editor?.stop();
    await running.sandbox?.close();
  });
  buildDevelopment();
  const sandbox = (running.sandbox = await startSandbox({
    scale: values.scale as 'small' | 'large' | undefined,
    stateFile: join(toolsDir, 'sandbox-state.json'),
  }));
  console.log(`start: sandbox ${sandbox.url} (users: admin, developer, viewer, outsider)`);
  console.log(`start: idea service ${sandbox.ideasUrl}`);
  console.log(`start:   API token ${sandbox.ideasToken}   app key ${sandbox.ideasAppKey}`);
  console.log("start:   (already set for the sandbox connection; new at every start; also on the sandbox's home page)");

  if (values.desktop) {
    if (spawnSync('code', ['--version'], { stdio: 'ignore' }).status !== 0)
      throw new Error('--desktop needs the `code` command on PATH.');
    const userData = join(toolsDir, 'run', 'desktop', 'user-data');
    mkdirSync(join(userData, 'User'), { recursive: true });
    writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(sandboxEditorSettings(sandbox), null, 2));
    const workspace = join(toolsDir, 'run', 'desktop', 'workspace');
    rmSync(workspace, { recursive: true, force: true });
    cpSync(SAMPLE_PROJECT, join(workspace, 'Invoice.Processing'), { recursive: true });
    spawnTracked(
      'code',
      ['--new-window', '--wait', `--user-data-dir=${userData}`, `--extensionDevelopmentPath=${ROOT}`, workspace],
      { stdio: 'inherit', env: { ...process.env, ...sandboxEditorEnvironment(sandbox) } },
    );
    console.log('start: VS Code opened with Orchestrator Workbench in development mode. Ctrl+C stops everything.');
    return;
  }
  const editor = (running.editor = await startEditor({
    name: 'start',
    installExtension: true,
    settings: sandboxEditorSettings(sandbox),
    env: sandboxEditorEnvironment(sandbox),
    workspaceProjects: [SAMPLE_PROJECT],
  }));
  console.log(`start: open ${editor.workbenchUrl()}`);
  console.log('start: Ctrl+C stops the editor and the sandbox.');
}

main().catch((error: unknown) => {
  console.error(`start: ${(error as Error).message}`);
  process.exit(1);
});
