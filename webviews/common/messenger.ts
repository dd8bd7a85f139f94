import * as z from 'zod/mini';
import { parseMessage } from '../../src/shared/protocol/common';

// The webview's end of a panel's protocol. The CSP forbids eval, so zod parses without generating code.
z.config({ jitless: true });

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** One panel's connection to the extension: validated messages in, typed messages out, requests matched to replies. */
export class Messenger<In extends { type: string }, Out> {
  private readonly api = acquireVsCodeApi();
  // Ids start anywhere: a page loaded again never takes a reply the extension owed to the page before it.
  private nextId = 1 + Math.floor(Math.random() * 2 ** 40);
  private readonly pending = new Map<number, (reply: Extract<In, { type: 'reply' }>) => void>();

  constructor(
    schema: z.ZodMiniType<In>,
    private readonly onMessage: (message: In) => void,
  ) {
    window.addEventListener('message', (event: MessageEvent) => {
      const parsed = parseMessage(schema, event.data);
      if (!parsed.ok) {
        // Unknown or malformed: dropped, and said so in the webview's console (Developer Tools).
        console.warn(`Orchestrator Workbench: dropped a message from the extension (${parsed.problem}).`);
        return;
      }
      const message = parsed.message;
      if (message.type === 'reply') {
        const id = (message as unknown as { id: number }).id;
        this.pending.get(id)?.(message as Extract<In, { type: 'reply' }>);
        this.pending.delete(id);
        return;
      }
      this.onMessage(message);
    });
  }

  post(message: Out): void {
    this.api.postMessage(message);
  }

  /** Posts a request made with a fresh id and resolves with its reply. */
  request(make: (id: number) => Out): Promise<Extract<In, { type: 'reply' }>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.post(make(id));
    });
  }

  /** The identity the editor restores the panel with after a reload (never the data it shows). */
  remember(identity: unknown): void {
    this.api.setState(identity);
  }
}
