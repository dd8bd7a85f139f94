import type { Connection } from '../../../core/connections';
import type { FolderContext } from '../../../core/http/connection';
import { eq } from '../../../core/odata/filter';
import type { Job, Package, Release } from '../../../core/orchestrator/schemas';
import type { Ctx } from '../../../ctx';
import { pickConnection } from '../pickConnection';
import { pickFolder } from '../pickFolder';

/** Where a job is started and which processes may be chosen. */
export interface Target {
  connection: Connection;
  folder: FolderContext;
  folderLabel: string;
  candidates: Release[];
  /** Run Again: the arguments of the job it repeats. */
  previous?: Record<string, unknown>;
}

/** Which processes the command can start, from the row it was run on (or from pickers on the palette). */
export async function targetOf(ctx: Ctx, node: unknown, signal: AbortSignal): Promise<Target | undefined> {
  const value = (node as { value?: { connection?: Connection; folder?: FolderContext; release?: Release; package?: Package; job?: Job } } | undefined)?.value;
  if (node !== undefined && !(value?.connection && value.folder && (value.release || value.package || value.job))) throw new Error('Choose a process, a package or a job in the Orchestrator view, or run Start Job from the Command Palette.');
  if (value?.connection && value.folder) {
    const { connection, folder } = value;
    const folderLabel = folderLabelOf(ctx, connection, folder);
    const releases = ctx.clientFor(connection).releases;
    if (value.release) return { connection, folder, folderLabel, candidates: [value.release] };
    if (value.package) {
      const candidates = (await releases.list({ folder, signal, query: { filter: eq('ProcessKey', value.package.Id), orderBy: [{ path: 'Name' }], top: 1000 } })).items;
      if (candidates.length === 0) throw new Error(`No process in ${folderLabel} runs ${value.package.Id}. Deploy it as a process first, then start it.`);
      return { connection, folder, folderLabel, candidates };
    }
    if (value.job) return runAgain(ctx, connection, folder, folderLabel, value.job, signal);
  }
  // The palette: connection, then folder (the active one first), then the process is the first step.
  const connection = await pickConnection(ctx, undefined, 'Start a job on which connection?', (c) => Boolean(ctx.accountFor(c.id)));
  if (!connection) return undefined;
  const client = ctx.clientFor(connection);
  const folderPick = await pickFolder(ctx, connection, 'Start Job: folder', signal);
  if (!folderPick) return undefined;
  const folder = { id: folderPick.id };
  const candidates = (await client.releases.list({ folder, signal, query: { orderBy: [{ path: 'Name' }], top: 1000 } })).items;
  if (candidates.length === 0) throw new Error(`There are no processes in ${folderPick.label}. Deploy a package as a process first.`);
  return { connection, folder, folderLabel: folderPick.label, candidates };
}

/** Run Again from a job row: its process (by name, as the job names it) and the arguments it ran with. */
async function runAgain(ctx: Ctx, connection: Connection, folder: FolderContext, folderLabel: string, job: Job, signal: AbortSignal): Promise<Target> {
  const client = ctx.clientFor(connection);
  const [full, found] = await Promise.all([client.jobs.get(job.Key, { folder, signal }), client.releases.list({ folder, signal, query: { filter: eq('Name', job.ReleaseName ?? ''), top: 1 } })]);
  const release = found.items[0];
  if (!release) throw new Error(`The process ${job.ReleaseName ?? ''} of this job no longer exists in ${folderLabel}.`);
  let previous: Record<string, unknown> | undefined;
  try {
    previous = full.InputArguments ? (JSON.parse(full.InputArguments) as Record<string, unknown>) : undefined;
  } catch {
    previous = undefined;
  }
  return { connection, folder, folderLabel, candidates: [release], previous };
}

/** The folder's path as the user knows it: from its row in the tree, or the active folder, else its id. */
function folderLabelOf(ctx: Ctx, connection: Connection, folder: FolderContext): string {
  if ('path' in folder) return folder.path;
  const row = ctx.explorer.loadedNodes().find((n) => n.id.startsWith(`conn/${connection.id}/`) && n.id.endsWith(`/folder/${folder.id}`)) as { folder?: { FullyQualifiedName?: string | null; DisplayName?: string } } | undefined;
  const active = ctx.active.get();
  return row?.folder?.FullyQualifiedName ?? row?.folder?.DisplayName ?? (active.connectionId === connection.id && active.folder?.id === folder.id ? active.folder.path : `folder ${folder.id}`);
}
