import { CommandId } from '../../constants';
import { FINAL_JOB_STATES } from '../../core/orchestrator/jobs';
import { guardChange } from '../guards/guardChange';
import type { RowOf } from '../../core/rows/rows';
import type { Job } from '../../core/orchestrator/schemas';
import type { CommandDefinition, CommandRun } from './registry';
import { selectedRows } from './rowSelection';
import { stopSelectedJobs, type StopStrategy, type StopUses } from './stopJob/stopSelectedJobs';
import { t } from '../../core/l10n';
import { inExplorer, nls, rowChange } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

/**
 * Stop (the robot ends the job at its next check) or Kill (the robot process is ended at once): always confirmed, one
 * POST, then the job is watched until it reaches Stopped. Several jobs selected together are stopped with one
 * confirmation and one StopJobs per folder (stopSelectedJobs.ts); one job as before, with StopJob.
 */
const stopJobWith = (strategy: StopStrategy): CommandDefinition<StopUses> => ({
  id: strategy === 'SoftStop' ? CommandId.stopJob : CommandId.killJob,
  title: strategy === 'SoftStop' ? t('Stop Job') : t('Kill Job'),
  contributes:
    strategy === 'SoftStop'
      ? rowChange(nls('Stop Job…'), '$(debug-stop)', [inExplorer([ContextValue.jobRunning], '0_run', 3)])
      : rowChange(nls('Kill Job…'), '$(close)', [inExplorer([ContextValue.jobRunning], '0_run', 4)]),
  asksFirst: true,
  acceptsMany: true,
  run: async (run, clicked, selected) => {
    const rows = selectedRows(clicked, selected, ['job']);
    return rows.length === 1 ? stopOne(run, rows[0]!, strategy) : stopSelectedJobs(run, rows, strategy);
  },
});

/** One job: read again, refused when it has ended, confirmed (unless `confirmed`: the caller asked), one request. */
export async function stopOne(
  { ctx, signal, progressTitle }: Pick<CommandRun<StopUses>, 'ctx' | 'signal' | 'progressTitle'>,
  { connection, folder, job }: Pick<RowOf<'job'>, 'connection' | 'folder'> & { job: Pick<Job, 'Key'> },
  strategy: StopStrategy,
  confirmed = false,
) {
  const client = ctx.clientFor(connection);
  // The row may be old: the job's state now decides whether there is anything to stop.
  const current = await client.jobs.get(job.Key, { folder, signal });
  if (FINAL_JOB_STATES.has(current.State))
    throw new Error(
      t(
        '{0} has already finished ({1}); there is nothing to stop.',
        current.ReleaseName ?? t('The job'),
        current.State,
      ),
    );
  const name = current.ReleaseName ?? t('job {0}', current.Id);
  await guardChange(ctx, connection, {
    what: strategy === 'SoftStop' ? t('Stop {0}', name) : t('Kill {0}', name),
    detail:
      strategy === 'SoftStop'
        ? t('The robot stops the job at its next safe point; the job ends as Stopped.')
        : t('The robot process is ended at once, wherever it is: work in progress may be left half done.'),
    action: strategy === 'SoftStop' ? t('Stop') : t('Kill'),
    alwaysConfirm: true,
    confirmed,
  });
  progressTitle(strategy === 'SoftStop' ? t('Stopping {0}…', name) : t('Killing {0}…', name));
  await client.jobs.stop(current.Id, strategy, { folder, signal });
  ctx.jobs.watch(connection, folder, current);
  ctx.explorer.refreshJobsOf(connection.id, folder.id);
  return current.Key;
}

export const stopJob = stopJobWith('SoftStop');
export const killJob = stopJobWith('Kill');
