// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { DATA_NOTICE, isoTime, quoted } from '../../../core/agents/resultText';
import { groupFailures } from '../../../core/faults/failureGroups';
import { OrchestratorError } from '../../../core/http/errors';
import {
  FAILURE_PERIOD_MS,
  FAILURES_PAGE,
  folderOfJob,
  readAcrossFolders,
  type ListJobs,
} from '../../../core/jobs/failureReads';
import type { Services } from '../../services';
import { defineTool, nls, ToolAnswer } from '../toolDefinition';
import { toolConnection } from '../toolConnection';
import { ToolName } from '../toolNames';
import { DESCRIBED, connectionField } from './toolInputs';
import { t } from '../../../core/l10n';

type Uses = Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>;

/** Two pages of faulted jobs: a fixed 1–2 Jobs requests, well within a tenant's per-minute budget. */
const CAP = 2 * FAILURES_PAGE;
/** Groups listed; the rest are counted. */
const GROUPS_MAX = 20;

const input = z.object({
  connection: connectionField,
  period: z.optional(z.enum(['day', 'week'])),
});

export const failures = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.failures,
  referenceName: 'orchestratorFailures',
  displayName: nls('Orchestrator Failures'),
  userDescription: nls("The tenant's faulted jobs of the last day or week, grouped by process and message."),
  modelDescription:
    "The faulted jobs of the last 24 hours (period 'day', the default) or 7 days ('week') across every folder the user may read, grouped by process and by exception message (numbers, ids and paths folded into placeholders), newest group first (at most 20 groups): process, count, exception type, message, first/last failure times (ISO, UTC), and the key and folder id of the newest job of each group (pass both to orchestrator_jobDetails). Reads at most 200 faulted jobs. Sends at most 2 requests (pages of faulted jobs).",
  input,
  describe: {
    connection: DESCRIBED.connection,
    period: "'day': the last 24 hours (default); 'week': 7 days.",
  },
  requests: 2,
  progress: (i) => t('Reading failed jobs of the last {0}', i.period === 'week' ? t('7 days') : t('24 hours')),
  async run({ ctx, signal }, i) {
    const connection = toolConnection(ctx, i.connection);
    const client = ctx.clientFor(connection);
    const period = i.period ?? 'day';
    const since = new Date(Date.now() - FAILURE_PERIOD_MS[period]);
    const list: ListJobs = async (query) => (await client.jobs.list({ query, signal })).items;
    let read;
    try {
      read = await readAcrossFolders(list, since, CAP);
    } catch (error) {
      if (error instanceof OrchestratorError && (error.status === 400 || error.status === 403))
        throw new ToolAnswer(
          'This service does not read jobs across folders. List the faulted jobs of one folder with orchestrator_listJobs (state "Faulted").',
        );
      throw error;
    }
    const folderOf = new Map(read.jobs.map(({ job, folderId }) => [job.Key, folderId ?? folderOfJob(job)]));
    const groups = groupFailures(read.jobs.map(({ job }) => job)).flatMap((p) => p.groups);
    groups.sort((a, b) => Date.parse(b.last) - Date.parse(a.last));
    const lines = groups
      .slice(0, GROUPS_MAX)
      .map(
        (g, n) =>
          `${n + 1}. process=${quoted(g.process)} count=${g.count} exception=${quoted(g.exceptionType ?? 'unknown')} message=${quoted(g.message)} first=${isoTime(g.first)} last=${isoTime(g.last)} newestJobKey=${g.sample.Key} folderId=${folderOf.get(g.sample.Key) ?? 'unknown'}`,
      );
    if (groups.length > GROUPS_MAX) lines.push(`${groups.length - GROUPS_MAX} more groups.`);
    const title = `${read.jobs.length} faulted jobs in the last ${period === 'week' ? '7 days' : '24 hours'} on ${JSON.stringify(connection.label)}${read.cut ? ` (only the newest ${CAP} read; older ones left out)` : ''}, in ${groups.length} groups, newest first:`;
    return groups.length === 0
      ? `No faulted jobs in the last ${period === 'week' ? '7 days' : '24 hours'} on ${JSON.stringify(connection.label)}.`
      : [title, DATA_NOTICE, ...lines].join('\n');
  },
});
