import type { ArgumentField } from '../../../src/core/orchestrator/argumentFields';
import type { OrchestratorClient } from '../../../src/core/orchestrator/client';
import type { Release } from '../../../src/core/orchestrator/schemas';
import { DeclaredArguments } from '../../../src/host/commands/startJob/arguments';
import type { Answer } from '../../../src/host/ui/scriptedInput';

/** Typed answers for the sandbox's Reconcile.Processing (String, Int32, Boolean, DateTime, String[], Double, Int64; three
 * required), as Start Job takes them. Shared by the jobs suite and the editor bench's session. */
export const RECONCILE_INPUTS = {
  in_CutOffDate: 'Q4 close',
  in_InvoiceFolder: '2026-01-31T09:00:00Z',
  in_DryRun: '9007199254740991',
  in_Options: 'true',
  in_MaxItems: '12.5',
  in_RetryCount: '["ops@example.test"]',
};

/** A value of an argument's .NET type name. */
function sampleValue(type: string): unknown {
  if (type.endsWith('[]')) return ['a'];
  if (type.includes('Dictionary')) return { key: 'value' };
  if (/Int|Double|Decimal/.test(type)) return 5;
  if (type.includes('Boolean')) return false;
  if (type.includes('DateTime')) return '2026-01-01T00:00:00Z';
  return 'value';
}

/**
 * The InputArguments text of a start through the API, with every declared input given a value of its type (the
 * sandbox refuses a start without the required ones).
 */
export async function sampleInputArguments(
  client: OrchestratorClient,
  release: Pick<Release, 'ProcessKey' | 'ProcessVersion'>,
  folder: { id: number },
): Promise<string> {
  const declared = await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`, { folder });
  const inputs = (JSON.parse(declared.Input ?? '[]') as { name: string; type: string }[]).map((a) => [
    a.name,
    sampleValue(a.type),
  ]);
  return JSON.stringify(Object.fromEntries(inputs));
}

/** The argument steps Start Job shows for a process, in its order (read as the command reads them). */
export function startJobFields(
  client: OrchestratorClient,
  release: Release,
  folder: { id: number },
): Promise<ArgumentField[]> {
  return new DeclaredArguments(client, folder, new AbortController().signal).of(release);
}

/** How the robots are chosen: a number of jobs (default 1), every robot, or the robots with these names. */
export interface HowToStart {
  strategy?: 'JobsCount' | 'All' | 'Specific';
  count?: string;
  robots?: string[];
}

/** The title of an argument's step: "Start Job — <process>: in_Name (Type, required)". */
export const fieldStep = (name: string) => new RegExp(`: ${name} \\(`);

/**
 * A user's answers to Start Job's steps once the process is known: how the robots are chosen, then each declared
 * argument in order (its text from `inputs`, '' leaves it empty; a boolean is picked), then Start on the summary.
 */
export function startJobAnswers(
  fields: readonly ArgumentField[],
  inputs: Record<string, string>,
  how: HowToStart = {},
): Answer[] {
  const strategy = how.strategy ?? 'JobsCount';
  const answers: Answer[] = [
    {
      title: /: robots$/,
      pick: { JobsCount: 'A number of jobs', All: 'All robots', Specific: 'Specific robots…' }[strategy],
    },
  ];
  if (strategy === 'JobsCount') answers.push({ title: /: how many jobs$/, answer: how.count ?? '1' });
  if (strategy === 'Specific') answers.push({ title: /: which robots$/, pick: how.robots ?? [] });
  for (const field of fields) {
    const text = inputs[field.name] ?? '';
    answers.push(
      field.kind === 'boolean'
        ? { title: fieldStep(field.name), pick: text === '' ? 'Leave unset' : text }
        : { title: fieldStep(field.name), answer: text },
    );
  }
  answers.push({ title: /: confirm$/, pick: /^Start / });
  return answers;
}
