import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { AUTH_PROVIDER_ID, connectionScope } from '../auth/provider';
import { pickConnection } from './pickConnection';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { inExplorer, nls, paletteCommand, withButton } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'accountFor' | 'active' | 'auth' | 'commands' | 'connections' | 'input'>;

/**
 * Sign In: the VS Code way (the account then appears in the Accounts menu), in the browser or as an application (the
 * provider asks for its secret). A connection that signs in with an access token goes to the token sign-in.
 */
export const signIn: CommandDefinition<Uses> = {
  id: CommandId.signIn,
  contributes: paletteCommand(nls('Sign In'), '$(sign-in)', 'withConnections', {
    rows: withButton(inExplorer([ContextValue.connectionSignedOut], '1_session')),
  }),
  title: t('Sign In'),
  ownProgress: true,
  async run({ ctx }, arg) {
    const connection = await pickConnection(ctx, arg, t('Sign in to which connection?'));
    if (!connection) return undefined;
    if (connection.authentication === 'accessToken') return ctx.commands.signInWithAccessToken(connection.id);
    // Through VS Code, so the account shows in the Accounts menu and this extension is recorded as allowed to use it.
    // A sign-in to the connection still pending (its login page closed unfinished) is replaced, not waited for.
    const session = await ctx.auth.requestSession(connection.id, () =>
      vscode.authentication.getSession(AUTH_PROVIDER_ID, [connectionScope(connection.id)], { createIfNone: true }),
    );
    // Replaced by a newer sign-in, or cancelled (the provider said so).
    if (!session) return undefined;
    if (!ctx.active.get().connectionId) await ctx.active.set({ connectionId: connection.id });
    void vscode.window.showInformationMessage(plainText(t('Signed in as {0}.', session.account.label)));
    return session.account.label;
  },
};
