import { CommandId, ViewId } from '../../constants';
import { ideasBaseUrl } from '../../core/connections';
import { pickConnectionToChange } from './pickConnectionToChange';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { nls } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'accountFor' | 'commands' | 'connections' | 'input' | 'log' | 'panels'>;

/** The idea form of a connection's idea service (GET /idea-schema), in a panel; one panel per connection. */
export const submitIdea: CommandDefinition<Uses> = {
  id: CommandId.submitIdea,
  contributes: {
    title: nls('Submit Idea…'),
    icon: '$(lightbulb-sparkle)',
    palette: 'withConnections',
    changes: true,
    rows: [{ views: ViewId.ideas, rows: [ContextValue.ideasConnection], group: '1_idea', order: 1 }],
    viewTitle: [{ views: ViewId.ideas, group: 'navigation', order: 1 }],
  },
  title: t('Submit Idea…'),
  asksFirst: true,
  async run({ ctx }, node) {
    const connection = await pickConnectionToChange(
      ctx,
      node,
      t('Submit an idea to which idea service?'),
      t('Submit Idea'),
      (c) => ideasBaseUrl(c) !== undefined,
    );
    if (!connection) return undefined;
    if (!ideasBaseUrl(connection))
      throw new Error(
        t('\'{0}\' has no idea service. Add its URL with "Orchestrator: Edit Connection…".', connection.label),
      );
    return (await ctx.panels.showIdeaForm({ connectionId: connection.id })).identity;
  },
};
