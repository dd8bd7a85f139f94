import * as vscode from 'vscode';
import { ContextKey, OUTPUT_CHANNEL_NAME } from './constants';
import { ExplorerTree } from './host/views/explorer/explorerTree';
import { IdeasTree } from './host/views/ideas/ideasTree';
import { registerAllCommands } from './host/commands/registry';
import { Logger } from './host/log';
import { ConnectionStore } from './host/connectionStore';
import { ActiveContext } from './host/active';
import { StoredState } from './host/storedState';
import { ConnectionStatusBar } from './host/statusBar';
import { secretStoreOf } from './host/auth/secretStore';
import { AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, OrchestratorAuthProvider } from './host/auth/provider';
import { offerSignInInAccountsMenu } from './host/auth/accountsMenu';
import { askApplicationSecret } from './host/auth/applicationSignIn';
import { SessionManager, type StoredAccount } from './core/auth/sessions';
import type { Connection } from './core/connections';
import type { OrchestratorClient } from './core/orchestrator/client';
import type { RateLimitScheduler } from './core/http/scheduler';
import type { IdeaClient } from './core/ideas/client';
import { ServiceClients } from './host/serviceClients';
import { Dialects } from './host/dialects';
import { CommandId } from './constants';
import type { UserInput } from './host/ui/userInput';
import { editorInput } from './host/ui/editorInput';
import { OrchestratorFileSystem } from './host/documents/orchestratorFileSystem';
import { watchDocumentProblems } from './host/documents/documentDiagnostics';
import { showDocumentState } from './host/documents/documentLenses';
import { JobWatcher } from './host/jobs/jobWatcher';
import { JobProblems } from './host/faults/jobProblems';
import { LogTails } from './host/logs/logTails';
import { Panels } from './host/webviews/panels';
import { SignedOutConnections } from './host/signedOut';
import { storeSandboxIdeaCredentials } from './host/sandboxIdeaCredentials';
import { sandboxOffer, type SandboxOffer } from './host/sandboxOffer';
import { FolderPreferenceStore } from './host/folderPreferenceStore';
import { checkOffStep, didFirstStep, FirstStep, openWalkthroughOnFirstRun } from './host/firstSteps';
import { userSettings } from './host/settings';
import { signInMismatch } from './core/auth/boundSecrets';
import { tellAboutMovedConnections } from './host/movedConnections';
import { plainText } from './core/presentation/plainText';
import { t } from './core/l10n';
import { errorMessage } from './core/errorMessage';

/** Time in `activate()` (the Ctx constructor), until the stored sessions are loaded, and requests sent by then (none). */
export interface ActivationCost {
  activateMs: number;
  readyMs: number;
  requestsBeforeReady: number;
}

/**
 * The one place that wires the extension together: it owns the services, the disposables and the context keys.
 */
export class Ctx implements vscode.Disposable {
  readonly log: Logger;
  readonly connections: ConnectionStore;
  readonly sessions: SessionManager;
  readonly auth: OrchestratorAuthProvider;
  readonly active: ActiveContext;
  /** What the extension keeps between sessions, key by key, checked on every read (storedState.ts). */
  readonly state: StoredState;
  /** The folders the user hid or pinned, per connection (Hide Folder, Pin to Top). */
  readonly folderPreferences: FolderPreferenceStore;
  readonly statusBar: ConnectionStatusBar;
  readonly explorer: ExplorerTree;
  readonly ideas: IdeasTree;
  /** The `orchestrator:` documents: package arguments, process input values, job output. */
  readonly documents: OrchestratorFileSystem;
  /** Jobs started or stopped from this window, watched to the end. */
  readonly jobs: JobWatcher;
  /** Faulted jobs' places in the workspace's projects, in the Problems panel. */
  readonly faultProblems: JobProblems;
  readonly tails: LogTails;
  /** The webview panels: queue item details and the idea form. */
  readonly panels: Panels;
  /** Connections whose account signed out: their tails and panels end, their ideas wait for a sign-in. */
  readonly signedOut: SignedOutConnections;
  /** Every question the extension asks (picks, input boxes, steps, confirmations, file dialogs); the integration
   * suite puts a ScriptedInput here to answer them from a script (src/host/ui/scriptedInput.ts). */
  input: UserInput = editorInput;
  /** Settles once the stored sessions are loaded (tests and commands that need them wait for it). */
  readonly ready: Promise<void>;
  /** What activation cost, recorded here so the bench and About can read it inside the real editor. */
  readonly activation: ActivationCost = { activateMs: Number.NaN, readyMs: Number.NaN, requestsBeforeReady: 0 };
  /** Every request the extension's services send goes through this, so they can be counted. */
  readonly fetch: typeof fetch = (url, init) => {
    this.sent++;
    return fetch(url, init);
  };
  private sent = 0;
  private readonly disposables: vscode.Disposable[] = [];
  /** Each connection's service dialect, read once from its API definition (dialects.ts). */
  readonly dialects: Dialects;
  /** The services' clients, cached per connection (serviceClients.ts). */
  private readonly clients: ServiceClients;
  /** The sandbox's idea credentials from the environment, being stored for its connections (npm start, tests). */
  private sandboxIdeas: Promise<unknown>;

