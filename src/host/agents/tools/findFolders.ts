// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { isoTime, quoted, tableText } from '../../../core/agents/resultText';
import { contains } from '../../../core/odata/filter';
import type { Services } from '../../services';
import { defineTool, nls, ToolAnswer } from '../toolDefinition';
import { toolConnection } from '../toolConnection';
import { ToolName } from '../toolNames';
import { DESCRIBED, connectionField } from './toolInputs';
import { t } from '../../../core/l10n';

type Uses = Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>;

const FOLDERS_MAX = 50;

export const findFolders = defineTool<Uses, { connection?: string; search?: string }>({
  name: ToolName.findFolders,
  referenceName: 'orchestratorFolders',
  displayName: nls('Find Orchestrator Folders'),
  userDescription: nls('Lists the connections and the folders of one, by name.'),
  modelDescription:
    'Lists the orchestration connections the user has set up: label, whether signed in, whether changes are allowed, confirmed each time or refused (read-only), and which one is active (used when a call leaves the connection out). Then the folders of one connection whose full path contains the search text: full path, id and type, at most 50. Use it first to find the exact folder path (or id) the other orchestrator tools take. If that connection is unknown or signed out, it still lists the connections and says what to do. Sends 1 request (one page of folders).',
  input: z.object({
    connection: connectionField,
    search: z.optional(z.string().check(z.maxLength(200))),
  }),
  describe: {
    connection: DESCRIBED.connection,
    search: 'Text the folder path contains (any case); all folders when left out.',
  },
  requests: 1,
  progress: (input) => t('Finding folders{0}', input.search ? ` "${input.search}"` : ''),
  async run({ ctx, signal }, input) {
    const active = ctx.activeConnection()?.id;
    const connections = ctx.connections
      .all()
      .map((c) => [
        ['connection', JSON.stringify(c.label)] as const,
        ['signedIn', ctx.accountFor(c.id) !== undefined] as const,
        [
          'changes',
          c.protection === 'readOnly'
            ? 'refused (read-only)'
            : c.protection === 'confirm'
              ? 'confirmed each'
              : 'allowed',
        ] as const,
        ['active', c.id === active] as const,
      ]);
    const connectionsText = [
      tableText({ title: "Connections (labels are the user's own):", rows: connections, empty: 'None.' }),
      `Read at ${isoTime(new Date())}.`,
    ];
    let connection;
    try {
      connection = toolConnection(ctx, input.connection);
    } catch (error) {
      // Unknown or signed out: the connections are still the answer (0 requests), with why no folders were read.
      if (!(error instanceof ToolAnswer)) throw error;
      return [...connectionsText, `No folders were read: ${error.message}`].join('\n\n');
    }
    const page = await ctx.clientFor(connection).folders.list({
      query: {
        filter: input.search ? contains('FullyQualifiedName', input.search) : undefined,
        orderBy: [{ path: 'FullyQualifiedName' }],
        top: FOLDERS_MAX,
        count: true,
      },
      signal,
    });
    const folders = tableText({
      title: `Folders of ${JSON.stringify(connection.label)}${input.search ? ` whose path contains ${quoted(input.search)}` : ''}:`,
      rows: page.items.map((f) => [
        ['path', quoted(f.FullyQualifiedName)],
        ['id', f.Id],
        ['type', quoted(f.FolderType ?? 'unknown')],
      ]),
      total: page.count,
      narrowBy: 'a longer search text',
      empty: 'No folder matches.',
    });
    return [...connectionsText, folders].join('\n\n');
  },
});
