import type * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import type { Parsed } from '../../shared/protocol/common';
import type { Logger } from '../log';
import { panelHtml, panelOptions } from './panelHtml';
import { t } from '../../core/l10n';
import { errorMessage } from '../../core/errorMessage';

export interface PanelProtocol<In extends { type: string }, Out extends { type: string }> {
  /** The panel's name in the log ("queue item", "idea form"). */
  readonly name: string;
  readonly bundle: string;
  parseIncoming(raw: unknown): Parsed<In>;
  parseOutgoing(raw: unknown): Parsed<Out>;
  /** The messages that are the panel's content (what it shows), as opposed to progress, replies and notices. */
  isContent(message: Out): boolean;
  /**
   * What to show instead of content that breaks the protocol (larger than its bounds): the panel says so rather than
   * stay on "Loading…".
   */
  unsendable?(problem: string): Out;
}

/** Where a panel's page comes from, where its problems are logged, and what handles its messages. */
export interface PanelHostOptions<In extends { type: string }> {
  extensionUri: vscode.Uri;
  log: Logger;
  /** A parsed message other than `ready`. */
  handle: (message: Exclude<In, { type: 'ready' }>) => Promise<void>;
  /**
   * What the panel's own state refuses in a message that parsed (a key the panel never listed): the problem, and the
   * message is dropped like one that does not parse; undefined admits it.
   */
  refuse?: (message: Exclude<In, { type: 'ready' }>) => string | undefined;
  /**
   * The page loaded again (a hidden panel shown again): what to post instead of the last content, when the panel
   * has something newer (the idea form's latest draft). By default the last content is posted again.
   */
  reshow?: () => boolean;
}

/**
 * The host's end of one webview panel: the page, the `ready` handshake (nothing is posted before it; what was posted
 * earlier waits), and validation of every message both ways. A message from the webview that does not parse — an
 * unknown type, a wrong shape, an action outside the allow-list, a command id — is dropped and logged; it never
 * reaches the panel's handler.
 */
export class PanelHost<In extends { type: string }, Out extends { type: string }> implements vscode.Disposable {
  private ready = false;
  private waiting: Out[] = [];
  private content: Out | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** How many messages were dropped (tests read it). */
  dropped = 0;

  private readonly protocol: PanelProtocol<In, Out>;
  private readonly log: Logger;
  private readonly handle: PanelHostOptions<In>['handle'];
  private readonly reshow: PanelHostOptions<In>['reshow'];
  private readonly refuse: PanelHostOptions<In>['refuse'];

  constructor(
    readonly panel: vscode.WebviewPanel,
    protocol: PanelProtocol<In, Out>,
    { extensionUri, log, handle, reshow, refuse }: PanelHostOptions<In>,
  ) {
    this.protocol = protocol;
    this.log = log;
    this.handle = handle;
    this.reshow = reshow;
    this.refuse = refuse;
    panel.webview.options = panelOptions(extensionUri);
    panel.webview.html = panelHtml(panel.webview, extensionUri, protocol.bundle, panel.title);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** What onDidReceiveMessage delivers; true when the message was accepted. */
  async receive(raw: unknown): Promise<boolean> {
    const parsed = this.protocol.parseIncoming(raw);
    if (!parsed.ok) {
      this.dropped++;
      this.log.warn(`Dropped a message from the ${this.protocol.name} panel: ${parsed.problem}`);
      return false;
    }
    const message = parsed.message;
    if (message.type === 'ready') {
      const again = this.ready;
      this.ready = true;
      for (const queued of this.waiting.splice(0)) void this.panel.webview.postMessage(queued);
      if (again && !this.reshow?.() && this.content) void this.panel.webview.postMessage(this.content);
      return true;
    }
    const handled = message as Exclude<In, { type: 'ready' }>;
    const refused = this.refuse?.(handled);
    if (refused !== undefined) {
      this.dropped++;
      this.log.warn(`Dropped a message from the ${this.protocol.name} panel: ${refused}`);
      return false;
    }
    try {
      await this.handle(handled);
    } catch (error) {
      this.log.error(`The ${this.protocol.name} panel's ${message.type} failed: ${errorMessage(error)}`);
    }
    return true;
  }

  /** Posts once the page is ready; a message that breaks the protocol is a bug here, logged and not sent. */
  post(message: Out): void {
    const parsed = this.protocol.parseOutgoing(message);
    if (!parsed.ok) {
      this.log.error(`Not sent to the ${this.protocol.name} panel: ${parsed.problem}`);
      const instead = this.protocol.isContent(message) ? this.protocol.unsendable?.(parsed.problem) : undefined;
      if (instead && this.protocol.parseOutgoing(instead).ok) this.post(instead);
      return;
    }
    if (this.protocol.isContent(message)) this.content = message;
    if (!this.ready) {
      this.waiting.push(message);
      return;
    }
    void this.panel.webview.postMessage(message);
  }

  /** The panel's name in messages and the log ("queue item", "idea form"). */
  get name(): string {
    return this.protocol.name;
  }

  /** What the panel shows now (the last content posted). */
  get current(): Out | undefined {
    return this.content;
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}

/** The connection a panel belongs to; a panel restored after its connection was removed says what to do. */
export function panelConnection(
  connections: { get(id: string): Connection | undefined },
  connectionId: string,
  what: string,
): Connection {
  const connection = connections.get(connectionId);
  if (!connection)
    throw new Error(t('The connection of this {0} was removed. Close the panel, or add the connection again.', what));
  return connection;
}
