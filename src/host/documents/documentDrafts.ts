import * as vscode from 'vscode';
import { Stored, type StoredDraft, type StoredState } from '../storedState';

/**
 * A saved edit of an `orchestrator:` document that was not applied to the service yet: its text, the service's text
 * it started from (applying checks the service still holds it) and when it was saved.
 */
export type Draft = StoredDraft;

const CONTEXT_KEY = 'orchestrator.documentDrafts';
/** Drafts kept at most (the oldest go first); each is at most a package's declarations or 10,000 characters of values. */
const MAX_DRAFTS = 100;

/**
 * Saving an `orchestrator:` document keeps its text here — in the user's storage, so a reload or a crash loses
 * nothing — and never sends it: only Apply to Service does (no change reaches a service without an explicit act,
 * whatever the auto-save setting). The context key lists the documents with drafts for the editor's menus.
 */
export class DocumentDrafts implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly state: StoredState) {
    this.publish();
  }

  private read(): Record<string, Draft> {
    return this.state.get(Stored.documentDrafts);
  }

  get(uri: vscode.Uri): Draft | undefined {
    return this.read()[uri.toString()];
  }

  has(uri: vscode.Uri): boolean {
    return this.get(uri) !== undefined;
  }

  async set(uri: vscode.Uri, draft: Draft): Promise<void> {
    const all = { ...this.read(), [uri.toString()]: draft };
    const kept = Object.entries(all)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .slice(0, MAX_DRAFTS);
    await this.state.update(Stored.documentDrafts, Object.fromEntries(kept));
    this.changed(uri);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    // A copy: what storage read hands out is shared (StoredState keeps it), never changed in place.
    const { [uri.toString()]: gone, ...kept } = this.read();
    if (!gone) return;
    await this.state.update(Stored.documentDrafts, kept);
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
