import * as vscode from 'vscode';
import { ContextKey, OUTPUT_CHANNEL_NAME } from './constants';
import { ExplorerTree } from './host/views/explorer/explorerTree';
import { IdeasTree } from './host/views/ideas/ideasTree';
import { commandCalls, loadCommand, registerAllCommands } from './host/commands/registry';
import { registerTools } from './host/agents/registerTools';
import { mcpDefinitions, registerMcpProvider } from './host/agents/mcp/mcpProvider';
import type { Services } from './host/services';
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
import { editorInput } from './host/ui/editorInput';
import { OrchestratorFileSystem } from './host/documents/orchestratorFileSystem';
import { watchDocumentProblems } from './host/documents/documentDiagnostics';
import { showDocumentState } from './host/documents/documentLenses';
import { JobWatcher } from './host/jobs/jobWatcher';
import { onFirstUse } from './core/onFirstUse';
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
import { warnSignInExpired, warnSpecNamesUsed, warnUnusableConnections } from './host/connectionWarnings';
import { errorMessage } from './core/errorMessage';

export type { ActivationCost } from './host/services';

/**
 * The one place that wires the extension together: it builds every part of Services (src/host/services.ts, where
 * each is described) and owns the disposables and the context keys.
 */
export class Ctx implements Services, vscode.Disposable {
  readonly log: Services['log'];
  readonly connections: Services['connections'];
  readonly sessions: Services['sessions'];
  readonly auth: Services['auth'];
  readonly active: Services['active'];
  readonly state: Services['state'];
  readonly folderPreferences: Services['folderPreferences'];
  readonly statusBar: Services['statusBar'];
  readonly explorer: Services['explorer'];
  readonly ideas: Services['ideas'];
  readonly documents: Services['documents'];
  readonly jobs: Services['jobs'];
  readonly faultProblems: Services['faultProblems'];
  readonly tails: Services['tails'];
  readonly commands: Services['commands'];
  readonly panels: Services['panels'];
  readonly signedOut: Services['signedOut'];
  readonly mcpServer: Services['mcpServer'];
  input: Services['input'] = editorInput;
  readonly ready: Services['ready'];
  readonly activation: Services['activation'] = { activateMs: Number.NaN, readyMs: Number.NaN, requestsBeforeReady: 0 };
  readonly fetch: Services['fetch'] = (url, init) => {
    this.sent++;
    return fetch(url, init);
  };
  private sent = 0;
  private readonly disposables: vscode.Disposable[] = [];
  readonly dialects: Services['dialects'];
  /** The services' clients, cached per connection (serviceClients.ts). */
  private readonly clients: ServiceClients;
  /** The sandbox's idea credentials from the environment, being stored for its connections (npm start, tests). */
  private sandboxIdeas: Promise<unknown>;

  constructor(readonly extension: vscode.ExtensionContext) {
    const started = performance.now();
    this.log = new Logger(this.track(vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true })));
    this.commands = commandCalls(this, loadCommand);
    this.connections = this.track(new ConnectionStore((problems) => warnUnusableConnections(this.log, problems)));
    this.state = new StoredState(extension, (message) => this.log.warn(message));
    this.active = this.track(new ActiveContext(this.state));
    this.folderPreferences = new FolderPreferenceStore(this.state);
    this.sessions = new SessionManager({
      secrets: secretStoreOf(extension.secrets),
      fetch: this.fetch,
      onExpired: (account) => warnSignInExpired(this, account),
      onSecret: (value, user) => this.log.redact(value, user),
    });
    this.track({ dispose: () => this.sessions.dispose() });
    this.dialects = new Dialects({
      fetch: this.fetch,
      state: this.state,
      warn: (connection, problem) => warnSpecNamesUsed(this, connection, problem),
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
    this.faultProblems = onFirstUse(async () =>
      this.track(new (await import('./host/faults/faultProblems')).FaultProblems(this)),
    );
    this.track(
      this.jobs.onDidEnd((watched) =>
        this.faultProblems().then(
          (problems) => problems.ended(watched),
          (error: unknown) => this.log.warn(`Faults to source: ${errorMessage(error)}`),
        ),
      ),
    );
    this.tails = this.track(new LogTails(this));
    this.panels = this.track(new Panels(this));
    this.signedOut = this.track(new SignedOutConnections(this));
    this.sandboxIdeas = storeSandboxIdeaCredentials(this);
    for (const registration of registerAllCommands(this)) this.track(registration);
    for (const registration of registerTools(this)) this.track(registration);
    for (const registration of registerMcpProvider(this)) this.track(registration);
    this.mcpServer = async () => (await mcpDefinitions()).runningServer(this);

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

  get requestsSent(): number {
    return this.sent;
  }

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

  clientFor(connection: Connection): OrchestratorClient {
    return this.clients.clientFor(connection);
  }

  ideaCredentialsChanged(): void {
    this.clients.forgetIdeaClients();
    this.ideas.rebuild();
  }

  schedulerFor(connectionId: string): RateLimitScheduler | undefined {
    return this.clients.schedulerFor(connectionId);
  }

  ideasClientFor(connection: Connection): Promise<IdeaClient> {
    return this.clients.ideasClientFor(connection);
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
  }
}
