import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import type { SessionManager, StoredAccount } from '../../core/auth/sessions';
import { TokenError, type TokenResponse } from '../../core/auth/tokens';
import { newAccount } from '../../core/auth/accounts';
import { plainText } from '../../core/presentation/plainText';
import { signInMismatch } from '../../core/auth/boundSecrets';
import type { Logger } from '../log';
import { abortSignalOf } from '../guards/abortSignal';
import { applicationSecretFor, signInAsApplication, type ApplicationSignInDeps } from './applicationSignIn';
import { t } from '../../core/l10n';
import { onFirstUse } from '../../core/onFirstUse';
import { PendingSignIns, stoppedNotice } from './pendingSignIns';
import { errorMessage } from '../../core/errorMessage';

/** The browser sign-in's code (PKCE, the loopback server, id_token checks) loads when a user signs in. */
const signInFlow = onFirstUse(() => import('./signInFlow'));

export const AUTH_PROVIDER_ID = 'orchestrator';
export const AUTH_PROVIDER_LABEL = 'Orchestrator';
/** Sessions are asked for per connection: `connection:<id>` among the scopes. */
// l10n: code (a scope)
export const connectionScope = (connectionId: string) => `connection:${connectionId}`;
/**
 * The scopes a session reports: only its connection. The editor clears an Accounts-menu sign-in request when a session
 * with exactly the requested scopes appears, and requests name the connection alone (the OAuth scopes granted are
 * kept with the account).
 */
const sessionScopes = (connectionId: string) => [connectionScope(connectionId)];

/**
 * The VS Code AuthenticationProvider: several accounts (one or more per tenant connection), shown in the Accounts
 * menu. Access tokens come from the session manager (memory only), refresh tokens never leave SecretStorage.
 */
