import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { connectionIdOf } from '../../core/rows/rowOf';
import type { CommandDefinition } from './registry';
import type { Services } from '../services';
import { applicationSecretKey } from '../../core/auth/applicationGrant';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { confirmed } from '../guards/confirmed';
import { inExplorer, nls, paletteCommand } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'documents' | 'extension' | 'input' | 'log' | 'sessions'>;

/**
 * Sign Out: removes the account's refresh token from SecretStorage and its access token from memory, and its unapplied
 * document drafts (after asking, when it has any). An application's
 * secret is kept apart from its sign-in: the user is asked whether it goes too (kept, Sign In needs no typing).
 */
export const signOut: CommandDefinition<Uses> = {
  id: CommandId.signOut,
  contributes: paletteCommand(nls('Sign Out'), '$(sign-out)', 'signedIn', {
    rows: [inExplorer([ContextValue.connectionSignedIn], '1_session')],
  }),
  title: t('Sign Out'),
  async run({ ctx }, arg) {
    const connectionId = connectionIdOf(arg);
    const accounts = ctx.sessions.accounts().filter((a) => !connectionId || a.connectionId === connectionId);
    if (accounts.length === 0) {
      void vscode.window.showInformationMessage(t('You are not signed in to any Orchestrator connection.'));
      return;
    }
    const account =
      accounts.length === 1
        ? accounts[0]
        : (
            await ctx.input.pick(
              accounts.map((a) => ({ label: plainText(a.label), account: a })),
              { title: t('Sign out of which account?') },
            )
          )?.account;
    if (!account) return;
    // Drafts belong to the account that wrote them and go with it: said first, when there are any.
    const drafts = ctx.documents.drafts.countOf(account.id);
    if (drafts > 0) {
      const yes = await confirmed(ctx.input, {
        message: t('Sign out of {0} and delete your {1} unapplied document draft(s)?', account.label, drafts),
        detail: t(
          'Edits of arguments and input values you saved but did not apply to the service are kept for your account only, and deleted when you sign out. Apply them first to keep them.',
        ),
        actions: [t('Sign Out')],
        modal: true,
      });
      if (!yes) return;
    }
    await ctx.sessions.remove(account.id);
    const deleted = await ctx.documents.drafts.forgetAccount(account.id);
    if (deleted > 0) ctx.log.info(`Deleted ${deleted} unapplied draft(s) of ${account.label}.`);
    ctx.log.info(`Signed out ${account.label}.`);
    void vscode.window.showInformationMessage(plainText(t('Signed out {0}.', account.label)));
    if (account.kind === 'application') await offerToForgetSecret(ctx, account.connectionId, account.label);
  },
};

/** Signing out an application leaves its secret unless the user says otherwise (dismissing keeps it). */
async function offerToForgetSecret(
  ctx: Pick<Services, 'extension' | 'input' | 'log'>,
  connectionId: string,
  label: string,
): Promise<void> {
  const key = applicationSecretKey(connectionId);
  if (!(await ctx.extension.secrets.get(key))) return;
  const forget = await confirmed(ctx.input, {
    message: t('Also forget the application secret of {0}?', label),
    detail: t(
      'It is kept in secret storage so that Sign In does not ask for it again. Forget it when the secret should not stay on this machine.',
    ),
    actions: [t('Forget Secret'), t('Keep Secret')],
    modal: true,
  });
  if (!forget) return;
  await ctx.extension.secrets.delete(key);
  ctx.log.info(`Forgot the application secret of ${label}.`);
}
