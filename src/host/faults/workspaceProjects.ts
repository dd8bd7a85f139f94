import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import * as vscode from 'vscode';
import type { ProjectFiles } from '../../core/faults/faultLocations';
import {
  MAX_PROJECT_JSON_CHARS,
  PROJECT_FILE_NAME,
  readProjectDefinition,
  type ProjectDefinition,
} from '../../core/faults/projectDefinition';
import { formatNumber, t } from '../../core/l10n';
import { projectFiles, type FolderAccess, type FolderEntry } from './projectFiles';

// The workspace's robot projects: each `project.json` (a bounded number of them) inside a workspace folder, its
// definition read, and its folder's files behind the bounded adapter.

/** project.json files looked at: a workspace with more is a monorepo of projects, and these are enough to match. */
export const MAX_PROJECTS = 50;

export interface WorkspaceProject {
  readonly definition: ProjectDefinition;
  /** The folder that holds its project.json. */
  readonly folder: vscode.Uri;
  readonly files: ProjectFiles;
}

const kindOf = (type: vscode.FileType): FolderEntry['kind'] =>
  type & vscode.FileType.Directory ? 'directory' : type & vscode.FileType.File ? 'file' : 'other';

/** `to` relative to `from`, `/`-separated (`../…` or absolute when it is outside). */
function relativeTo(from: string, to: string): string {
  const path = relative(from, to);
  return isAbsolute(path) ? path : path.split(sep).join('/');
}

/** The editor's file system under a folder; real paths through the disk for local files (links are only seen there). */
function folderAccess(folder: vscode.Uri): FolderAccess {
  const at = (path: string) => (path === '' ? folder : vscode.Uri.joinPath(folder, ...path.split('/')));
  return {
    async readDirectory(path) {
      return (await vscode.workspace.fs.readDirectory(at(path))).map(([name, type]) => ({
        name,
        kind: kindOf(type),
        link: (type & vscode.FileType.SymbolicLink) !== 0,
      }));
    },
    async size(path) {
      const stat = await vscode.workspace.fs.stat(at(path));
      return stat.type & vscode.FileType.File ? stat.size : undefined;
    },
    readFile: (path) => Promise.resolve(vscode.workspace.fs.readFile(at(path))),
    async realPath(path) {
      if (folder.scheme !== 'file') return path; // a virtual file system shows no links
      return relativeTo(await realpath(folder.fsPath), await realpath(at(path).fsPath));
    },
  };
}

/** Whether a project folder is really inside the workspace folder that lists it (not a link out of it). */
async function insideWorkspaceFolder(project: vscode.Uri, workspaceFolder: vscode.Uri): Promise<boolean> {
  if (project.scheme !== 'file') return true;
  const path = relativeTo(await realpath(workspaceFolder.fsPath), await realpath(project.fsPath));
  return path === '' || (!isAbsolute(path) && path !== '..' && !path.startsWith('../'));
}

/** The workspace's projects; a project.json that cannot be used is a line in the log (`problem`), never a throw. */
export async function workspaceProjects(problem: (message: string) => void): Promise<WorkspaceProject[]> {
  const found = await vscode.workspace.findFiles(
    `**/${PROJECT_FILE_NAME}`,
    '**/{node_modules,.git,bin,obj}/**',
    MAX_PROJECTS,
  );
  const projects: WorkspaceProject[] = [];
  for (const uri of found) {
    const workspaceFolder = vscode.workspace.getWorkspaceFolder(uri);
    const folder = vscode.Uri.joinPath(uri, '..');
    try {
      if (!workspaceFolder || !(await insideWorkspaceFolder(folder, workspaceFolder.uri))) continue;
      const stat = await vscode.workspace.fs.stat(uri);
      // Up to 4 bytes per character: beyond this it is refused unread.
      if (stat.size > MAX_PROJECT_JSON_CHARS * 4) {
        problem(t('{0}: {1} bytes, not read.', uri.toString(), formatNumber(stat.size)));
        continue;
      }
      const read = readProjectDefinition(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      if (read.ok) projects.push({ definition: read.definition, folder, files: projectFiles(folderAccess(folder)) });
      else problem(`${uri.toString()}: ${read.reason}`);
    } catch (error) {
      problem(`${uri.toString()}: ${String(error)}`);
    }
  }
  return projects;
}
