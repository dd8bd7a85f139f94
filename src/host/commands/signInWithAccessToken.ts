import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { OrchestratorClient } from '../../core/orchestrator/client';
import { newAccount } from '../../core/auth/accounts';
import { pickConnection } from './pickConnection';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls, paletteCommand } from './contribution';
import { errorMessage } from '../../core/errorMessage';

type Uses = Pick<
  Services,
  'accountFor' | 'active' | 'commands' | 'connections' | 'fetch' | 'input' | 'log' | 'sessions'
>;

/**
 * On-premises token acquisition is not specified: the user pastes an access token, which is checked with a cheap
 * authenticated call before it is stored (SecretStorage only).
 */
export const signInWithAccessToken: CommandDefinition<Uses> = {
  id: CommandId.signInWithAccessToken,
  contributes: paletteCommand(nls('Sign In with Access Token…'), '$(key)', 'withConnections'),
  asksFirst: true,
  title: t('Sign In with Access Token'),
  async run({ ctx, signal, progressTitle }, arg) {
    const connection = await pickConnection(ctx, arg, t('Sign in to which connection?'));
    if (!connection) return;
    const accessToken = await ctx.input.input({
      title: plainText(t('Sign in to {0} with an access token', connection.label)),
      prompt: t("Paste a bearer access token for this service. It is kept in VS Code's secret storage only."),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) =>
        /^\S{16,}$/.test(value.trim()) ? undefined : t('An access token is one word of at least 16 characters.'),
    });
    if (!accessToken) return;
    ctx.log.redact(accessToken.trim());
    const probe = new OrchestratorClient({ connection, fetch: ctx.fetch, token: async () => accessToken.trim() });
    progressTitle(t('Checking the token with {0}…', connection.label));
    try {
      await probe.users.permissions({ signal });
    } catch (error) {
      throw new Error(t('The token was not accepted by {0}: {1}', connection.label, errorMessage(error)), {
        cause: error,
      });
    }
    // The account's name is part of its id (and of the secret's key): a value, never a translated text.
    const userName = 'access token'; // l10n: code
    await ctx.sessions.add(
      newAccount(connection, userName, { scopes: '', kind: 'accessToken', accessToken: accessToken.trim() }),
    );
    if (!ctx.active.get().connectionId) await ctx.active.set({ connectionId: connection.id });
    void vscode.window.showInformationMessage(plainText(t('Signed in to {0} with an access token.', connection.label)));
  },
};
