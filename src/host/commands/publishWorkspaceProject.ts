import { access, constants, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { MAX_PROJECT_JSON_CHARS, readProjectDefinition } from '../../core/faults/projectDefinition';
import { t } from '../../core/l10n';
import { plainText } from '../../core/presentation/plainText';
import { confirmed } from '../guards/confirmed';
import { nls } from './contribution';
import type { CommandDefinition, CommandRun } from './registry';
import { uploadPackageFile, type UploadOutcome, type UploadUses } from './uploadPackage';

/**
 * The packing tool a robot developer has: the platform's CLI, `uipcli` (UiPath CLI; a dotnet tool on Linux and
 * macOS, uipcli.exe on Windows). Its `package pack <project.json> -o <folder>` writes the .nupkg Studio would publish.
 */
const TOOL = 'uipcli';
const TOOL_NAMES = process.platform === 'win32' ? [`${TOOL}.exe`, `${TOOL}.cmd`] : [TOOL];
const MAX_PROJECTS_LISTED = 20;

/** The tool's path, looked up in PATH as a shell would (the first executable found); undefined when absent. */
export async function findPackingTool(path = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const folder of path.split(delimiter).filter(Boolean))
    for (const name of TOOL_NAMES) {
      const candidate = join(folder, name);
      try {
        // A folder of the tool's name (where its zip was unpacked) passes X_OK too; a shell skips it, and so does this.
        await access(candidate, constants.X_OK);
        if ((await stat(candidate)).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  return undefined;
}

/** The arguments the tool runs with: what the user is shown before it runs, and what runs. */
export const packArguments = (projectJson: string, outputFolder: string) => [
  'package',
  'pack',
  projectJson,
  '-o',
  outputFolder,
];

const quoted = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `"${arg.replace(/(["\\$`])/g, '\\$1')}"`);

/** The command line the user is shown before it runs: as a POSIX shell would read it (spaces quoted, no expansion). */
export const commandLineOf = (tool: string, args: string[]) => [tool, ...args].map(quoted).join(' ');

/** The workspace's robot projects (project.json files that read as a definition), a few at most. */
async function workspaceProjects(): Promise<{ uri: vscode.Uri; name: string; version?: string }[]> {
  const found = await vscode.workspace.findFiles('**/project.json', '**/node_modules/**', MAX_PROJECTS_LISTED);
  const projects: { uri: vscode.Uri; name: string; version?: string }[] = [];
  for (const uri of found) {
    const { size } = await vscode.workspace.fs.stat(uri);
    if (size > MAX_PROJECT_JSON_CHARS) continue;
    const read = readProjectDefinition(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    if (read.ok && read.definition.main !== undefined)
      projects.push({ uri, name: read.definition.name, version: read.definition.projectVersion });
  }
  return projects;
}

/** Runs the tool as a task the user can watch in the terminal; resolves with its exit code. */
async function runTask(tool: string, args: string[], cwd: string, token: vscode.CancellationToken): Promise<number> {
  const task = new vscode.Task(
    { type: 'process', command: tool }, // l10n: code (a task definition)
    vscode.TaskScope.Workspace,
    t('Pack project'),
    'Orchestrator', // l10n: code (the task's source)
    new vscode.ProcessExecution(tool, args, { cwd }),
  );
  // Listened to before the task starts: a tool that ends at once may end before executeTask's promise settles.
  const early: vscode.TaskProcessEndEvent[] = [];
  let settle: ((event: vscode.TaskProcessEndEvent) => void) | undefined;
  const ended = vscode.tasks.onDidEndTaskProcess((event) => (settle ? settle(event) : early.push(event)));
  try {
    const execution = await vscode.tasks.executeTask(task);
    return await new Promise<number>((resolve) => {
      const cancelled = token.onCancellationRequested(() => execution.terminate());
      settle = (event) => {
        if (event.execution !== execution) return;
        cancelled.dispose();
        resolve(event.exitCode ?? -1);
      };
      for (const event of early) settle(event);
    });
  } finally {
    ended.dispose();
  }
}

/**
 * Publish Workspace Project…: the workspace's project (project.json) packed by the platform's CLI found on PATH, the
 * exact command said first, run as a task, then the .nupkg it wrote uploaded as Upload Package does. Without the tool
 * it says so, and what to install; nothing is sent.
 */
export const publishWorkspaceProject: CommandDefinition<UploadUses> = {
  id: CommandId.publishWorkspaceProject,
  contributes: {
    title: nls('Publish Workspace Project…'),
    icon: '$(package)',
    palette: 'signedIn',
    changes: true,
  },
  title: t('Publish Workspace Project'),
  asksFirst: true,
  async run(run) {
    const { ctx } = run;
    // The prompts first: the workspace's projects are read only once there is someone to ask.
    const { input } = ctx;
    const projects = await workspaceProjects();
    if (projects.length === 0)
      throw new Error(t('The workspace holds no project (a project.json with a "main" workflow) to publish.'));
    const project =
      projects.length === 1
        ? projects[0]
        : await input.pick(
            projects.map((p) => ({
              label: plainText(p.name),
              description: p.version,
              detail: vscode.workspace.asRelativePath(p.uri),
              ...p,
            })),
            { title: t('Publish which project?') },
          );
    if (!project) return undefined;
    const tool = await findPackingTool();
    if (!tool)
      throw new Error(
        t(
          'No packing tool was found on PATH: Publish Workspace Project runs the UiPath CLI ("{0}"). Install it (the UiPath.CLI tool for your platform), make sure "{0}" is on PATH, and restart the editor. Nothing was sent.',
          TOOL,
        ),
      );
    const output = await mkdtemp(join(tmpdir(), 'orchestrator-pack-'));
    try {
      return await packAndUpload(run, project, tool, output);
    } finally {
      // The package is uploaded (or not) by now: its folder goes, whatever happened.
      await rm(output, { recursive: true, force: true }).catch(() => undefined);
    }
  },
};

/** Asks, runs the tool into `output` and uploads the one package it wrote. */
async function packAndUpload(
  run: CommandRun<UploadUses>,
  project: { readonly uri: vscode.Uri; readonly name: string; readonly version?: string },
  tool: string,
  output: string,
): Promise<UploadOutcome | undefined> {
  const { ctx, token } = run;
  const { input } = ctx;
  const args = packArguments(project.uri.fsPath, output);
  const commandLine = commandLineOf(tool, args);
  const pack = await confirmed(input, {
    message: t('Pack {0} {1}, then upload the package?', project.name, project.version ?? ''),
    detail: t('This runs: {0}', commandLine),
    actions: [t('Pack and Upload')],
    modal: true,
  });
  if (!pack) return undefined;
  ctx.log.info(t('Running: {0}', commandLine));
  const exitCode = await runTask(tool, args, join(project.uri.fsPath, '..'), token);
  if (token.isCancellationRequested) return undefined;
  if (exitCode !== 0)
    throw new Error(t('{0} ended with exit code {1}: see its terminal. Nothing was uploaded.', TOOL, exitCode));
  const written = (await vscode.workspace.fs.readDirectory(vscode.Uri.file(output))).filter(([name]) =>
    name.toLowerCase().endsWith('.nupkg'),
  );
  if (written.length !== 1)
    throw new Error(t('{0} wrote {1} package(s); expected one. Nothing was uploaded.', TOOL, written.length));
  return uploadPackageFile(run, vscode.Uri.joinPath(vscode.Uri.file(output), written[0]![0]));
}
