import type { Connection } from '../../../core/connections';
import { eq } from '../../../core/odata/filter';
import type { Job, Release } from '../../../core/orchestrator/schemas';
import { rowOf } from '../../../core/rows/rowOf';
import type { FolderById } from '../../../core/rows/rows';
import type { Services } from '../../services';
import { pickConnectionToChange } from '../pickConnectionToChange';
import { pickFolder } from '../pickFolder';
import { folderLabelOf } from '../folderLabel';
import { t } from '../../../core/l10n';

/** Where a job is started and which processes may be chosen. */
export interface Target {
  connection: Connection;
  folder: FolderById;
  folderLabel: string;
  candidates: Release[];
  /** Run Again: the arguments of the job it repeats. */
  previous?: Record<string, unknown>;
}

/** Which processes the command can start, from the row it was run on (or from pickers on the palette). */
export async function targetOf(
  ctx: Pick<
    Services,
    'accountFor' | 'active' | 'clientFor' | 'commands' | 'connections' | 'explorer' | 'input' | 'log'
  >,
  node: unknown,
  signal: AbortSignal,
): Promise<Target | undefined> {
  const row = node === undefined ? undefined : rowOf(node, 'process', 'package', 'job');
  if (row) {
    const { connection, folder } = row;
    const folderLabel = folderLabelOf(ctx, connection, folder);
    const releases = ctx.clientFor(connection).releases;
    if (row.kind === 'process') return { connection, folder, folderLabel, candidates: [row.release] };
    if (row.kind === 'package') {
      const candidates = (
        await releases.list({
          folder,
          signal,
          query: { filter: eq('ProcessKey', row.package.Id), orderBy: [{ path: 'Name' }], top: 1000 },
        })
      ).items;
      if (candidates.length === 0)
        throw new Error(
          t('No process in {0} runs {1}. Deploy it as a process first, then start it.', folderLabel, row.package.Id),
        );
      return { connection, folder, folderLabel, candidates };
    }
    return runAgain(ctx, connection, folder, folderLabel, row.job, signal);
  }
  // The palette: a signed-in connection that allows changes, then folder (the active one first), then the process is
  // the first step.
  const connection = await pickConnectionToChange(
    ctx,
    undefined,
    t('Start a job on which connection?'),
    t('Start Job'),
    (c) => Boolean(ctx.accountFor(c.id)),
  );
  if (!connection) return undefined;
  const client = ctx.clientFor(connection);
  const folderPick = await pickFolder(ctx, connection, t('Start Job: folder'), signal);
  if (!folderPick) return undefined;
  const folder = { id: folderPick.id };
  const candidates = (await client.releases.list({ folder, signal, query: { orderBy: [{ path: 'Name' }], top: 1000 } }))
    .items;
  if (candidates.length === 0)
    throw new Error(t('There are no processes in {0}. Deploy a package as a process first.', folderPick.label));
  return { connection, folder, folderLabel: folderPick.label, candidates };
}

/** Run Again from a job row: its process (by name, as the job names it) and the arguments it ran with. */
async function runAgain(
  ctx: Pick<Services, 'clientFor'>,
  connection: Connection,
  folder: FolderById,
  folderLabel: string,
  job: Job,
  signal: AbortSignal,
): Promise<Target> {
  const client = ctx.clientFor(connection);
  const [full, found] = await Promise.all([
    client.jobs.get(job.Key, { folder, signal }),
    client.releases.list({ folder, signal, query: { filter: eq('Name', job.ReleaseName ?? ''), top: 1 } }),
  ]);
  const release = found.items[0];
  if (!release)
    throw new Error(t('The process {0} of this job no longer exists in {1}.', job.ReleaseName ?? '', folderLabel));
  let previous: Record<string, unknown> | undefined;
  try {
    previous = full.InputArguments ? (JSON.parse(full.InputArguments) as Record<string, unknown>) : undefined;
  } catch {
    previous = undefined;
  }
  return { connection, folder, folderLabel, candidates: [release], previous };
}
