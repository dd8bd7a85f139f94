import type * as vscode from 'vscode';
import type { StoredAccount, SessionManager } from '../core/auth/sessions';
import type { Connection } from '../core/connections';
import type { RateLimitScheduler } from '../core/http/scheduler';
import type { IdeaClient } from '../core/ideas/client';
import type { OrchestratorClient } from '../core/orchestrator/client';
import type { ActiveContext } from './active';
import type { OrchestratorAuthProvider } from './auth/provider';
import type { CommandCalls } from './commandCalls';
import type { ConnectionStore } from './connectionStore';
import type { Dialects } from './dialects';
import type { OrchestratorFileSystem } from './documents/orchestratorFileSystem';
import type { FolderPreferenceStore } from './folderPreferenceStore';
import type { JobWatcher } from './jobs/jobWatcher';
import type { FaultProblems } from './faults/faultProblems';
import type { Logger } from './log';
import type { LogTails } from './logs/logTails';
import type { SandboxOffer } from './sandboxOffer';
import type { SignedOutConnections } from './signedOut';
import type { ConnectionStatusBar } from './statusBar';
import type { StoredState } from './storedState';
import type { UserInput } from './ui/userInput';
import type { ExplorerTree } from './views/explorer/explorerTree';
import type { IdeasTree } from './views/ideas/ideasTree';
import type { Panels } from './webviews/panels';
import type { RunningMcpServer } from './agents/mcp/mcpServer';

/** Time in `activate()` (the Ctx constructor), until the stored sessions are loaded, and requests sent by then (none). */
export interface ActivationCost {
  activateMs: number;
  readyMs: number;
  requestsBeforeReady: number;
}

/**
 * The parts of the extension that commands and services are given, by name: a command declares
 * `type Uses = Pick<Services, 'clientFor' | 'input'>`, a service its `…Deps` the same way. `Ctx` (src/ctx.ts) builds
 * every part and is the one object that has them all; this file only names their types (it imports nothing but
 * types), so what picks a part is not tied to what builds it and everything else it builds.
 */
export interface Services {
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
  /** Faulted jobs' places in the workspace's projects, in the Problems panel: loaded when the first watched job ends. */
  readonly faultProblems: () => Promise<FaultProblems>;
  readonly tails: LogTails;
  /** Our commands that notifications and other commands run, as functions (commandCalls.ts). */
  readonly commands: CommandCalls;
  /** The webview panels: queue item details and the idea form. */
  readonly panels: Panels;
  /** The tools as an MCP server for agents outside the chat: started on the first call (or when the editor asks). */
  readonly mcpServer: () => Promise<RunningMcpServer>;
  /** Connections whose account signed out: their tails and panels end, their ideas wait for a sign-in. */
  readonly signedOut: SignedOutConnections;
  /** Every question the extension asks (picks, input boxes, steps, confirmations, file dialogs); the integration
   * suite puts a ScriptedInput here to answer them from a script (src/host/ui/scriptedInput.ts). */
  input: UserInput;
  /** Settles once the stored sessions are loaded (tests and commands that need them wait for it). */
  readonly ready: Promise<void>;
  /** What activation cost, recorded here so the bench and About can read it inside the real editor. */
  readonly activation: ActivationCost;
  /** Every request the extension's services send goes through this, so they can be counted. */
  readonly fetch: typeof fetch;
  /** Each connection's service dialect, read once from its API definition (dialects.ts). */
  readonly dialects: Dialects;
  readonly extension: vscode.ExtensionContext;
  /** Requests sent since activation, by every service of this window. */
  readonly requestsSent: number;
  /** Whether the sandbox is offered at all (not to someone who installed the extension): sandboxOffer.ts. */
  readonly sandbox: SandboxOffer;
  readonly version: string;
  /** Disposed with the extension. */
  track<T extends vscode.Disposable>(disposable: T): T;
  /** The chosen connection; else the only one; else the first one signed in. */
  activeConnection(): Connection | undefined;
  /** The connection's sign-in, if it was made for the origins the connection has now (see boundSecrets.ts). */
  accountFor(connectionId: string): StoredAccount | undefined;
  /** The typed client of a connection, signed in as its account; one rate-limit budget per tenant. */
  clientFor(connection: Connection): OrchestratorClient;
  /** New or removed idea-service credentials: new clients, and the Ideas tree asks again. */
  ideaCredentialsChanged(): void;
  /** The rate-limit scheduler of a connection's tenant, once a client was made for it. */
  schedulerFor(connectionId: string): RateLimitScheduler | undefined;
  /** The idea-service client of a connection, with the API token and app key from SecretStorage. */
  ideasClientFor(connection: Connection): Promise<IdeaClient>;
}
