import { isOutcomeUnknown } from '../../../core/http/errors';
import { errorMessage } from '../../../core/errorMessage';
import { FINAL_JOB_STATES } from '../../../core/orchestrator/jobs';
import type { Job } from '../../../core/orchestrator/schemas';
import type { RowOf } from '../../../core/rows/rows';
import { guardChange } from '../../guards/guardChange';
import type { Services } from '../../services';
import type { CommandRun } from '../registry';
import { t } from '../../../core/l10n';
import { folderLabelOf } from '../folderLabel';
import { byFolder } from '../rowSelection';
import { reasonOf } from '../unknownOutcome';
import { tellSelectionOutcome, type OutcomeCounts, type RowOutcome } from '../selectionOutcome';

export type StopUses = Pick<Services, 'active' | 'clientFor' | 'connections' | 'explorer' | 'input' | 'jobs' | 'log'>;
export type StopStrategy = 'SoftStop' | 'Kill';

/** States a job is in once a stop was accepted. */
const STOPPING = new Set(['Stopping', 'Terminating', 'Stopped']);

const jobName = (job: Pick<Job, 'Id' | 'ReleaseName'>) => t('{0} (job {1})', job.ReleaseName ?? t('job'), job.Id);

/**
 * Stop (or Kill) several jobs selected together: one confirmation naming the count, then per folder each job's state
 * read again (Jobs(<key>), not rate limited; a job that finished meanwhile is left out) and one StopJobs for the rest.
 * StopJobs is a change: sent once. Refused, the jobs are read again to tell which stopped all the same; unanswered,
 * their outcome is unknown and said so, with the Jobs row to look at.
 */
export async function stopSelectedJobs(
  { ctx, signal, progressTitle }: CommandRun<StopUses>,
  rows: readonly RowOf<'job'>[],
  strategy: StopStrategy,
): Promise<OutcomeCounts> {
  const connection = rows[0]!.connection;
  const drawnFinished = rows.filter((row) => FINAL_JOB_STATES.has(row.job.State));
  const toStop = rows.filter((row) => !FINAL_JOB_STATES.has(row.job.State));
  if (toStop.length === 0)
    throw new Error(t('The {0} selected jobs have already finished; there is nothing to stop.', rows.length));
  const folders = byFolder(toStop);
  const where =
    folders.length === 1 ? folderLabelOf(ctx, connection, folders[0]![0]!.folder) : t('{0} folders', folders.length);
  const kill = strategy !== 'SoftStop';
  await guardChange(ctx, connection, {
    what: whatToStop(kill, toStop.length, where),
    detail:
      (kill
        ? t('The robot processes are ended at once, wherever they are: work in progress may be left half done.')
        : t('The robots stop the jobs at their next safe point; the jobs end as Stopped.')) +
      (drawnFinished.length
        ? t(' {0} selected job(s) have already finished and are left out.', drawnFinished.length)
        : ''),
    action: kill ? t('Kill') : t('Stop'),
    alwaysConfirm: true,
  });
  progressTitle(kill ? t('Killing {0} jobs…', toStop.length) : t('Stopping {0} jobs…', toStop.length));
  const outcomes: RowOutcome[] = drawnFinished.map((row) => ({
    name: jobName(row.job),
    outcome: 'leftOut',
    reason: t('already finished ({0})', row.job.State),
  }));
  for (const group of folders) outcomes.push(...(await stopInFolder(ctx, group, strategy, signal)));
  for (const group of folders) ctx.explorer.refreshJobsOf(connection.id, group[0]!.folder.id);
  return tellSelectionOutcome(ctx, outcomes, {
    done: (count) => (kill ? t('{0} killed', count) : t('{0} stopped', count)),
    check: t("Refresh the folder's Jobs row to see their states."),
    look: {},
  });
}

/** "Stop 3 jobs in Finance" (the question adds "?"). */
function whatToStop(kill: boolean, count: number, where: string): string {
  if (count === 1) return kill ? t('Kill 1 job in {0}', where) : t('Stop 1 job in {0}', where);
  return kill ? t('Kill {0} jobs in {1}', count, where) : t('Stop {0} jobs in {1}', count, where);
}

async function stopInFolder(
  ctx: Pick<Services, 'clientFor' | 'connections' | 'jobs'>,
  rows: readonly RowOf<'job'>[],
  strategy: StopStrategy,
  signal: AbortSignal,
): Promise<RowOutcome[]> {
  const { connection, folder } = rows[0]!;
  const client = ctx.clientFor(connection);
  const outcomes: RowOutcome[] = [];
  const running: Job[] = [];
  // The rows may be old: each job's state now decides whether there is anything to stop.
  for (const row of rows) {
    try {
      const current = await client.jobs.get(row.job.Key, { folder, signal });
      if (FINAL_JOB_STATES.has(current.State))
        outcomes.push({
          name: jobName(current),
          outcome: 'leftOut',
          reason: t('already finished ({0})', current.State),
        });
      else running.push(current);
    } catch (error) {
      signal.throwIfAborted();
      outcomes.push({ name: jobName(row.job), outcome: 'failed', reason: errorMessage(error) });
    }
  }
  if (running.length === 0) return outcomes;
  try {
    await client.jobs.stopMany(
      running.map((job) => job.Id),
      strategy,
      { folder, signal },
    );
  } catch (error) {
    if (isOutcomeUnknown(error))
      return [
        ...outcomes,
        ...running.map((job) => ({ name: jobName(job), outcome: 'unknown' as const, reason: reasonOf(error) })),
      ];
    signal.throwIfAborted();
    // Refused: whether some stopped all the same is the service's to say, so each job is read again.
    return [...outcomes, ...(await afterRefusal(ctx, rows[0]!, running, errorMessage(error), signal))];
  }
  for (const job of running) ctx.jobs.watch(connection, folder, job);
  return [...outcomes, ...running.map((job) => ({ name: jobName(job), outcome: 'done' as const }))];
}

async function afterRefusal(
  ctx: Pick<Services, 'clientFor' | 'jobs'>,
  { connection, folder }: RowOf<'job'>,
  jobs: readonly Job[],
  refusal: string,
  signal: AbortSignal,
): Promise<RowOutcome[]> {
  const client = ctx.clientFor(connection);
  const outcomes: RowOutcome[] = [];
  for (const job of jobs) {
    const now = await client.jobs.get(job.Key, { folder, signal }).catch(() => undefined);
    if (now && STOPPING.has(now.State)) {
      ctx.jobs.watch(connection, folder, now);
      outcomes.push({ name: jobName(now), outcome: 'done' });
    } else outcomes.push({ name: jobName(job), outcome: 'failed', reason: refusal });
  }
  return outcomes;
}
