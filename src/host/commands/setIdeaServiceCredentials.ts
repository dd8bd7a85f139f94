import * as vscode from 'vscode';
import { CommandId, ideaSecretKey, ViewId } from '../../constants';
import { ideasBaseUrl } from '../../core/connections';
import { IdeaClient } from '../../core/ideas/client';
import { ideaCredentialsSecret } from '../../core/auth/boundSecrets';
import { pickConnection } from './pickConnection';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { inIdeas, nls, paletteCommand } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';
import { errorMessage } from '../../core/errorMessage';

type Uses = Pick<
  Services,
  'accountFor' | 'commands' | 'connections' | 'extension' | 'fetch' | 'ideaCredentialsChanged' | 'input' | 'log'
>;

/** The idea service's API token and app key, entered once, checked with a cheap call, kept in SecretStorage. */
export const setIdeaServiceCredentials: CommandDefinition<Uses> = {
  id: CommandId.setIdeaServiceCredentials,
  contributes: paletteCommand(nls('Set Idea Service Credentials…'), '$(key)', 'withConnections', {
    rows: [inIdeas([ContextValue.ideasConnection], '2_connection', 1)],
    viewTitle: [{ views: ViewId.ideas, group: 'navigation', order: 2 }],
  }),
  asksFirst: true,
  title: t('Set Idea Service Credentials'),
  async run({ ctx, signal, progressTitle }, arg) {
    const connection = await pickConnection(ctx, arg, t('Idea-service credentials for which connection?'));
    if (!connection) return;
    const baseUrl = ideasBaseUrl(connection);
    if (!baseUrl)
      throw new Error(
        t('\'{0}\' has no idea-service URL. Set "Idea-service URL" with Edit Connection first.', connection.label),
      );
    const ask = (title: string, prompt: string) =>
      ctx.input.input({
        title,
        prompt,
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) =>
          /^\S{8,}$/.test(v.trim()) ? undefined : t('Paste the whole value (at least 8 characters, no spaces).'),
      });
    const token = (
      await ask(
        plainText(t('Idea service of {0}: API token', connection.label)),
        t('From the administration console: platform setup, Open API.'),
      )
    )?.trim();
    if (!token) return;
    const appKey = (
      await ask(plainText(t('Idea service of {0}: app key', connection.label)), t('Generated with the API token.'))
    )?.trim();
    if (!appKey) return;
    ctx.log.redact(token);
    ctx.log.redact(appKey);
    progressTitle(t('Checking the credentials with the idea service of {0}…', connection.label));
    const client = new IdeaClient({ baseUrl, token: async () => token, appKey: async () => appKey, fetch: ctx.fetch });
    try {
      await client.schema({ signal });
    } catch (error) {
      throw new Error(t('The idea service did not accept these credentials: {0}', errorMessage(error)), {
        cause: error,
      });
    }
    await ctx.extension.secrets.store(ideaSecretKey(connection.id), ideaCredentialsSecret({ token, appKey }, baseUrl));
    ctx.ideaCredentialsChanged();
    void vscode.window.showInformationMessage(
      plainText(t('Idea-service credentials saved for {0}.', connection.label)),
    );
  },
};
