import * as vscode from 'vscode';
import { t } from '../../core/l10n';
import { connectionSlug } from '../../core/documents/orchestratorUri';
import { onFirstUse } from '../../core/onFirstUse';
import { Stored, type StoredDraft, type StoredState } from '../storedState';

/**
 * A saved edit of an `orchestrator:` document that was not applied to the service yet: its text, the service's text
 * it started from (applying checks the service still holds it), when it was saved and the account that wrote it.
 */
export type Draft = StoredDraft;

/** Telling two addresses of one document apart loads with the first document read, not at activation. */
const addresses = onFirstUse(() => import('../../core/documents/documentAddress'));

const CONTEXT_KEY = 'orchestrator.documentDrafts';
/** Drafts kept at most (the oldest go first); each is at most a package's declarations or 10,000 characters of values. */
const MAX_DRAFTS = 100;

/** What the drafts need: the connections, and the account signed in to one. */
export interface DraftOwners {
  connectionIds(): string[];
  /** The id of the account signed in to a connection (its user name from the sign-in), if any. */
  accountOf(connectionId: string): string | undefined;
  log(message: string): void;
}

/** A draft's storage key: the document and the account that wrote it, so another account never sees it. */
export const keyOf = (uri: string, owner: string) => `${uri}\n${owner}`;
export const partsOf = (key: string) => {
  const [uri = '', owner] = key.split('\n');
  return { uri, owner };
};
export const authorityOf = (uri: string) => /^[a-z]+:\/\/([^/?#]*)/i.exec(uri)?.[1] ?? '';

/**
 * Saving an `orchestrator:` document keeps its text here — in the user's storage, so a reload or a crash loses
 * nothing — and never sends it: only Apply to Service does (no change reaches a service without an explicit act,
 * whatever the auto-save setting). A draft belongs to the account that wrote it: another account of the same
 * connection does not see it, Sign Out deletes the account's drafts (after asking, when there are any) and Remove
 * Connection those of every account. The context key lists the documents with drafts for the editor's menus.
 *
 * Drafts stay in the user's stored state (not encrypted), as before: the documents read them on every keystroke and
 * stat, and SecretStorage answers only asynchronously. Moving them there is left for later.
 */
export class DocumentDrafts implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;

  constructor(
    private readonly state: StoredState,
    private readonly owners: DraftOwners,
  ) {
    this.publish();
  }

  private read(): Record<string, Draft> {
    return this.state.get(Stored.documentDrafts);
  }

  /** The account whose drafts a document shows: the one signed in to its connection. */
  private ownerOf(uri: vscode.Uri): string | undefined {
    const connectionId = this.owners.connectionIds().find((id) => connectionSlug(id) === uri.authority);
    return connectionId === undefined ? undefined : this.owners.accountOf(connectionId);
  }

  get(uri: vscode.Uri): Draft | undefined {
    const owner = this.ownerOf(uri);
    return owner === undefined ? undefined : this.read()[keyOf(uri.toString(), owner)];
  }

  has(uri: vscode.Uri): boolean {
    return this.get(uri) !== undefined;
  }

  async set(uri: vscode.Uri, draft: Omit<Draft, 'owner'>): Promise<void> {
    const owner = this.ownerOf(uri);
    // Signed out since the document was opened: saving must not lose the text silently.
    if (owner === undefined) throw new Error(t('Sign in again to keep a draft of this document.'));
    const all = { ...this.read(), [keyOf(uri.toString(), owner)]: { ...draft, owner } };
    const kept = Object.entries(all)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .slice(0, MAX_DRAFTS);
    await this.state.update(Stored.documentDrafts, Object.fromEntries(kept));
    this.changed(uri);
  }

  /**
   * A draft saved under another address of the same document — the id form of earlier versions, or names renamed
   * since — moves to this one when the document is read, so the menus and the badge find it where the user is.
   * Answers whether one moved.
   */
  async adopt(uri: vscode.Uri): Promise<boolean> {
    const owner = this.ownerOf(uri);
    const all = this.read();
    const here = uri.toString();
    if (owner === undefined || all[keyOf(here, owner)]) return false;
    const { documentIdentity } = await addresses();
    const identity = documentIdentity(here);
    const [from] = Object.keys(all)
      .filter((key) => {
        const parts = partsOf(key);
        return parts.owner === owner && parts.uri !== here && documentIdentity(parts.uri) === identity;
      })
      .sort((a, b) => all[b]!.savedAt - all[a]!.savedAt);
    if (from === undefined) return false;
    const { [from]: draft, ...kept } = all;
    await this.state.update(Stored.documentDrafts, { ...kept, [keyOf(here, owner)]: draft! });
    this.owners.log('Moved a draft to the address its document opens by now.');
    this.emitter.fire(vscode.Uri.parse(partsOf(from).uri));
    this.changed(uri);
    return true;
  }

  async delete(uri: vscode.Uri): Promise<void> {
    const owner = this.ownerOf(uri);
    if (owner === undefined) return;
    // A copy: what storage read hands out is shared (StoredState keeps it), never changed in place.
    const { [keyOf(uri.toString(), owner)]: gone, ...kept } = this.read();
    if (!gone) return;
    await this.state.update(Stored.documentDrafts, kept);
    this.changed(uri);
  }

  /** How many drafts an account wrote and did not apply (Sign Out asks before deleting them). */
  countOf(accountId: string): number {
    return Object.values(this.read()).filter((draft) => draft.owner === accountId).length;
  }

  /** Deletes an account's drafts (Sign Out); answers how many went. */
  async forgetAccount(accountId: string): Promise<number> {
    return this.forget((_key, draft) => draft.owner === accountId);
  }

  /**
   * Deletes every draft of a connection, whoever wrote it (Remove Connection): those under any of its names in
   * document addresses (the connection's, and the one earlier versions gave it).
   */
  async forgetConnection(names: readonly string[]): Promise<number> {
    return this.forget((key) => names.includes(authorityOf(partsOf(key).uri)));
  }

  /**
   * Drafts saved by earlier versions name the connection by a 32-bit hash and no account: moved to their owner by
   * earlierDrafts.ts, loaded only when there are some (most windows have none).
   */
  async adoptEarlierDrafts(): Promise<void> {
    const all = this.read();
    if (!Object.keys(all).some((key) => partsOf(key).owner === undefined)) return;
    const { adoptEarlierDrafts } = await import('./earlierDrafts');
    await this.state.update(Stored.documentDrafts, adoptEarlierDrafts(all, this.owners));
    this.publish();
  }

  private async forget(matches: (key: string, draft: Draft) => boolean): Promise<number> {
    const all = this.read();
    const gone = Object.keys(all).filter((key) => matches(key, all[key]!));
    if (gone.length === 0) return 0;
    await this.state.update(
      Stored.documentDrafts,
      Object.fromEntries(Object.entries(all).filter(([key]) => !gone.includes(key))),
    );
    this.publish();
    for (const key of gone) this.emitter.fire(vscode.Uri.parse(partsOf(key).uri));
    return gone.length;
  }

  private changed(uri: vscode.Uri): void {
    this.publish();
    this.emitter.fire(uri);
  }

  private publish(): void {
    const uris = new Set(Object.keys(this.read()).map((key) => partsOf(key).uri));
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, [...uris]);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
