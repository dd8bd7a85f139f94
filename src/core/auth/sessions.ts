import type { FetchLike } from '../http/transport';
import { renewable, renewTokens } from './renewal';
import { refreshDelayMs, TokenError, type TokenResponse } from './tokens';
import { t } from '../l10n';
import {
  accountKey,
  INDEX_KEY,
  readAccountIds,
  readStoredAccount,
  type SecretStore,
  type StoredAccount,
} from './storedAccounts';

export { accountKey, type SecretStore, type StoredAccount } from './storedAccounts';

export type SessionChange = { added: StoredAccount[]; removed: StoredAccount[]; changed: StoredAccount[] };

export interface SessionManagerOptions {
  secrets: SecretStore;
  fetch: FetchLike;
  now?: () => number;
  /** Schedules the proactive refresh; returns a cancel function. */
  schedule?: (delayMs: number, run: () => void) => () => void;
  /** Told when a refresh token is dead (invalid_grant): the account is gone, the user must sign in again. */
  onExpired?: (account: StoredAccount) => void;
  /** Told every token value this manager obtains or reads, so the log can redact it before anything is written. */
  onSecret?: (value: string, user?: string) => void;
}

interface Live {
  account: StoredAccount;
  accessToken?: string;
  expiresAt?: number;
  refreshing?: Promise<string>;
  cancelTimer?: () => void;
}

/**
 * The signed-in accounts and their tokens. Refresh tokens live in the secret store only, access tokens in memory
 * only. Every renewable sign-in is renewed before it expires (renewal.ts: a refresh token, or an application asking
 * again). One refresh in flight per account; the secret is re-read first (another window may have rotated it); a
 * rotated refresh token is saved before it is used; invalid_grant removes the account; a network failure does not.
 */
