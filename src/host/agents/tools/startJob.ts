// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { quoted } from '../../../core/agents/resultText';
import { eq } from '../../../core/odata/filter';
import type { Services } from '../../services';
import { DeclaredArguments, LastArguments } from '../../commands/startJob/arguments';
import { startJobs } from '../../commands/startJob/run';
import { buildInputArguments } from '../../../core/orchestrator/argumentFields';
import { folderLabelOf } from '../../commands/folderLabel';
import { defineTool, nls, ToolAnswer } from '../toolDefinition';
import { confirmOnConnection } from '../toolConnection';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { DESCRIBED, PLACE_DESCRIBED, connectionField, folderField, processField } from './toolInputs';
import { t } from '../../../core/l10n';

type Uses = Pick<
  Services,
  | 'accountFor'
  | 'active'
  | 'activeConnection'
  | 'clientFor'
  | 'commands'
  | 'connections'
  | 'explorer'
  | 'input'
  | 'jobs'
  | 'log'
  | 'state'
>;

const ARGUMENT_VALUE = z.union([z.string().check(z.maxLength(10_000)), z.number(), z.boolean(), z.null()]);

const input = z.object({
  connection: connectionField,
  folder: folderField,
  process: processField,
  arguments: z.optional(z.record(z.string().check(z.maxLength(200)), ARGUMENT_VALUE)),
});
type Input = z.infer<typeof input>;

/** What the user reads before the job starts: the exact values, quoted as given. */
const argumentsText = (args: Input['arguments']) =>
  args && Object.keys(args).length > 0
    ? Object.entries(args)
        .map(([name, value]) => `${name} = ${JSON.stringify(value)}`)
        .join('\n')
    : t('No arguments: the process values and the package defaults apply.');

/** An argument as Start Job's fields take it: the text a user would type (a JSON value for the non-text types). */
const textOf = (value: string | number | boolean | null) => (typeof value === 'string' ? value : JSON.stringify(value));

export const startJob = defineTool<Uses, Input>({
  name: ToolName.startJob,
  referenceName: 'orchestratorStartJob',
  displayName: nls('Start Orchestrator Job'),
  userDescription: nls('Starts one job of a process, with arguments checked first; you confirm before it starts.'),
  modelDescription:
    "Starts ONE job of a process (by its exact name) in a folder, with input arguments (name → value; text, number, boolean or null; objects and arrays as JSON text). The arguments are checked against what the process declares before anything is sent; a wrong name or type is returned as an error and nothing starts. The user confirms in the editor first; a read-only connection refuses. The start request is sent once and never repeated: if the outcome is unknown, say so and list the process's jobs (orchestrator_listJobs, newest first) to check, never start again on your own. Returns the new job's key. Sends 4 requests (folder, process, declared arguments, start).",
  input,
  describe: {
    ...PLACE_DESCRIBED,
    process: DESCRIBED.process,
    arguments: 'Input arguments by name; left-out ones take the process values or the package defaults.',
  },
  requests: 4,
  changes: {
    confirm: confirmOnConnection((i: Input, connection) => ({
      title: t('Start a job of {0} in {1} on {2}?', quoted(i.process), quoted(i.folder), connection),
      message: argumentsText(i.arguments),
      action: t('Start'),
    })),
  },
  progress: (i) => t('Starting a job of {0}', i.process),
  async run({ ctx, signal }, i) {
    const { connection, client, folder } = await toolPlace(ctx, i, signal);
    const releases = await client.releases.list({ folder, signal, query: { filter: eq('Name', i.process), top: 2 } });
    const release = releases.items[0];
    if (!release)
      throw new ToolAnswer(
        `No process is named ${quoted(i.process)} in that folder. List the processes, or check the name with the user.`,
      );
    const fields = await new DeclaredArguments(client, folder, signal).of(release);
    const texts = Object.fromEntries(Object.entries(i.arguments ?? {}).map(([k, v]) => [k, textOf(v)]));
    // Start Job's own check, answered in words the model can act on (startJobs checks once more before sending).
    const built = buildInputArguments(fields, texts);
    if (!built.ok)
      throw new ToolAnswer(
        `Nothing was started or sent: ${built.problems.join(' ')} The process declares: ${fields
          .map((f) => `${f.name} (${f.type}${f.mandatory ? ', required' : ''})`)
          .join(', ')}. Ask the user for the missing values, then call again.`,
      );
    const keys = await startJobs(ctx, {
      target: { connection, folder, folderLabel: folderLabelOf(ctx, connection, folder), candidates: [release] },
      draft: {
        release,
        strategy: 'JobsCount',
        count: 1,
        robotIds: [],
        texts,
        // Confirmed by the tool runner (the chat's confirmation, or its own modal): only a read-only connection refuses.
        confirmed: true,
      },
      fields,
      last: new LastArguments(ctx, connection, folder),
      progressTitle: () => undefined,
      signal,
    });
    if (keys === undefined)
      throw new ToolAnswer(
        'The start request was sent but the service did not confirm it: the job may or may not have started. Do not start it again; list the jobs of the process (orchestrator_listJobs, newest first) to check.',
      );
    return `Started ${keys.length} job(s) of ${quoted(release.Name)}: ${keys.map((k) => `key=${k}`).join(', ')}. The user sees it in the Jobs row and a notification; follow it with orchestrator_jobDetails.`;
  },
});
