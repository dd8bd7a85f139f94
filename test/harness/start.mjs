// `npm start`: installs what is missing, builds the extension, starts the sandbox and runs VS Code with the
// extension in development mode when `code` is on PATH. Ctrl+C stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`start: '${command} ${args.join(' ')}' failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
};

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) run('npm', ['ci', '--no-audit', '--no-fund']);
run(process.execPath, [join(root, 'esbuild.mjs')]);

const children = [];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stopAll();
  process.exit(0);
});
process.on('SIGTERM', () => {
  stopAll();
  process.exit(0);
});

const sandbox = spawn(process.execPath, ['--import', 'tsx', join(root, 'test', 'sandbox', 'cli.ts'), ...process.argv.slice(2)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
children.push(sandbox);
sandbox.on('exit', (code) => {
  console.error(`start: the sandbox exited (${code}).`);
  stopAll();
  process.exit(code ?? 1);
});

for await (const line of createInterface({ input: sandbox.stdout })) {
  console.log(line);
  if (!line.startsWith('ideas-app-key ')) continue;
  const code = spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
  if (code) {
    const editor = spawn('code', ['--new-window', `--extensionDevelopmentPath=${root}`], { cwd: root, stdio: 'inherit' });
    children.push(editor);
    console.log('start: VS Code opened with Orchestrator Workbench in development mode. Ctrl+C stops the sandbox.');
  } else {
    console.log(`start: the sandbox is running. Open this folder in VS Code and press F5 (Run Extension) to try the extension.`);
    console.log('start: Ctrl+C stops the sandbox.');
  }
}