export class SessionManager {
  private readonly live = new Map<string, Live>();
  private readonly listeners = new Set<(change: SessionChange) => void>();
  private readonly now: () => number;
  private readonly schedule: NonNullable<SessionManagerOptions['schedule']>;
  /**
   * load, add and remove run one at a time: our own secret writes make the editor report a change, and a reload that
   * read the index before an add finished would otherwise drop the account that add just signed in.
   */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SessionManagerOptions) {
    this.now = options.now ?? Date.now;
    this.schedule =
      options.schedule ??
      ((delay, run) => {
        const timer = setTimeout(run, Math.min(delay, 2 ** 31 - 1));
        (timer as { unref?: () => void }).unref?.();
        return () => clearTimeout(timer);
      });
  }

  onDidChange(listener: (change: SessionChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  accounts(): StoredAccount[] {
    return [...this.live.values()].map((l) => l.account);
  }

  account(id: string): StoredAccount | undefined {
    return this.live.get(id)?.account;
  }

  /** Loads (or reloads, after another window changed the secrets) every account from the store. */
  load(): Promise<SessionChange> {
    return this.serial(() => this.loadNow());
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async loadNow(): Promise<SessionChange> {
    const ids = await readAccountIds(this.options.secrets);
    const found = new Map<string, StoredAccount>();
    for (const id of ids) {
      const account = await this.readAccount(id);
      if (account) found.set(id, account);
    }
    const change: SessionChange = { added: [], removed: [], changed: [] };
    for (const [id, live] of this.live) {
      if (!found.has(id)) {
        live.cancelTimer?.();
        this.live.delete(id);
        change.removed.push(live.account);
      }
    }
    for (const [id, account] of found) {
      const live = this.live.get(id);
      if (!live) {
        this.live.set(id, { account });
        change.added.push(account);
      } else if (JSON.stringify(live.account) !== JSON.stringify(account)) {
        live.account = account;
        change.changed.push(account);
      }
    }
    this.emit(change);
    return change;
  }

  /** Stores a new sign-in (replacing the same account's previous one). */
  add(account: StoredAccount, tokens?: TokenResponse): Promise<void> {
    return this.serial(() => this.addNow(account, tokens));
  }

  private async addNow(account: StoredAccount, tokens?: TokenResponse): Promise<void> {
    const stored: StoredAccount = {
      ...account,
      ...(tokens?.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    };
    this.reveal(stored.refreshToken, stored.accessToken, tokens?.access_token);
    await this.options.secrets.store(accountKey(stored.id), JSON.stringify(stored));
    const ids = new Set(await readAccountIds(this.options.secrets));
    ids.add(stored.id);
    await this.options.secrets.store(INDEX_KEY, JSON.stringify([...ids]));
    const existed = this.live.get(stored.id);
    existed?.cancelTimer?.();
    const live: Live = { account: stored };
    this.live.set(stored.id, live);
    if (tokens) this.accept(live, tokens, this.now());
    this.emit(existed ? { added: [], removed: [], changed: [stored] } : { added: [stored], removed: [], changed: [] });
  }

  remove(id: string): Promise<StoredAccount | undefined> {
    return this.serial(() => this.removeNow(id));
  }

  private async removeNow(id: string): Promise<StoredAccount | undefined> {
    const live = this.live.get(id);
    live?.cancelTimer?.();
    this.live.delete(id);
    await this.options.secrets.delete(accountKey(id));
    const ids = (await readAccountIds(this.options.secrets)).filter((other) => other !== id);
    await this.options.secrets.store(INDEX_KEY, JSON.stringify(ids));
    if (live) this.emit({ added: [], removed: [live.account], changed: [] });
    return live?.account;
  }

  /** A valid access token: cached while it has more than 30 s left, refreshed otherwise or when forced (after a 401). */
  async accessToken(id: string, options: { forceRefresh?: boolean } = {}): Promise<string> {
    const live = this.live.get(id);
    if (!live) throw new TokenError('invalid_grant', t('You are signed out of this connection. Sign in again.'));
    if (live.account.kind === 'accessToken') {
      if (!live.account.accessToken)
        throw new TokenError('invalid_grant', t('No access token is stored for this connection.'));
      return live.account.accessToken;
    }
    if (
      !options.forceRefresh &&
      live.accessToken &&
      live.expiresAt !== undefined &&
      live.expiresAt - 30_000 > this.now()
    )
      return live.accessToken;
    return this.refresh(live);
  }

  /** Expiry of the in-memory access token, for the status bar. */
  expiresAt(id: string): number | undefined {
    return this.live.get(id)?.expiresAt;
  }

  dispose(): void {
    for (const live of this.live.values()) live.cancelTimer?.();
    this.listeners.clear();
  }

  private reveal(...values: (string | undefined)[]): void {
    for (const value of values) if (value) this.options.onSecret?.(value);
  }

  private refresh(live: Live): Promise<string> {
    live.refreshing ??= this.doRefresh(live).finally(() => {
      live.refreshing = undefined;
    });
    return live.refreshing;
  }

  private async doRefresh(live: Live): Promise<string> {
    // Another window may have rotated the refresh token since we loaded it: use the stored one.
    const stored = await this.readAccount(live.account.id);
    if (!stored) {
      await this.forget(live);
      throw new TokenError('invalid_grant', t('You were signed out (in another window). Sign in again.'));
    }
    live.account = stored;
    let tokens: TokenResponse;
    try {
      tokens = await renewTokens(
        {
          fetch: this.options.fetch,
          secrets: this.options.secrets,
          reveal: (v, user) => this.options.onSecret?.(v, user),
        },
        stored,
      );
    } catch (error) {
      if (error instanceof TokenError && error.kind === 'invalid_grant') {
        await this.forget(live);
        this.options.onExpired?.(live.account);
      }
      throw error;
    }
    // A refreshed id_token is not read: who signed in was settled by the verified id_token of the sign-in itself.
    if (tokens.refresh_token && tokens.refresh_token !== stored.refreshToken) {
      live.account = { ...stored, refreshToken: tokens.refresh_token };
      await this.options.secrets.store(accountKey(stored.id), JSON.stringify(live.account));
    }
    this.accept(live, tokens, this.now());
    return tokens.access_token;
  }

  private accept(live: Live, tokens: TokenResponse, receivedAt: number): void {
    this.reveal(tokens.access_token, tokens.refresh_token);
    live.accessToken = tokens.access_token;
    live.expiresAt = receivedAt + tokens.expires_in * 1000;
    live.cancelTimer?.();
    if (renewable(live.account)) {
      live.cancelTimer = this.schedule(refreshDelayMs(tokens.expires_in, receivedAt, this.now()), () => {
        // Proactive: failures are handled when a caller next asks (network) or already removed the account (invalid_grant).
        void this.refresh(live).catch(() => undefined);
      });
    }
  }

  private async forget(live: Live): Promise<void> {
    if (this.live.get(live.account.id) === live) await this.remove(live.account.id);
  }

  /** The stored account, its tokens handed to the log's redaction before anything else sees them. */
  private async readAccount(id: string): Promise<StoredAccount | undefined> {
    const account = await readStoredAccount(this.options.secrets, id);
    if (account) this.reveal(account.refreshToken, account.accessToken);
    return account;
  }

  private emit(change: SessionChange): void {
    if (change.added.length + change.removed.length + change.changed.length === 0) return;
    for (const listener of this.listeners) listener(change);
  }
}
