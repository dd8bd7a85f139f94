import type * as vscode from 'vscode';
import type { SessionChange } from '../core/auth/sessions';
import type { Services } from './services';
import { Stored } from './storedState';
import { t } from '../core/l10n';

/**
 * What ends when a connection loses its last signed-in account (Sign Out, the Accounts menu, another window, an
 * expired grant): a user who signed out expects the account's data off the screen. Its log tails stop (each
 * document says why), its panels close (an idea form's unsent values stay as its draft), and its Ideas view asks
 * for a sign-in again.
 *
 * The idea service is not reached with the sign-in but with a token and app key, and those stay in SecretStorage:
 * they are the tenant's integration credentials, made by an administrator, and deleting them would make every
 * sign-out a trip to the administration console. Instead the connection's idea service is locked until the
 * connection is signed in again: the in-memory idea clients go, the view shows a sign-in row, and no idea command
 * or panel reaches the service. The lock is kept in the user's stored state, so reloading the window does not bring the data
 * back. A connection that was never signed in is not locked: its ideas need only the idea credentials, which is how
 * the sandbox demo shows ideas before anyone signs in.
 */
export class SignedOutConnections implements vscode.Disposable {
  private readonly locked: Set<string>;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly ctx: Pick<
      Services,
      'state' | 'sessions' | 'connections' | 'accountFor' | 'tails' | 'panels' | 'log'
    >,
  ) {
    this.locked = new Set(ctx.state.get(Stored.lockedConnections));
    this.subscription = ctx.sessions.onDidChange((change) => this.sessionsChanged(change));
  }

  /** The connection's idea service waits for a sign-in (its account signed out). */
  ideasNeedSignIn(connectionId: string): boolean {
    return this.locked.has(connectionId) && !this.ctx.accountFor(connectionId);
  }

  private sessionsChanged(change: SessionChange): void {
    const before = this.locked.size;
    const unlocked = change.added.filter((account) => this.locked.delete(account.connectionId)).length;
    const ended = new Set(
      change.removed.map((account) => account.connectionId).filter((id) => !this.ctx.accountFor(id)),
    );
    for (const connectionId of ended) {
      this.locked.add(connectionId);
      const label = this.ctx.connections.get(connectionId)?.label ?? t('the connection');
      const tails = this.ctx.tails.stopConnection(connectionId, label);
      const panels = this.ctx.panels.closeConnection(connectionId);
      if (tails + panels > 0)
        this.ctx.log.info(`Signed out of ${label}: stopped ${tails} log tail(s), closed ${panels} panel(s).`);
    }
    if (unlocked > 0 || this.locked.size !== before)
      void this.ctx.state.update(Stored.lockedConnections, [...this.locked]);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
