// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { DATA_NOTICE, isoTime, quoted, tableText } from '../../../core/agents/resultText';
import { LOG_LEVELS } from '../../../core/logs/logLines';
import { and, eq, ge, guid } from '../../../core/odata/filter';
import type { Services } from '../../services';
import { defineTool, nls } from '../toolDefinition';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { JOB_KEY, PLACE_DESCRIBED, connectionField, folderField } from './toolInputs';
import { jobRow } from './jobRows';
import { t } from '../../../core/l10n';

type Uses = Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>;

/** The longest exception (Info) and argument text quoted whole; longer is cut with "…". */
const LONG_TEXT = 4_000;

const input = z.object({
  connection: connectionField,
  folder: folderField,
  jobKey: JOB_KEY,
  logLines: z.optional(z.int().check(z.minimum(0), z.maximum(200))),
  minLevel: z.optional(z.enum(LOG_LEVELS)),
});

export const jobDetails = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.jobDetails,
  referenceName: 'orchestratorJob',
  displayName: nls('Show Orchestrator Job'),
  userDescription: nls("A job's state, times, robot, arguments, exception and last log lines."),
  modelDescription:
    "One job by its key (from orchestrator_listJobs, orchestrator_failures or orchestrator_startJob): state, process, times (ISO, UTC), robot, source, machine, input and output arguments, the job's info/exception in full (cut at 4,000 characters), and its last log lines at or above a level (default 20 lines at Warning or above, up to 200, oldest of them first). Sends 3 requests (the folder, the job, one page of its log), 2 with logLines 0.",
  input,
  describe: {
    ...PLACE_DESCRIBED,
    jobKey: 'The job key (a UUID) from orchestrator_listJobs, orchestrator_failures or orchestrator_startJob.',
    logLines: 'How many of the last log lines (default 20; 0 for none).',
    minLevel: 'The lowest log level to include (default Warning).',
  },
  requests: 3,
  progress: (i) => t('Reading job {0}', i.jobKey),
  opens: (i) => ({ kind: 'job', connection: i.connection, folder: i.folder, jobKey: i.jobKey }),
  async run({ ctx, signal }, i) {
    const { connection, client, folder, path } = await toolPlace(ctx, i, signal);
    const job = await client.jobs.get(i.jobKey, { folder, signal });
    const count = i.logLines ?? 20;
    const level = i.minLevel ?? 'Warning';
    const logs =
      count === 0
        ? undefined
        : await client.robots.logs({
            folder,
            signal,
            query: {
              filter: and(eq('JobKey', guid(job.Key)), ge('Level', level)),
              orderBy: [{ path: 'TimeStamp', desc: true }],
              top: count,
              count: true,
            },
          });
    const lines = [
      `Job ${job.Key} in folder ${quoted(path)} of ${JSON.stringify(connection.label)}.`,
      DATA_NOTICE,
      jobRow(job)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
      `machine=${quoted(job.HostMachineName)}`,
      `info=${quoted(job.Info, LONG_TEXT)}`,
      `inputArguments=${quoted(job.InputArguments, LONG_TEXT)}`,
      `outputArguments=${quoted(job.OutputArguments, LONG_TEXT)}`,
    ];
    if (logs)
      lines.push(
        '',
        tableText(
          {
            title: `The last ${logs.items.length} log lines at ${level} or above, oldest first:`,
            rows: [...logs.items].reverse().map((line) => [
              ['time', isoTime(line.TimeStamp)],
              ['level', quoted(line.Level)],
              ['message', quoted(line.Message)],
            ]),
            total: logs.count,
            narrowBy: 'a higher minLevel',
            empty: `No log lines at ${level} or above.`,
          },
          count,
        ),
      );
    return lines.join('\n');
  },
});