  constructor(readonly extension: vscode.ExtensionContext) {
    const started = performance.now();
    this.log = new Logger(this.track(vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true })));
    this.connections = this.track(
      new ConnectionStore((problems) => {
        for (const problem of problems) this.log.warn(problem);
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
            if (choice)
              void vscode.commands.executeCommand('workbench.action.openSettings', 'orchestrator.connections');
          });
      }),
    );
    this.state = new StoredState(extension, (message) => this.log.warn(message));
    this.active = this.track(new ActiveContext(this.state));
    this.folderPreferences = new FolderPreferenceStore(this.state);
    this.sessions = new SessionManager({
      secrets: secretStoreOf(extension.secrets),
      fetch: this.fetch,
      onExpired: (account) => this.sessionExpired(account),
      onSecret: (value, user) => this.log.redact(value, user),
    });
    this.track({ dispose: () => this.sessions.dispose() });
    this.dialects = new Dialects({
      fetch: this.fetch,
      state: this.state,
      warn: (connection, problem) => {
        this.log.warn(`${connection.label}: ${problem}; the spec's names are used.`);
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
            if (choice) void vscode.commands.executeCommand(CommandId.refreshServiceDefinition, connection.id);
          });
      },
    });
    this.clients = new ServiceClients({
      sessions: this.sessions,
      dialectOf: (connection) => this.dialects.forConnection(connection),
      dialectMissed: (connection) => void this.dialects.missed(connection),
      folderKeyAnswered: (connection, accepted) => this.dialects.learnFolderKey(connection, accepted),
      logRequest: (exchange) => this.log.request(exchange),
      fetch: this.fetch,
      secrets: extension.secrets,
      redact: (secret) => this.log.redact(secret),
      budgetPerMinute: () => userSettings(vscode.workspace.getConfiguration()).budgetPerMinute,
      ideasNeedSignIn: (connectionId) => this.signedOut.ideasNeedSignIn(connectionId),
      sandboxIdeasStored: () => this.sandboxIdeas,
    });
    this.auth = this.track(
      new OrchestratorAuthProvider(
        this.sessions,
        this.connections,
        this.log,
        () => userSettings(vscode.workspace.getConfiguration()).loopbackPort,
        {
          secrets: secretStoreOf(extension.secrets),
          fetch: this.fetch,
          // Through the seam at the time of asking: the integration suite answers it from a script.
          askSecret: (connection) => askApplicationSecret(this.input, connection),
          redact: (value, user) => this.log.redact(value, user),
          log: (message) => this.log.info(message),
        },
      ),
    );
    this.track(
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, this.auth, {
        supportsMultipleAccounts: true,
      }),
    );
    this.statusBar = this.track(new ConnectionStatusBar(this));
    this.explorer = this.track(new ExplorerTree(this));
    this.ideas = this.track(new IdeasTree(this));
    this.documents = new OrchestratorFileSystem(this);
    this.track(watchDocumentProblems(this.documents));
    this.track(showDocumentState(this.documents));
    this.jobs = this.track(new JobWatcher(this));
    this.faultProblems = this.track(new JobProblems(this));
    this.tails = this.track(new LogTails(this));
    this.panels = this.track(new Panels(this));
    this.signedOut = this.track(new SignedOutConnections(this));
    this.sandboxIdeas = storeSandboxIdeaCredentials(this);
    for (const registration of registerAllCommands(this)) this.track(registration);

    const refresh = () => {
      this.clients.forgetClients();
      this.statusBar.update();
      this.explorer.rebuild();
      this.ideas.rebuild();
      const connections = this.connections.all();
      const hasConnections = connections.length > 0;
      const signedIn = this.sessions.accounts().length > 0;
      void vscode.commands.executeCommand('setContext', ContextKey.hasConnections, hasConnections);
      void vscode.commands.executeCommand('setContext', ContextKey.signedIn, signedIn);
      if (hasConnections) checkOffStep(ContextKey.hasConnections);
      if (signedIn) checkOffStep(ContextKey.signedIn);
      void vscode.commands.executeCommand(
        'setContext',
        ContextKey.changesAllowed,
        connections.some((connection) => connection.protection !== 'readOnly'),
      );
      offerSignInInAccountsMenu(
        connections,
        (c) => this.accountFor(c.id) !== undefined,
        (m) => this.log.warn(m),
      );
    };
    this.track(this.connections.onDidChange(refresh));
    this.track(tellAboutMovedConnections(this));
    this.track(this.connections.onDidChange(() => (this.sandboxIdeas = storeSandboxIdeaCredentials(this))));
    this.track(
      this.active.onDidChange(() => {
        this.statusBar.update();
        if (this.active.get().folder) didFirstStep(FirstStep.pickedFolder);
      }),
    );
    this.track(this.sessions.onDidChange(refresh));
    // Another window signed in, out, or rotated a refresh token: follow it.
    this.track(
      extension.secrets.onDidChange((event) => {
        if (event.key.startsWith('orchestrator.session')) void this.sessions.load();
        if (event.key.startsWith('orchestrator.ideas.')) this.ideaCredentialsChanged();
      }),
    );
    this.track(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('orchestrator.explorer.autoRefreshSeconds')) this.explorer.scheduleAutoRefresh();
      }),
    );
    this.ready = this.sessions
      .load()
      .then(refresh, (error: unknown) => this.log.error(`Could not load sessions: ${errorMessage(error)}`))
      .then(() => {
        this.activation.readyMs = performance.now() - started;
        this.activation.requestsBeforeReady = this.requestsSent;
        this.log.info(
          `Activated in ${this.activation.activateMs.toFixed(1)} ms; sessions loaded after ${this.activation.readyMs.toFixed(1)} ms; ${this.requestsSent} requests sent.`,
        );
      });
    void vscode.commands.executeCommand('setContext', ContextKey.sandboxAvailable, this.sandbox.available);
    void vscode.commands.executeCommand('setContext', ContextKey.activated, true);
    void openWalkthroughOnFirstRun(this.state).catch((error: unknown) =>
      this.log.warn(`Could not open Get Started: ${errorMessage(error)}`),
    );
    extension.subscriptions.push(this);
    this.activation.activateMs = performance.now() - started;
  }

  /** Requests sent since activation, by every service of this window. */
  get requestsSent(): number {
    return this.sent;
  }

  /** Whether the sandbox is offered at all (not to someone who installed the extension): sandboxOffer.ts. */
  get sandbox(): SandboxOffer {
    return sandboxOffer(this.extension.extensionMode);
  }

  get version(): string {
    return String((this.extension.extension.packageJSON as { version?: unknown }).version ?? 'unknown');
  }

  track<T extends vscode.Disposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
  }

  /** The chosen connection; else the only one; else the first one signed in. */
  activeConnection(): Connection | undefined {
    const all = this.connections.all();
    return (
      this.connections.get(this.active.get().connectionId ?? '') ??
      (all.length === 1 ? all[0] : all.find((c) => this.accountFor(c.id)))
    );
  }

  /** The connection's sign-in, if it was made for the origins the connection has now (see boundSecrets.ts). */
  accountFor(connectionId: string): StoredAccount | undefined {
    const account = this.sessions.accounts().find((a) => a.connectionId === connectionId);
    const connection = this.connections.get(connectionId);
    return account && connection && signInMismatch(account, connection) ? undefined : account;
  }

  /** The typed client of a connection, signed in as its account; one rate-limit budget per tenant. */
  clientFor(connection: Connection): OrchestratorClient {
    return this.clients.clientFor(connection);
  }

  /** New or removed idea-service credentials: new clients, and the Ideas tree asks again. */
  ideaCredentialsChanged(): void {
    this.clients.forgetIdeaClients();
    this.ideas.rebuild();
  }

  /** The rate-limit scheduler of a connection's tenant, once a client was made for it. */
  schedulerFor(connectionId: string): RateLimitScheduler | undefined {
    return this.clients.schedulerFor(connectionId);
  }

  /** The idea-service client of a connection, with the API token and app key from SecretStorage. */
  ideasClientFor(connection: Connection): Promise<IdeaClient> {
    return this.clients.ideasClientFor(connection);
  }

  private sessionExpired(account: StoredAccount): void {
    this.log.warn(`The sign-in of ${account.label} expired (invalid_grant); it was removed.`);
    void vscode.window
      .showWarningMessage(
        plainText(t('Your sign-in to {0} has expired. Sign in again to continue.', account.label)),
        t('Sign In'),
      )
      .then((choice) => {
        if (choice) void vscode.commands.executeCommand(CommandId.signIn, account.connectionId);
      });
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
  }
}
