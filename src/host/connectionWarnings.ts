import * as vscode from 'vscode';
import type { CommandCalls } from './commandCalls';
import type { Connection } from '../core/connections';
import type { StoredAccount } from '../core/auth/sessions';
import { plainText } from '../core/presentation/plainText';
import { t } from '../core/l10n';

/*
 * What the wiring (src/ctx.ts) tells the user when a connection cannot be used as it is: each is logged, then shown
 * once with the one action that mends it. Apart from Ctx, which only decides when they are said.
 */

type Log = { warn(text: string): void };

/** Connections in the settings that did not validate: the first named, the rest counted; Open Settings. */
export function warnUnusableConnections(log: Log, problems: readonly string[]): void {
  for (const problem of problems) log.warn(problem);
  void vscode.window
    .showWarningMessage(
      plainText(
        problems.length > 1
          ? t('Some Orchestrator connections cannot be used: {0} (+{1} more)', problems[0]!, problems.length - 1)
          : t('Some Orchestrator connections cannot be used: {0}', problems[0]!),
      ),
      t('Open Settings'),
    )
    .then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'orchestrator.connections');
    });
}

/** The service's definition could not be read: the spec's names stand in; Refresh Service Definition. */
export function warnSpecNamesUsed(
  { log, commands }: { log: Log; commands: Pick<CommandCalls, 'refreshServiceDefinition'> },
  connection: Connection,
  problem: string,
): void {
  log.warn(`${connection.label}: ${problem}; the spec's names are used.`);
  void vscode.window
    .showWarningMessage(
      plainText(
        t(
          "{0}: {1}. The spec's operation and header names are used, which this service may not accept. Set them on the connection, or refresh once the definition is reachable.",
          connection.label,
          problem,
        ),
      ),
      t('Refresh Service Definition'),
    )
    .then((choice) => {
      if (choice) void commands.refreshServiceDefinition(connection.id);
    });
}

/** A refresh token the identity provider no longer takes (invalid_grant): the sign-in was removed; Sign In. */
export function warnSignInExpired(
  { log, commands }: { log: Log; commands: Pick<CommandCalls, 'signIn'> },
  account: StoredAccount,
): void {
  log.warn(`The sign-in of ${account.label} expired (invalid_grant); it was removed.`);
  void vscode.window
    .showWarningMessage(
      plainText(t('Your sign-in to {0} has expired. Sign in again to continue.', account.label)),
      t('Sign In'),
    )
    .then((choice) => {
      if (choice) void commands.signIn(account.connectionId);
    });
}
