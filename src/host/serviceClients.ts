import type * as vscode from 'vscode';
import { ideaSecretKey } from '../constants';
import { signInMismatch, usableIdeaCredentials } from '../core/auth/boundSecrets';
import type { SessionManager } from '../core/auth/sessions';
import { ideasBaseUrl, type Connection } from '../core/connections';
import { RateLimitScheduler } from '../core/http/scheduler';
import { IdeaClient } from '../core/ideas/client';
import { OrchestratorClient } from '../core/orchestrator/client';
import type { Dialect } from '../core/http/connection';
import type { Exchange } from '../core/http/exchange';
import { t } from '../core/l10n';

/** What the clients need, and nothing else (the Ctx passes its own; unit tests a few plain objects). */
export interface ServiceClientsDeps {
  readonly sessions: Pick<SessionManager, 'accounts' | 'accessToken'>;
  /** The connection's service dialect (read once from its API definition: dialects.ts). */
  dialectOf(connection: Connection): Promise<Dialect>;
  /** A path in the dialect's namespaces answered 404, or the folder-Key header's try proved something (dialects.ts). */
  dialectMissed?(connection: Connection): void;
  folderKeyAnswered?(connection: Connection, accepted: boolean): void;
  /** The request log: every request's outcome, as the log level asks (log.ts). */
  logRequest(exchange: Exchange): void;
  /** Every request goes through this (counted by the Ctx). */
  readonly fetch: typeof fetch;
  readonly secrets: Pick<vscode.SecretStorage, 'get'>;
  /** Registers a secret with the log, which then never writes it. */
  redact(secret: string): void;
  /** The tenant's request budget per minute (a user setting), read when a tenant's scheduler is made. */
  budgetPerMinute(): number;
  /** Whether the connection's idea service waits for a sign-in (its account signed out: signedOut.ts). */
  ideasNeedSignIn(connectionId: string): boolean;
  /** Settles once the sandbox's idea credentials from the environment are stored (npm start, tests). */
  sandboxIdeasStored(): Promise<unknown>;
}

/**
 * The clients of the services, one per connection and cached: an orchestration client signed in as the connection's
 * account (one rate-limit scheduler per tenant, kept across new clients so the budget is the tenant's), and an idea
 * client with the credentials from SecretStorage. A secret is used only for the origins it was issued for
 * (boundSecrets.ts); a connection whose URLs changed gets no client until the user signs in again.
 */
export class ServiceClients {
  private readonly orchestrator = new Map<string, { client: OrchestratorClient; accountId: string }>();
  private readonly schedulers = new Map<string, RateLimitScheduler>();
  private readonly ideas = new Map<string, IdeaClient>();

  constructor(private readonly deps: ServiceClientsDeps) {}

  /** The typed client of a connection, signed in as its account; one rate-limit budget per tenant. */
  clientFor(connection: Connection): OrchestratorClient {
    const account = this.deps.sessions.accounts().find((a) => a.connectionId === connection.id);
    if (!account)
      throw new Error(t('You are not signed in to \'{0}\'. Run "Orchestrator: Sign In".', connection.label));
    const mismatch = signInMismatch(account, connection);
    if (mismatch) throw new Error(mismatch);
    const cached = this.orchestrator.get(connection.id);
    if (cached && cached.accountId === account.id) return cached.client;
    let scheduler = this.schedulers.get(connection.id);
    if (!scheduler) {
      scheduler = new RateLimitScheduler({ budgetPerMinute: this.deps.budgetPerMinute() });
      this.schedulers.set(connection.id, scheduler);
    }
    const client = new OrchestratorClient({
      connection,
      fetch: this.deps.fetch,
      token: ({ forceRefresh }) => this.deps.sessions.accessToken(account.id, { forceRefresh }),
      scheduler,
      dialect: () => this.deps.dialectOf(connection),
      onDialectMiss: () => this.deps.dialectMissed?.(connection),
      onFolderKey: (accepted) => this.deps.folderKeyAnswered?.(connection, accepted),
      onExchange: (exchange) => this.deps.logRequest(exchange),
    });
    this.orchestrator.set(connection.id, { client, accountId: account.id });
    return client;
  }

  /** The rate-limit scheduler of a connection's tenant, once a client was made for it. */
  schedulerFor(connectionId: string): RateLimitScheduler | undefined {
    return this.schedulers.get(connectionId);
  }

  /** The idea-service client of a connection, with the API token and app key from SecretStorage. */
  async ideasClientFor(connection: Connection): Promise<IdeaClient> {
    if (this.deps.ideasNeedSignIn(connection.id))
      throw new Error(t("You are signed out of '{0}'. Sign in to use its idea service again.", connection.label));
    await this.deps.sandboxIdeasStored();
    const cached = this.ideas.get(connection.id);
    if (cached) return cached;
    const baseUrl = ideasBaseUrl(connection);
    if (!baseUrl)
      throw new Error(
        t(
          '\'{0}\' has no idea-service URL. Add it with "Orchestrator: Edit Connection…" (Idea-service URL).',
          connection.label,
        ),
      );
    const stored = await this.deps.secrets.get(ideaSecretKey(connection.id));
    if (!stored)
      throw new Error(
        t(
          'No idea-service credentials for \'{0}\'. Run "Orchestrator: Set Idea Service Credentials".',
          connection.label,
        ),
      );
    const usable = usableIdeaCredentials(stored, connection);
    if ('problem' in usable) throw new Error(usable.problem);
    const { token, appKey } = usable.credentials;
    this.deps.redact(token);
    this.deps.redact(appKey);
    const client = new IdeaClient({
      baseUrl,
      token: async () => token,
      appKey: async () => appKey,
      fetch: this.deps.fetch,
      onExchange: (exchange) => this.deps.logRequest(exchange),
    });
    this.ideas.set(connection.id, client);
    return client;
  }

  /** Connections or sign-ins changed: clients are made again on next use (schedulers stay: budgets are per tenant). */
  forgetClients(): void {
    this.orchestrator.clear();
    this.ideas.clear();
  }

  /** New or removed idea-service credentials: idea clients are made again on next use. */
  forgetIdeaClients(): void {
    this.ideas.clear();
  }
}
