import { connectionSlug, legacyConnectionSlug } from '../../core/documents/orchestratorUri';
import { CommandId, ideaSecretKey } from '../../constants';
import { applicationSecretKey } from '../../core/auth/applicationGrant';
import { pickConnection } from './pickConnection';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { confirmed } from '../guards/confirmed';
import { connectionCommand, nls } from './contribution';

type Uses = Pick<
  Services,
  | 'accountFor'
  | 'active'
  | 'commands'
  | 'connections'
  | 'documents'
  | 'extension'
  | 'folderPreferences'
  | 'input'
  | 'log'
  | 'sessions'
>;

/**
 * Removes a connection after confirmation, with its sign-ins, application secret and idea-service credentials, its
 * document drafts, and the folders hidden or pinned in it.
 */
export const removeConnection: CommandDefinition<Uses> = {
  id: CommandId.removeConnection,
  contributes: connectionCommand(nls('Remove Connection…'), '$(trash)', 2),
  asksFirst: true,
  title: t('Remove Connection'),
  async run({ ctx }, arg) {
    const connection = await pickConnection(ctx, arg, t('Remove which connection?'));
    if (!connection) return;
    const yes = await confirmed(ctx.input, {
      message: t("Remove the connection '{0}'?", connection.label),
      detail: t(
        'Its sign-ins, application secret, idea-service credentials and unapplied document drafts are deleted from this machine. Nothing changes on the service.',
      ),
      actions: [t('Remove')],
      modal: true,
    });
    if (!yes) return;
    for (const account of ctx.sessions.accounts().filter((a) => a.connectionId === connection.id))
      await ctx.sessions.remove(account.id);
    await ctx.extension.secrets.delete(ideaSecretKey(connection.id));
    await ctx.extension.secrets.delete(applicationSecretKey(connection.id));
    await ctx.connections.save(ctx.connections.raw().filter((c) => c.label !== connection.label));
    if (ctx.active.get().connectionId === connection.id) await ctx.active.set({});
    await ctx.folderPreferences.forget(connection.id);
    await ctx.documents.drafts.forgetConnection([connectionSlug(connection.id), legacyConnectionSlug(connection.id)]);
    ctx.log.info(`Removed connection ${connection.label}.`);
  },
};
