import type * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import type { Services } from '../services';
import { PanelHost, panelConnection, type PanelProtocol } from './panelHost';
import { OrchestratorError } from '../../core/http/errors';
import { t } from '../../core/l10n';

/** What every service panel needs from the extension's context. */
export type ServicePanelDeps = Pick<Services, 'connections' | 'extension' | 'log'>;

/** What a panel's owner hears of it (it closed), and, for a panel with something newer, what a reloaded page gets. */
export interface PanelEvents {
  onDispose: () => void;
  /** PanelHostOptions' `reshow`. */
  reshow?: () => boolean;
}

/** What the panel's own state refuses in a parsed message (PanelHostOptions' `refuse`). */
export type Refusal<In extends { type: string }> = (message: Exclude<In, { type: 'ready' }>) => string | undefined;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A panel that shows one thing of a service (a queue item, an idea): the validated page (PanelHost), the connection it
 * belongs to, and one load at a time (asking again while a load runs joins it). The page's content messages are
 * `failed` when the thing cannot be shown, so content that breaks the protocol's bounds says so instead.
 */
export abstract class ServicePanel<
  In extends { type: string },
  Out extends { type: string },
  Identity extends { connectionId: string },
>
  implements vscode.Disposable
{
  readonly host: PanelHost<In, Out>;
  private loading: Promise<void> | undefined;
  private readonly failed: (identity: Identity, message: string) => Out;

  constructor(
    private readonly deps: ServicePanelDeps,
    readonly panel: vscode.WebviewPanel,
    public identity: Identity,
    protocol: Omit<PanelProtocol<In, Out>, 'unsendable'> & { failed: (identity: Identity, message: string) => Out },
    { onDispose, reshow, refuse }: PanelEvents & { refuse?: Refusal<In> },
  ) {
    const { failed, ...rest } = protocol;
    this.failed = failed;
    this.host = new PanelHost(
      panel,
      {
        ...rest,
        unsendable: (problem) =>
          failed(this.identity, t('This {0} is larger than the panel can show ({1}).', rest.name, problem)),
      },
      {
        extensionUri: deps.extension.extensionUri,
        log: deps.log,
        handle: (message) => this.onMessage(message),
        reshow,
        refuse,
      },
    );
    panel.onDidDispose(onDispose);
  }

  /** What the panel shows now. */
  get current(): Out | undefined {
    return this.host.current;
  }

  /** Reads what the panel shows from the service; a load already running is joined, not repeated. */
  load(): Promise<void> {
    this.loading ??= this.fetch().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** Waits for a load that runs now, then loads again (what a change just made must show). */
  protected async reload(): Promise<void> {
    await this.loading;
    await this.load();
  }

  /** The thing could not be loaded: the panel says it is gone (404) or why it failed, in place of its content. */
  protected fail(error: unknown, gone: string, failed: (message: string) => string): void {
    const notFound = error instanceof OrchestratorError && error.status === 404;
    this.host.post(this.failed(this.identity, notFound ? gone : failed(messageOf(error))));
  }

  protected connection(): Connection {
    return panelConnection(this.deps.connections, this.identity.connectionId, this.host.name);
  }

  protected abstract fetch(): Promise<void>;
  protected abstract onMessage(message: Exclude<In, { type: 'ready' }>): Promise<void>;

  dispose(): void {
    this.panel.dispose();
  }
}
