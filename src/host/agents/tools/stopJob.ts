// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { quoted } from '../../../core/agents/resultText';
import { isOutcomeUnknown, unknownOutcomeReason } from '../../../core/http/errors';
import type { Services } from '../../services';
import { stopOne } from '../../commands/stopJob';
import { defineTool, nls, ToolAnswer } from '../toolDefinition';
import { confirmOnConnection } from '../toolConnection';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { connectionField, folderField, JOB_KEY, PLACE_DESCRIBED } from './toolInputs';
import { t } from '../../../core/l10n';

type Uses = Pick<
  Services,
  'accountFor' | 'active' | 'activeConnection' | 'clientFor' | 'connections' | 'explorer' | 'input' | 'jobs' | 'log'
>;

const input = z.object({
  connection: connectionField,
  folder: folderField,
  jobKey: JOB_KEY,
  kill: z.optional(z.boolean()),
});
type Input = z.infer<typeof input>;

export const stopJob = defineTool<Uses, Input>({
  name: ToolName.stopJob,
  referenceName: 'orchestratorStopJob',
  displayName: nls('Stop Orchestrator Job'),
  userDescription: nls('Stops (or kills) one running job; you confirm first.'),
  modelDescription:
    'Stops one running job by its key: Stop lets the robot end it at its next safe point; kill=true ends the robot process at once (work may be left half done: only when the user asks to kill). The user confirms in the editor first; a read-only connection refuses; a job that has ended is reported, not stopped. Sent once and never repeated: if the outcome is unknown, read the job with orchestrator_jobDetails, never stop again on your own. Sends 3 requests (the folder, the job read again, the stop).',
  input,
  describe: {
    ...PLACE_DESCRIBED,
    jobKey: 'The job key (a UUID) from orchestrator_listJobs, orchestrator_failures or orchestrator_startJob.',
    kill: 'true to kill at once instead of stopping (only when the user asks).',
  },
  requests: 3,
  changes: {
    confirm: confirmOnConnection((i: Input, connection) => ({
      title: i.kill
        ? t('Kill job {0} in {1} on {2}?', i.jobKey, quoted(i.folder), connection)
        : t('Stop job {0} in {1} on {2}?', i.jobKey, quoted(i.folder), connection),
      message: i.kill
        ? t('The robot process is ended at once, wherever it is: work in progress may be left half done.')
        : t('The robot stops the job at its next safe point; the job ends as Stopped.'),
      action: i.kill ? t('Kill') : t('Stop'),
    })),
  },
  progress: (i) => t('Stopping job {0}', i.jobKey),
  opens: (i) => ({ kind: 'job', connection: i.connection, folder: i.folder, jobKey: i.jobKey }),
  async run({ ctx, signal }, i) {
    const { connection, folder } = await toolPlace(ctx, i, signal);
    // Stop Job's own step: read again, refused once ended, one request, then watched (confirmed by the runner).
    let key: string;
    try {
      key = await stopOne(
        { ctx, signal, progressTitle: () => undefined },
        { connection, folder, job: { Key: i.jobKey } },
        i.kill ? 'Kill' : 'SoftStop',
        true,
      );
    } catch (error) {
      if (isOutcomeUnknown(error))
        throw new ToolAnswer(
          `The ${i.kill ? 'kill' : 'stop'} request was sent but the service did not confirm it (${quoted(unknownOutcomeReason(error))}): the job may or may not be stopping. Do not send it again; read the job with ${ToolName.jobDetails} to check.`,
        );
      throw error;
    }
    return `${i.kill ? 'Kill' : 'Stop'} sent for job ${key}; the job moves to ${i.kill ? 'Terminating' : 'Stopping'}, then Stopped. Follow it with ${ToolName.jobDetails}.`;
  },
});