export class OrchestratorAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;
  private readonly subscription: { dispose(): void };
  private readonly signOutHooks = new Set<(account: StoredAccount) => Promise<unknown>>();
  /** The browser sign-ins in progress: a new one to the same connection replaces the pending one. */
  private readonly pending = new PendingSignIns();

  constructor(
    private readonly sessions: SessionManager,
    private readonly connections: { all(): Connection[]; get(id: string): Connection | undefined },
    private readonly log: Logger,
    private readonly loopbackPort: () => number,
    private readonly application: ApplicationSignInDeps,
  ) {
    this.subscription = sessions.onDidChange((change) => {
      const toSession = (account: StoredAccount): vscode.AuthenticationSession => ({
        id: account.id,
        accessToken: '',
        account: { id: account.id, label: account.label },
        scopes: sessionScopes(account.connectionId),
      });
      this.emitter.fire({
        added: change.added.map(toSession),
        removed: change.removed.map(toSession),
        changed: change.changed.map(toSession),
      });
    });
  }

  private wanted(scopes: readonly string[] | undefined): string | undefined {
    return scopes?.find((s) => s.startsWith('connection:'))?.slice('connection:'.length);
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    const connectionId = this.wanted(scopes);
    const result: vscode.AuthenticationSession[] = [];
    for (const account of this.sessions.accounts()) {
      if (connectionId && account.connectionId !== connectionId) continue;
      // A sign-in made for other origins than the connection has now is not handed out: asking for a session then
      // starts a new sign-in instead (which replaces it).
      const connection = this.connections.get(account.connectionId);
      if (connection && signInMismatch(account, connection)) continue;
      try {
        const accessToken = await this.sessions.accessToken(account.id);
        result.push({
          id: account.id,
          accessToken,
          account: { id: account.id, label: account.label },
          scopes: sessionScopes(account.connectionId),
        });
      } catch (error) {
        // A network failure is not a sign-out: the account stays and is offered again once reachable.
        this.log.warn(`Could not renew the session of ${account.label}: ${errorMessage(error)}`);
      }
    }
    return result;
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    let connection = this.connections.get(this.wanted(scopes) ?? '');
    if (!connection) {
      const cloud = this.connections.all().filter((c) => c.authentication !== 'accessToken');
      const pick = await vscode.window.showQuickPick(
        cloud.map((c) => ({
          label: plainText(c.label),
          description: plainText(`${c.account}/${c.tenant}`),
          connection: c,
        })),
        { title: t('Sign in to which tenant?') },
      );
      if (!pick) throw new vscode.CancellationError();
      connection = pick.connection;
    }
    if (connection.authentication === 'accessToken')
      throw new Error(t('\'{0}\' signs in with an access token: use "Sign In with Access Token".', connection.label));
    if (connection.authentication === 'application') return this.createApplicationSession(connection);
    const target = connection;
    const { runAuthorizationCodeFlow } = await signInFlow();
    const attempt = await this.pending.begin(target.id);
    const stop = new vscode.CancellationTokenSource();
    attempt.signal.addEventListener('abort', () => stop.cancel(), { once: true });
    let signedIn: Awaited<ReturnType<typeof runAuthorizationCodeFlow>>;
    try {
      signedIn = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: plainText(t('Signing in to {0}… (finish in your browser)', target.label)),
          cancellable: true,
        },
        (_progress, token) => {
          token.onCancellationRequested(() => attempt.cancel());
          return runAuthorizationCodeFlow(target, stop.token, this.loopbackPort(), (m) => this.log.info(m));
        },
      );
    } catch (error) {
      // Replaced: the newer sign-in's login page is the answer. Cancelled: said here, as the editor says nothing.
      if (attempt.stopped) this.log.info(`The sign-in to ${target.label} was ${attempt.stopped}.`);
      const notice = stoppedNotice(attempt.stopped, target.label);
      if (notice) void vscode.window.showInformationMessage(plainText(notice));
      throw error;
    } finally {
      attempt.end();
      stop.dispose();
    }
    const { tokens, claims } = signedIn;
    const userName = claims.preferred_username ?? claims.email ?? claims.sub ?? 'user';
    const account = newAccount(target, userName, {
      scopes: tokens.scope ?? target.scopes,
      kind: 'oauth',
      identityUrl: target.identityUrl,
      clientId: target.clientId,
    });
    if (!tokens.refresh_token)
      this.log.warn(
        `The identity provider gave no refresh token for ${account.label}: you will have to sign in again when the access token expires.`,
      );
    return this.added(account, tokens);
  }

  /** Client credentials: the secret (stored, or asked once through the input seam), then the token. */
  private async createApplicationSession(target: Connection): Promise<vscode.AuthenticationSession> {
    const secret = await applicationSecretFor(this.application, target);
    if (!secret) throw new vscode.CancellationError();
    const { account, tokens } = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: plainText(t('Signing in to {0} as application {1}…', target.label, target.clientId)),
        cancellable: true,
      },
      (_progress, token) => signInAsApplication(this.application, target, secret, abortSignalOf(token)),
    );
    return this.added(account, tokens);
  }

  /** Keeps a new sign-in and answers it as the editor's session. */
  private async added(account: StoredAccount, tokens: TokenResponse): Promise<vscode.AuthenticationSession> {
    await this.sessions.add(account, tokens);
    this.log.info(`Signed in as ${account.label}.`);
    return {
      id: account.id,
      accessToken: tokens.access_token,
      account: { id: account.id, label: account.label },
      scopes: sessionScopes(account.connectionId),
    };
  }

  /**
   * Told (and awaited) when the user signs an account out from the editor's Accounts menu, so what belongs to the
   * account goes with it as with the Sign Out command. Not told when a sign-in expires: nothing of the user's is lost
   * then, and signing in again brings it back.
   */
  onSignOut(hook: (account: StoredAccount) => Promise<unknown>): vscode.Disposable {
    this.signOutHooks.add(hook);
    return { dispose: () => this.signOutHooks.delete(hook) };
  }

  async removeSession(sessionId: string): Promise<void> {
    const removed = await this.sessions.remove(sessionId);
    if (!removed) return;
    this.log.info(`Signed out ${removed.label}.`);
    for (const hook of this.signOutHooks) await hook(removed);
  }

  /**
   * The Sign In command's session request through the editor (`ask`): a pending sign-in to the connection is replaced
   * rather than joined or queued behind (pendingSignIns.ts). Undefined when this request's sign-in was replaced or
   * cancelled.
   */
  requestSession(
    connectionId: string,
    ask: () => Thenable<vscode.AuthenticationSession>,
  ): Promise<vscode.AuthenticationSession | undefined> {
    return this.pending.request(connectionId, ask);
  }

  dispose(): void {
    this.pending.dispose();
    this.subscription.dispose();
    this.emitter.dispose();
  }
}

export function isSignInExpired(error: unknown): boolean {
  return error instanceof TokenError && error.kind === 'invalid_grant';
}
