import { CommandId, ViewId } from '../../constants';
import { ideasBaseUrl } from '../../core/connections';
import { pickConnectionToChange } from './pickConnectionToChange';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { inIdeas, nls, paletteCommand } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'accountFor' | 'commands' | 'connections' | 'input' | 'log' | 'panels'>;

/** The idea form of a connection's idea service (GET /idea-schema), in a panel; one panel per connection. */
export const submitIdea: CommandDefinition<Uses> = {
  id: CommandId.submitIdea,
  contributes: paletteCommand(nls('Submit Idea…'), '$(lightbulb-sparkle)', 'withConnections', {
    changes: true,
    rows: [inIdeas([ContextValue.ideasConnection], '1_idea', 1)],
    viewTitle: [{ views: ViewId.ideas, group: 'navigation', order: 1 }],
  }),
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
