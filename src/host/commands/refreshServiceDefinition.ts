import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { plainText } from '../../core/presentation/plainText';
import { pickConnection } from './pickConnection';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { connectionCommand, nls } from './contribution';

type Uses = Pick<Services, 'accountFor' | 'commands' | 'connections' | 'dialects' | 'input'>;

/**
 * Reads the connection's API definition again and keeps the names it finds (after the service was upgraded, or once a
 * definition that could not be read is reachable), and says what they are.
 */
export const refreshServiceDefinition: CommandDefinition<Uses> = {
  id: CommandId.refreshServiceDefinition,
  contributes: connectionCommand(nls('Refresh Service Definition'), '$(symbol-namespace)', 3),
  title: t('Refresh Service Definition'),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, arg) {
    const connection = await pickConnection(ctx, arg, t('Read the API definition of which connection?'));
    if (!connection) return undefined;
    progressTitle(t('Reading the API definition of {0}…', connection.label));
    const found = await ctx.dialects.refresh(connection, signal);
    if ('problem' in found)
      throw new Error(
        t(
          "{0}: {1}. The spec's names are used until it can be read; they can also be set on the connection (Edit Connection).",
          connection.label,
          found.problem,
        ),
      );
    const { namespace, queueNamespace, headerPrefix } = found.dialect;
    const overridden = [connection.namespace, connection.queueNamespace, connection.headerPrefix].some(Boolean);
    void vscode.window.showInformationMessage(
      plainText(
        t(
          '{0} names its operations {1}, its queue operations {2} and its folder headers {3}-….{4}',
          connection.label,
          namespace,
          queueNamespace,
          headerPrefix,
          overridden ? t(' The names set on the connection still take precedence.') : '',
        ),
      ),
    );
    return found.dialect;
  },
};
