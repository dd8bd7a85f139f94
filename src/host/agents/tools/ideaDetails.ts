// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { DATA_NOTICE, quoted, ROWS_MAX } from '../../../core/agents/resultText';
import { t } from '../../../core/l10n';
import { rawOf } from '../../../shared/ideaFormModel';
import { fieldsOf } from '../../webviews/ideaFormContent';
import type { Services } from '../../services';
import { defineTool, nls } from '../toolDefinition';
import { ToolName } from '../toolNames';
import { IDEA_CONNECTION_DESCRIBED, ideaToolConnection } from './ideaConnection';
import { connectionField } from './toolInputs';

type Uses = Pick<Services, 'connections' | 'activeConnection' | 'ideasClientFor'>;

const input = z.object({
  connection: connectionField,
  id: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
});

/** A value as the form's control shows it: one text, or a list of choices. */
const valueText = (value: string | string[]) =>
  Array.isArray(value)
    ? `[${value
        .slice(0, ROWS_MAX)
        .map((v) => quoted(v, 200))
        .join(', ')}]`
    : quoted(value);

export const ideaDetails = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.ideaDetails,
  referenceName: 'orchestratorIdeaDetails',
  displayName: nls('Automation Idea Details'),
  userDescription: nls("Reads one idea's fields as its form shows them."),
  modelDescription:
    "Reads one automation idea by its id (from orchestrator_findIdeas): every field of its form with key, label, type, whether required, and its value as the form shows it (choices and categories by their value, users by id). At most 50 fields; long values are cut. Sends 1 request (the idea's form).",
  input,
  describe: {
    connection: IDEA_CONNECTION_DESCRIBED,
    id: 'The idea id, as orchestrator_findIdeas lists it.',
  },
  requests: 1,
  progress: (i) => t('Reading idea {0}', i.id),
  opens: (i) => ({ kind: 'idea', connection: i.connection, id: i.id }),
  async run({ ctx, signal }, i) {
    const connection = ideaToolConnection(ctx, i.connection);
    const client = await ctx.ideasClientFor(connection);
    const form = await client.ideaForm(i.id, { signal });
    const fields = fieldsOf(form.schema);
    const lines = fields
      .slice(0, ROWS_MAX)
      .map(
        (f, n) =>
          `${n + 1}. key=${quoted(f.key, 200)} label=${quoted(f.label, 200)} type=${f.type} required=${f.required} value=${valueText(rawOf(f, form.values[f.key]))}`,
      );
    if (fields.length > ROWS_MAX) lines.push(`${fields.length - ROWS_MAX} more fields not shown.`);
    return [
      `Idea ${i.id} of ${JSON.stringify(connection.label)}, form ${quoted(form.schema.title, 200)} (version ${form.schema.version}):`,
      DATA_NOTICE,
      ...lines,
    ].join('\n');
  },
});
