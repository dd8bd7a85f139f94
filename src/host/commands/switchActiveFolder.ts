import { CommandId, ViewId } from '../../constants';
import { collectAll } from '../../core/odata/paging';
import { pickConnection } from './pickConnection';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { confirmed } from '../guards/confirmed';
import { nls, paletteCommand } from './contribution';

type Uses = Pick<Services, 'accountFor' | 'active' | 'clientFor' | 'commands' | 'connections' | 'input'>;

/** Chooses the connection and folder that commands act on by default (shown in the status bar). */
export const switchActiveFolder: CommandDefinition<Uses> = {
  id: CommandId.switchActiveFolder,
  contributes: paletteCommand(nls('Switch Active Folder…'), '$(folder)', 'withConnections', {
    viewTitle: [{ views: ViewId.explorer, group: 'navigation', order: 2 }],
  }),
  asksFirst: true,
  title: t('Switch Active Folder'),
  async run({ ctx, signal, progressTitle }, arg) {
    const connection = await pickConnection(ctx, arg, t('Which connection?'));
    if (!connection) return undefined;
    if (!ctx.accountFor(connection.id)) {
      const signIn = await confirmed(ctx.input, {
        message: t('You are not signed in to {0}.', connection.label),
        actions: [t('Sign In')],
        modal: false,
        severity: 'warning',
      });
      if (signIn) await ctx.commands.signIn(connection.id);
      if (!ctx.accountFor(connection.id)) return undefined;
    }
    progressTitle(t('Reading the folders of {0}…', connection.label));
    const folders = await collectAll(
      ctx.clientFor(connection).folders.iterate({ signal, query: { orderBy: [{ path: 'FullyQualifiedName' }] } }),
    );
    if (folders.length === 0)
      throw new Error(t('You have no folders in {0}. Ask an administrator to assign you to one.', connection.label));
    const pick = await ctx.input.pick(
      folders.map((f) => ({
        label: plainText(f.FullyQualifiedName),
        description: f.FolderType === 'Personal' ? t('personal workspace') : undefined,
        folder: f,
      })),
      { title: plainText(t('Active folder in {0}', connection.label)), matchOnDescription: true },
    );
    if (!pick) return undefined;
    await ctx.active.set({
      connectionId: connection.id,
      folder: { id: pick.folder.Id, path: pick.folder.FullyQualifiedName },
    });
    return pick.folder.FullyQualifiedName;
  },
};
