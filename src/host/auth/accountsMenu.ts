import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import { AUTH_PROVIDER_ID, connectionScope } from './provider';
import { errorMessage } from '../../core/errorMessage';

/**
 * Puts "Sign in with Orchestrator to use Orchestrator Workbench" into the editor's Accounts menu for every connection
 * that signs in through the provider (browser or application) and has no account, so a user can sign in from there as
 * with any other provider (choosing it runs the same sign-in as the Sign In command). Asking without createIfNone only records the request: no dialog, and
 * no request is sent for a connection without an account (our getSessions has nothing to refresh).
 */
export function offerSignInInAccountsMenu(
  connections: readonly Connection[],
  signedIn: (connection: Connection) => boolean,
  log: (message: string) => void,
): void {
  for (const connection of connections) {
    if (connection.authentication === 'accessToken' || signedIn(connection)) continue;
    vscode.authentication
      .getSession(AUTH_PROVIDER_ID, [connectionScope(connection.id)], { createIfNone: false })
      .then(undefined, (error: unknown) => {
        log(`Could not offer the sign-in to ${connection.label} in the Accounts menu: ${errorMessage(error)}`);
      });
  }
}
