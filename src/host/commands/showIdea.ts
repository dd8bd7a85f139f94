import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { inIdeas, nls, rowCommand, withButton } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'panels'>;

/** An automation's schema view in the idea form panel; fields the schema allows can be edited and saved (PATCH). */
export const showIdea: CommandDefinition<Uses> = {
  id: CommandId.showIdea,
  contributes: rowCommand(nls('Show Idea'), '$(open-preview)', withButton(inIdeas([ContextValue.idea], '1_idea', 1))),
  title: t('Show Idea'),
  async run({ ctx }, node) {
    const { connection, idea } = rowOf(node, 'idea');
    return (await ctx.panels.showIdeaForm({ connectionId: connection.id, automationId: idea.id }, idea)).identity;
  },
};
