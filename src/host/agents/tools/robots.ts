// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { isoTime, quoted, tableText } from '../../../core/agents/resultText';
import type { Services } from '../../services';
import { defineTool, nls } from '../toolDefinition';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { connectionField, folderField, PLACE_DESCRIBED } from './toolInputs';
import { t } from '../../../core/l10n';

type Uses = Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>;

const ROBOTS_MAX = 50;

const input = z.object({ connection: connectionField, folder: folderField });

export const robots = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.robots,
  referenceName: 'orchestratorRobots',
  displayName: nls('Orchestrator Robots'),
  userDescription: nls("A folder's robots and their sessions: available, busy or not reporting."),
  modelDescription:
    'The robots of one folder (at most 50) with their type, machine, user name and session: state (Available, Busy, Disconnected…), whether it stopped reporting (unresponsive) and when it last reported. Use it to see why jobs stay Pending. Sends 3 requests (the folder, its robots, their sessions).',
  input,
  describe: PLACE_DESCRIBED,
  requests: 3,
  progress: (i) => t('Reading the robots of {0}', i.folder),
  async run({ ctx, signal }, i) {
    const { connection, client, folder, path } = await toolPlace(ctx, i, signal);
    const page = await client.robots.list({ folder, signal, query: { top: ROBOTS_MAX, count: true } });
    const sessions = await client.robots.sessionsOf(
      page.items.map((r) => r.Id),
      { folder, signal },
    );
    return tableText({
      title: `Robots of folder ${quoted(path)} on ${JSON.stringify(connection.label)}:`,
      rows: page.items.map((robot) => {
        const session = sessions.get(robot.Id);
        return [
          ['robot', quoted(robot.Name)],
          ['id', robot.Id],
          ['type', quoted(robot.Type)],
          ['machine', quoted(robot.MachineName)],
          ['user', quoted(robot.Username)],
          ['session', session ? quoted(session.State) : 'none'],
          ['unresponsive', session?.IsUnresponsive ?? false],
          ['reported', isoTime(session?.ReportingTime)],
        ];
      }),
      total: page.count,
      narrowBy: 'folder',
      empty: 'No robots in this folder.',
    });
  },
});
