import { CommandId, ViewId } from '../../constants';
import { isPortalRow, PORTAL_ROW_KINDS, portalLink } from '../../core/portalLinks';
import { carriedRow, refusal } from '../../core/rows/rowOf';
import { t } from '../../core/l10n';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { nls } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'input'>;

/**
 * Open in Web Portal: the row's page on the service's own web portal, in the browser (core/portalLinks.ts builds the
 * address from the connection's portal URL). Reads nothing and changes nothing: it is offered on read-only
 * connections too.
 */
export const openInPortal: CommandDefinition<Uses> = {
  id: CommandId.openInPortal,
  contributes: {
    title: nls('Open in Web Portal'),
    icon: '$(link-external)',
    palette: 'never',
    rows: [
      {
        views: ViewId.explorer,
        rows: [
          ContextValue.connectionSignedIn,
          ContextValue.connectionSignedOut,
          ContextValue.folder,
          ContextValue.process,
          ContextValue.processOutdated,
          ContextValue.jobRunning,
          ContextValue.jobFinal,
          ContextValue.queue,
          ContextValue.queueItem,
          ContextValue.asset,
        ],
        group: '9_portal',
        order: 1,
      },
      { views: ViewId.ideas, rows: [ContextValue.idea, ContextValue.storeIdea], group: '9_portal', order: 1 },
    ],
  },
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
