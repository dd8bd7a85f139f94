import * as z from 'zod/mini';
import { CommandId } from '../../constants';
import { t } from '../../core/l10n';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { nls } from './contribution';
import { ChatLinkTarget } from '../agents/chatLinks';
import { toolPlace } from '../agents/toolFolder';
import { ideaToolConnection } from '../agents/tools/ideaConnection';

type Uses = Pick<Services, 'accountFor' | 'activeConnection' | 'clientFor' | 'connections' | 'panels'>;

/**
 * A chat link's command: opens the job, queue item or idea a tool call named, in its panel. Offered nowhere but in
 * those links; its argument is checked again here (1 request to find the folder; opening a panel reads the rest).
 */
export const openFromChat: CommandDefinition<Uses> = {
  id: CommandId.openFromChat,
  contributes: { title: nls('Open from Chat'), palette: 'never' },
  title: t('Open from Chat'),
  async run({ ctx, signal }, raw) {
    const parsed = z.safeParse(ChatLinkTarget, raw);
    if (!parsed.success) throw new Error(t('This link does not name a job, queue item or idea to open.'));
    const target = parsed.data;
    if (target.kind === 'idea') {
      const connection = ideaToolConnection(ctx, target.connection);
      await ctx.panels.showIdeaForm({ connectionId: connection.id, automationId: target.id });
      return target.id;
    }
    const { connection, folder } = await toolPlace(ctx, target, signal);
    if (target.kind === 'job')
      await ctx.panels.showJob({ connectionId: connection.id, folderId: folder.id, jobKey: target.jobKey });
    else await ctx.panels.showQueueItem({ connectionId: connection.id, folderId: folder.id, itemId: target.itemId });
    return target.kind === 'job' ? target.jobKey : target.itemId;
  },
};
