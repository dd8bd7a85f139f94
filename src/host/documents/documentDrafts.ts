import * as vscode from 'vscode';
import { z } from 'zod';

/** A saved edit of an `orchestrator:` document that was not applied to the service yet. */
export interface Draft {
  text: string;
  /** The service's text the draft started from: applying checks the service still holds it. */
  base: string;
  savedAt: number;
}

const STATE_KEY = 'orchestrator.documentDrafts';
const CONTEXT_KEY = 'orchestrator.documentDrafts';
/** Drafts kept at most (the oldest go first); each is at most a package's declarations or 10,000 characters of values. */
const MAX_DRAFTS = 100;

const DraftsSchema = z.record(z.string(), z.object({ text: z.string(), base: z.string(), savedAt: z.number() }));

/**
 * Saving an `orchestrator:` document keeps its text here — in the user's storage, so a reload or a crash loses
 * nothing — and never sends it: only Apply to Service does (no change reaches a service without an explicit act,
 * whatever the auto-save setting). The context key lists the documents with drafts for the editor's menus.
 */
export class DocumentDrafts implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly state: vscode.Memento) {
    this.publish();
  }

  private read(): Record<string, Draft> {
    const parsed = DraftsSchema.safeParse(this.state.get(STATE_KEY, {}));
    return parsed.success ? parsed.data : {};
  }

  get(uri: vscode.Uri): Draft | undefined {
    return this.read()[uri.toString()];
  }

  has(uri: vscode.Uri): boolean {
    return this.get(uri) !== undefined;
  }

  async set(uri: vscode.Uri, draft: Draft): Promise<void> {
    const all = { ...this.read(), [uri.toString()]: draft };
    const kept = Object.entries(all).sort(([, a], [, b]) => b.savedAt - a.savedAt).slice(0, MAX_DRAFTS);
    await this.state.update(STATE_KEY, Object.fromEntries(kept));
    this.changed(uri);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    const all = this.read();
    if (!(uri.toString() in all)) return;
    delete all[uri.toString()];
    await this.state.update(STATE_KEY, all);
    this.changed(uri);
  }

  private changed(uri: vscode.Uri): void {
    this.publish();
    this.emitter.fire(uri);
  }

  private publish(): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, Object.keys(this.read()));
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
