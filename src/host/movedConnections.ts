import * as vscode from 'vscode';
import type { CommandCalls } from './commandCalls';
import { signInMismatch } from '../core/auth/boundSecrets';
import type { Connection } from '../core/connections';
import type { StoredAccount } from '../core/auth/sessions';
import { plainText } from '../core/presentation/plainText';
import { t } from '../core/l10n';

interface Needs {
  connections: {
    all(): Connection[];
    get(id: string): Connection | undefined;
    onDidChange: vscode.Event<Connection[]>;
  };
  sessions: { accounts(): StoredAccount[]; onDidChange(listener: () => void): { dispose(): void } };
  log: { warn(text: string): void };
  commands: Pick<CommandCalls, 'signIn'>;
}

/**
 * A connection edited to point at another service or identity provider keeps its stored sign-in, but that sign-in is
 * no longer used (its tokens are bound to where it was made: see boundSecrets.ts). Say so once per change, with a way
 * to sign in again, instead of leaving the user with a connection that looks signed out for no reason.
 */
export function tellAboutMovedConnections(ctx: Needs): vscode.Disposable {
  const told = new Set<string>();
  const check = () => {
    for (const account of ctx.sessions.accounts()) {
      const connection = ctx.connections.get(account.connectionId);
      const why = connection && signInMismatch(account, connection);
      if (!why || told.has(`${account.id}\n${why}`)) continue;
      told.add(`${account.id}\n${why}`);
      ctx.log.warn(why);
      void vscode.window.showWarningMessage(plainText(why), t('Sign In')).then((choice) => {
        if (choice) void ctx.commands.signIn(account.connectionId);
      });
    }
  };
  // Also when the stored sign-ins load: the settings may have been edited while the editor was closed.
  return vscode.Disposable.from(ctx.connections.onDidChange(check), ctx.sessions.onDidChange(check));
}
