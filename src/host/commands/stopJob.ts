import { CommandId } from '../../constants';
import { FINAL_JOB_STATES } from '../../core/orchestrator/jobs';
import { rowOf } from '../../core/rows/rowOf';
import { guardChange } from '../guards/guardChange';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { inExplorer, nls, rowChange } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'clientFor' | 'connections' | 'explorer' | 'input' | 'jobs'>;

/**
 * Stop (the robot ends the job at its next check) or Kill (the robot process is ended at once): always confirmed, one
 * POST, then the job is watched until it reaches Stopped.
 */
const stopJobWith = (strategy: 'SoftStop' | 'Kill'): CommandDefinition<Uses> => ({
  id: strategy === 'SoftStop' ? CommandId.stopJob : CommandId.killJob,
  title: strategy === 'SoftStop' ? t('Stop Job') : t('Kill Job'),
  contributes:
    strategy === 'SoftStop'
      ? rowChange(nls('Stop Job…'), '$(debug-stop)', [inExplorer([ContextValue.jobRunning], '0_run', 3)])
      : rowChange(nls('Kill Job…'), '$(close)', [inExplorer([ContextValue.jobRunning], '0_run', 4)]),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const { connection, folder, job } = rowOf(node, 'job');
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
    });
    progressTitle(strategy === 'SoftStop' ? t('Stopping {0}…', name) : t('Killing {0}…', name));
    await client.jobs.stop(current.Id, strategy, { folder, signal });
    ctx.jobs.watch(connection, folder, current);
    ctx.explorer.refreshJobsOf(connection.id, folder.id);
    return current.Key;
  },
});

export const stopJob = stopJobWith('SoftStop');
export const killJob = stopJobWith('Kill');
