// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { quoted, tableText } from '../../../core/agents/resultText';
import { and, eq, ge } from '../../../core/odata/filter';
import type { Services } from '../../services';
import { defineTool, nls } from '../toolDefinition';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { DESCRIBED, PLACE_DESCRIBED, connectionField, folderField, processField, topField } from './toolInputs';
import { jobRow } from './jobRows';
import { t } from '../../../core/l10n';

type Uses = Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>;

export const JOB_STATES = [
  'Pending',
  'Running',
  'Stopping',
  'Terminating',
  'Faulted',
  'Successful',
  'Stopped',
  'Suspended',
  'Resumed',
] as const;

/** An ISO 8601 date and time with its offset (Z or ±hh:mm), as the model is told to write it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const input = z.object({
  connection: connectionField,
  folder: folderField,
  process: z.optional(processField),
  state: z.optional(z.enum(JOB_STATES)),
  since: z.optional(
    z.string().check(
      z.regex(ISO_DATE_TIME),
      z.refine((text) => !Number.isNaN(Date.parse(text)), 'not a date'),
    ),
  ),
  top: topField,
});

export const listJobs = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.listJobs,
  referenceName: 'orchestratorJobs',
  displayName: nls('List Orchestrator Jobs'),
  userDescription: nls('Lists the jobs of a folder, newest first, by process, state and time.'),
  modelDescription:
    'Lists jobs of one folder, newest first: key, state, process, created/started/ended times (ISO, UTC), duration in seconds, robot and source. Filter by process name (exact), state and a start of the time window (ISO date-time). At most 50 rows; use the key with orchestrator_jobDetails. Sends 2 requests (the folder, then one page of jobs); never pages through all jobs.',
  input,
  describe: {
    ...PLACE_DESCRIBED,
    process: DESCRIBED.process,
    state: 'Only jobs in this state.',
    since: 'Only jobs created at or after this ISO 8601 date-time (with Z or an offset).',
    top: 'How many jobs, newest first (default 20).',
  },
  requests: 2,
  progress: (i) => t('Listing jobs in {0}', i.folder),
  async run({ ctx, signal }, i) {
    const { connection, client, folder, path } = await toolPlace(ctx, i, signal);
    const top = i.top ?? 20;
    const page = await client.jobs.list({
      folder,
      signal,
      query: {
        filter: and(
          i.process ? eq('ReleaseName', i.process) : undefined,
          i.state ? eq('State', i.state) : undefined,
          i.since ? ge('CreationTime', new Date(i.since)) : undefined,
        ),
        orderBy: [{ path: 'CreationTime', desc: true }],
        top,
        count: true,
      },
    });
    return tableText(
      {
        title: `Jobs in folder ${quoted(path)} of ${JSON.stringify(connection.label)}${i.process ? ` of process ${JSON.stringify(i.process)}` : ''}${i.state ? `, state ${i.state}` : ''}${i.since ? `, created since ${i.since}` : ''}, newest first:`,
        rows: page.items.map((job) => jobRow(job)),
        total: page.count,
        narrowBy: 'process, state or since',
        empty: 'No jobs match.',
      },
      top,
    );
  },
});
