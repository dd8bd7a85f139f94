// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { quoted } from '../../../core/agents/resultText';
import { isOutcomeUnknown, OrchestratorError, unknownOutcomeReason } from '../../../core/http/errors';
import { t } from '../../../core/l10n';
import { readForm } from '../../../shared/ideaFormModel';
import type { FormField, RawValues } from '../../../shared/protocol/ideaForm';
import { fieldsOf } from '../../webviews/ideaFormContent';
import type { Services } from '../../services';
import { defineTool, nls, ToolAnswer, type ToolConfirmation } from '../toolDefinition';
import { ToolName } from '../toolNames';
import { IDEA_CONNECTION_DESCRIBED, ideaToolConnection } from './ideaConnection';
import { connectionField } from './toolInputs';

type Uses = Pick<Services, 'connections' | 'activeConnection' | 'ideasClientFor' | 'ideas'>;

const FIELD_VALUE = z.union([
  z.string().check(z.maxLength(10_000)),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50)),
]);

const input = z.object({
  connection: connectionField,
  name: z.string().check(z.minLength(1), z.maxLength(500)),
  values: z.optional(z.record(z.string().check(z.minLength(1), z.maxLength(200)), FIELD_VALUE)),
});
type Input = z.infer<typeof input>;
type FieldValue = z.infer<typeof FIELD_VALUE>;

/** The form's field holding the idea's name (the idea schema's own key). */
const NAME_KEY = 'name';

/** A value as the form's controls take it: the text a user types, or the list of chosen values. */
const rawOf = (value: FieldValue): RawValues[string] =>
  Array.isArray(value) ? value : value === null ? '' : typeof value === 'string' ? value : String(value);

/** All values, the name included, as the user confirms them. */
const valuesOf = (i: Input): Record<string, FieldValue> => ({ ...i.values, [NAME_KEY]: i.name });

/** What the form asks, for the model to fix its call: key, type, required, choices. */
const fieldsText = (fields: readonly FormField[]) =>
  fields
    .slice(0, 50)
    .map(
      (f) =>
        `${f.key} (${f.type}${f.required ? ', required' : ''}${f.options ? `; one of ${f.options.map((o) => quoted(o.value, 100)).join(', ')}` : ''})`,
    )
    .join(', ');

/** What the user confirms: the connection, the name and every value as given (settings only: 0 requests). */
function confirmation(ctx: Pick<Services, 'connections' | 'activeConnection'>, i: Input): ToolConfirmation {
  const connection = ideaToolConnection(ctx, i.connection);
  const lines = Object.entries(valuesOf(i)).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  return {
    connection,
    title: t('Submit the idea {0} to {1}?', quoted(i.name), connection.label),
    message: lines.join('\n'),
    action: t('Submit'),
  };
}

export const submitIdea = defineTool<Uses, Input>({
  name: ToolName.submitIdea,
  referenceName: 'orchestratorSubmitIdea',
  displayName: nls('Submit Automation Idea'),
  userDescription: nls('Submits a new idea with the fields of the idea form; you confirm before it is sent.'),
  modelDescription:
    'Submits ONE new automation idea to the idea service: its name and the other fields of the idea form by key (text; numbers; true/false for yes/no; a list of choice values for multiple choice; category and user fields by their number; dates as YYYY-MM-DD). The values are checked against the form before anything is sent; wrong or missing fields are returned naming each field and nothing is sent. The user confirms in the editor first; a read-only connection refuses. Sent once and never repeated: if the outcome is unknown, find the idea by name (orchestrator_findIdeas) to check, never submit again on your own. Returns the new idea id. Sends 2 requests (the form, the submit).',
  input,
  describe: {
    connection: IDEA_CONNECTION_DESCRIBED,
    name: 'The idea name.',
    values: 'The other fields of the idea form, by key (e.g. description, category, frequency).',
  },
  requests: 2,
  changes: { confirm: confirmation },
  progress: (i) => t('Submitting the idea {0}', i.name),
  async run({ ctx, signal }, i) {
    const connection = ideaToolConnection(ctx, i.connection);
    const client = await ctx.ideasClientFor(connection);
    const schema = await client.schema({ signal });
    const fields = fieldsOf(schema);
    const raw = Object.fromEntries(Object.entries(valuesOf(i)).map(([key, value]) => [key, rawOf(value)]));
    // The idea form's own reading and checks (the service checks once more).
    const { values, problems } = readForm(fields, raw, {});
    if (problems.length > 0)
      throw new ToolAnswer(
        `Nothing was sent. Fix these fields: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}. The form's fields: ${fieldsText(fields)}. Ask the user for missing values, then call again.`,
      );
    try {
      const idea = await client.submit(schema, values, { signal });
      ctx.ideas.refreshConnection(connection.id);
      return `Submitted the idea ${quoted(idea.name)} to ${JSON.stringify(connection.label)}: id=${idea.id} phase=${quoted(idea.phase)} status=${quoted(idea.status)}. Read it with orchestrator_ideaDetails.`;
    } catch (error) {
      if (isOutcomeUnknown(error))
        throw new ToolAnswer(
          `The submit was sent but the idea service did not confirm it (${quoted(unknownOutcomeReason(error))}): the idea may or may not have been created. Do not submit it again; find it by name with ${ToolName.findIdeas} (search ${quoted(i.name, 200)}) to check.`,
        );
      if (error instanceof OrchestratorError && error.fieldErrors?.length)
        throw new ToolAnswer(
          `The idea service refused the idea; nothing was created. Fields: ${error.fieldErrors
            .slice(0, 20)
            .map((e) => `${quoted(e.field, 200)}: ${quoted(e.message)}`)
            .join('; ')}. Fix them (ask the user), then call again.`,
        );
      throw error;
    }
  },
});
