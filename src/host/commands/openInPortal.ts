import { CommandId } from '../../constants';
import { isPortalRow, PORTAL_ROW_KINDS, portalLink } from '../../core/portalLinks';
import { carriedRow, refusal } from '../../core/rows/rowOf';
import { t } from '../../core/l10n';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { inExplorer, inIdeas, nls, rowCommand, RowKinds } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'input'>;

/**
 * Open in Web Portal: the row's page on the service's own web portal, in the browser (core/portalLinks.ts builds the
 * address from the connection's portal URL). Reads nothing and changes nothing: it is offered on read-only
 * connections too.
 */
export const openInPortal: CommandDefinition<Uses> = {
  id: CommandId.openInPortal,
  contributes: rowCommand(nls('Open in Web Portal'), '$(link-external)', [
    inExplorer(
      [
        ...RowKinds.connection,
        ContextValue.folder,
        ...RowKinds.process,
        ...RowKinds.job,
        ContextValue.queue,
        ContextValue.queueItem,
        ContextValue.asset,
      ],
      '9_portal',
      1,
    ),
    inIdeas([ContextValue.idea, ContextValue.storeIdea], '9_portal', 1),
  ]),
  title: t('Open in Web Portal'),
  async run({ ctx }, node) {
    const row = carriedRow(node);
    if (!row || !isPortalRow(row)) throw new Error(refusal(PORTAL_ROW_KINDS));
    const link = portalLink(row);
    if ('missing' in link)
      throw new Error(
        t('{0} Set it with "Orchestrator: Edit Connection…" (Web portal URL or Idea-service URL).', link.missing),
      );
    if (!(await ctx.input.openExternal(link.url))) return undefined;
    return link.url;
  },
};
