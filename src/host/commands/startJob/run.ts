import * as vscode from 'vscode';
import { isOutcomeUnknown } from '../../../core/http/errors';
import { buildInputArguments, type ArgumentField } from '../../../core/orchestrator/argumentFields';
import type { StartInfo } from '../../../core/orchestrator/jobs';
import type { Job } from '../../../core/orchestrator/schemas';
import { plainText } from '../../../core/presentation/plainText';
import { makeRow } from '../../../core/rows/rows';
import type { Services } from '../../services';
import { guardChange } from '../../guards/guardChange';
import { reasonOf, showJobsOfProcess, tellOutcomeUnknown } from '../unknownOutcome';
import type { LastArguments } from './arguments';
import { summaryRows, summaryText, type Draft } from './steps';
import type { Target } from './target';
import { didFirstStep, FirstStep } from '../../firstSteps';
import { t } from '../../../core/l10n';

/**
 * Starts what the steps settled: checked once more (nothing invalid is sent), one StartJobs POST that is never
 * repeated, then the jobs are watched. Resolves with the keys of the jobs started, or undefined when the outcome is
 * unknown (the user is told how to look).
 */
export async function startJobs(
  ctx: Pick<Services, 'clientFor' | 'commands' | 'connections' | 'explorer' | 'input' | 'jobs' | 'log'>,
  target: Target,
  draft: Draft & Required<Pick<Draft, 'release'>>,
  fields: ArgumentField[],
  last: LastArguments,
  progressTitle: (title: string) => void,
  signal: AbortSignal,
): Promise<string[] | undefined> {
  const { connection, folder, folderLabel } = target;
  const { release } = draft;
  const built = buildInputArguments(fields, draft.texts);
  if (!built.ok) throw new Error(t('Not started: {0}', built.problems.join(' ')));
  const info: StartInfo = {
    ReleaseKey: release.Key,
    Strategy: draft.strategy === 'JobsCount' ? 'ModernJobsCount' : draft.strategy,
    InputArguments: built.json,
  };
  if (draft.strategy === 'Specific') {
    if (draft.robotIds.length === 0) throw new Error(t('Not started: choose at least one robot.'));
    info.RobotIds = draft.robotIds;
  }
  if (draft.strategy === 'JobsCount') {
    if (!Number.isInteger(draft.count) || draft.count < 1 || draft.count > 100)
      throw new Error(t('Not started: the number of jobs must be a whole number from 1 to 100.'));
    info.NoOfRobots = draft.count;
  }
  await guardChange(ctx, connection, {
    what: t('Start {0}', release.Name),
    detail: summaryText(summaryRows(release, draft, built.values, folderLabel)),
    action: t('Start'),
    confirmed: draft.confirmed,
  });
  await last.remember(release, draft.texts);

  progressTitle(t('Starting {0}…', release.Name));
  let jobs: Job[];
  try {
    jobs = await ctx.clientFor(connection).jobs.start(info, { folder, signal });
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw error;
    // The POST reached the service and the answer proves nothing: never send it again, never say "failed".
    tellOutcomeUnknown(
      ctx,
      t(
        'The start request for {0} was sent, but no clean answer came back ({1}). The outcome is unknown: the job may or may not have started. Show Jobs lists the jobs of {2} in {3}, newest first; look there before starting again.',
        release.Name,
        reasonOf(error),
        release.Name,
        folderLabel,
      ),
      {
        [t('Show Jobs')]: () => showJobsOfProcess(ctx, connection, folder, release.Name),
      },
    );
    return undefined;
  }
  for (const job of jobs) ctx.jobs.watch(connection, folder, job);
  if (jobs.length > 0) didFirstStep(FirstStep.startedJob);
  if ('id' in folder) ctx.explorer.refreshJobsOf(connection.id, folder.id);
  const first = jobs[0];
  if (first) {
    void vscode.window
      .showInformationMessage(
        plainText(
          t(
            'Started {0} of {1} in {2}.',
            jobs.length === 1 ? t('a job') : t('{0} jobs', jobs.length),
            release.Name,
            folderLabel,
          ),
        ),
        t('Show Logs'),
        t('Stop'),
      )
      .then((choice) => {
        // The job's row, made here: the Jobs row may not be loaded, and Tail Logs and Stop take a row, not a tree node.
        const jobRow = makeRow({ kind: 'job', connection, folder, job: first });
        if (choice === t('Show Logs')) void ctx.commands.tailLogs(jobRow);
        if (choice === t('Stop')) void ctx.commands.stopJob(jobRow);
      });
  }
  return jobs.map((j) => j.Key);
}
