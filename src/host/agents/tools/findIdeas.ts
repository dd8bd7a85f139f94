// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { isoTime, quoted, tableText } from '../../../core/agents/resultText';
import { t } from '../../../core/l10n';
import type { Services } from '../../services';
import { defineTool, nls } from '../toolDefinition';
import { ToolName } from '../toolNames';
import { IDEA_CONNECTION_DESCRIBED, ideaToolConnection } from './ideaConnection';
import { connectionField, topField } from './toolInputs';

type Uses = Pick<Services, 'connections' | 'activeConnection' | 'ideasClientFor'>;

/** A filter: text the service compares as given. */
const filterText = z.optional(z.string().check(z.minLength(1), z.maxLength(200)));

const input = z.object({
  connection: connectionField,
  search: filterText,
  phase: filterText,
  status: filterText,
  top: topField,
});

export const findIdeas = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.findIdeas,
  referenceName: 'orchestratorIdeas',
  displayName: nls('Find Automation Ideas'),
  userDescription: nls('Finds ideas of the idea service by text, phase and status.'),
  modelDescription:
    'Finds automation ideas in the idea service: id, name, phase, status, submitter id, created and updated times (ISO, UTC). Filter by search text (in the name), phase (Idea, Assessment, Development, Live) and status (e.g. "Awaiting Review"). At most 50 rows; use the id with orchestrator_ideaDetails. Sends 1 request (one page); never pages through all ideas.',
  input,
  describe: {
    connection: IDEA_CONNECTION_DESCRIBED,
    search: 'Text the idea names contain.',
    phase: 'Only ideas in this phase, as the service names it.',
    status: 'Only ideas with this status, as the service names it.',
    top: 'How many ideas (default 20).',
  },
  requests: 1,
  progress: (i) => (i.search ? t('Finding ideas matching {0}', i.search) : t('Finding ideas')),
  async run({ ctx, signal }, i) {
    const connection = ideaToolConnection(ctx, i.connection);
    const client = await ctx.ideasClientFor(connection);
    const top = i.top ?? 20;
    const page = await client.ideas({
      search: i.search,
      phase: i.phase,
      status: i.status,
      page: 1,
      pageSize: top,
      signal,
    });
    const filters = [
      i.search ? `matching ${JSON.stringify(i.search)}` : '',
      i.phase ? `in phase ${JSON.stringify(i.phase)}` : '',
      i.status ? `with status ${JSON.stringify(i.status)}` : '',
    ].filter(Boolean);
    return tableText(
      {
        title: `Ideas of ${JSON.stringify(connection.label)}${filters.length ? ` ${filters.join(', ')}` : ''}:`,
        rows: page.data.map((idea) => [
          ['id', idea.id],
          ['name', quoted(idea.name)],
          ['phase', quoted(idea.phase)],
          ['status', quoted(idea.status)],
          ['submitterId', idea.submitterId ?? 'none'],
          ['created', isoTime(idea.createdAt)],
          ['updated', isoTime(idea.updatedAt)],
        ]),
        total: page.page.total,
        narrowBy: 'search, phase or status',
        empty: 'No ideas match.',
      },
      top,
    );
  },
});
