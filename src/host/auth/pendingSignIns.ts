import { t } from '../../core/l10n';

/** Why a sign-in stopped before it completed. */
export type SignInStop = 'replaced' | 'cancelled';

/** What the user is told when a sign-in stopped: a replaced one says nothing (the new login page is the answer). */
export function stoppedNotice(stopped: SignInStop | undefined, connectionLabel: string): string | undefined {
  return stopped === 'cancelled' ? t('The sign-in to {0} was cancelled.', connectionLabel) : undefined;
}

/** One sign-in in progress for a connection, as the authentication provider runs it. */
export interface PendingSignIn {
  /** Aborts when the sign-in is stopped: replaced by a newer one, or cancelled by the user. */
  readonly signal: AbortSignal;
  /** Why it was stopped (undefined while it runs or once it completed). */
  readonly stopped: SignInStop | undefined;
  /** The user's cancel (the progress notification's Cancel). */
  cancel(): void;
  /** Told once the sign-in has settled and its loopback port is closed. */
  end(): void;
}

interface Attempt {
  controller: AbortController;
  stopped?: SignInStop;
  ended: Promise<void>;
  end(): void;
}

/** How long a new sign-in waits for the one it replaces to close its port and settle. */
export const REPLACE_WAIT_MS = 3_000;

const settledWithin = (work: PromiseLike<unknown>, ms: number) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    const settle = () => {
      clearTimeout(timer);
      done();
    };
    work.then(settle, settle);
  });

/**
 * The sign-in in progress: a new one replaces the pending one at once. Needed because the editor joins a second
 * session request of the same extension and scopes to the first, and its extension host runs a provider's
 * createSession and getSessions one at a time (for every connection): a second Sign In would otherwise wait for the
 * first's 5-minute timeout while the user has closed its login page long ago. So a request stops the pending sign-in
 * before it asks (`request`); `begin` does too, for a createSession the editor did not queue. Kept by connection, as
 * the editor joins requests by connection. Every wait here is bounded.
 */
export class PendingSignIns {
  private readonly attempts = new Map<string, Attempt>();
  private readonly requests = new Map<string, Promise<unknown>>();
  /** Per connection, how many sign-ins were stopped: a request that saw one stopped under it says nothing more. */
  private readonly stops = new Map<string, number>();

  constructor(private readonly waitMs = REPLACE_WAIT_MS) {}

  /** Starts a sign-in to `key`, after the pending one (if any) is stopped as replaced and has closed its port. */
  async begin(key: string): Promise<PendingSignIn> {
    // Another begin may have started one while this waited for the last to close: stop that too, so none is orphaned.
    while (this.attempts.size > 0) await this.stopAll('replaced');
    let end!: () => void;
    const ended = new Promise<void>((done) => (end = done));
    const attempt: Attempt = { controller: new AbortController(), ended, end };
    this.attempts.set(key, attempt);
    return {
      signal: attempt.controller.signal,
      get stopped() {
        return attempt.stopped;
      },
      cancel: () => {
        if (this.attempts.get(key) === attempt) void this.stop(key, 'cancelled');
      },
      end: () => {
        if (this.attempts.get(key) === attempt) this.attempts.delete(key);
        attempt.end();
      },
    };
  }

  /**
   * A session request made through the editor for `key` (the Sign In command's). The pending sign-in is stopped as
   * replaced first and the request it belongs to let settle, so this one is not joined to it. Resolves undefined
   * when a sign-in was stopped while this request waited (replaced: the newer one answers; cancelled: said already).
   */
  async request<T>(key: string, ask: () => PromiseLike<T>): Promise<T | undefined> {
    await this.stopAll('replaced');
    const previous = this.requests.get(key);
    if (previous) await settledWithin(previous, this.waitMs);
    const stopsBefore = this.stops.get(key) ?? 0;
    const request = Promise.resolve(ask());
    this.requests.set(key, request);
    try {
      return await request;
    } catch (error) {
      if ((this.stops.get(key) ?? 0) > stopsBefore) return undefined;
      throw error;
    } finally {
      if (this.requests.get(key) === request) this.requests.delete(key);
    }
  }

  /** Stops every sign-in in progress, silently as a replaced one: the extension is going away. */
  dispose(): void {
    void this.stopAll('replaced');
  }

  private async stopAll(why: SignInStop): Promise<void> {
    await Promise.all([...this.attempts.keys()].map((key) => this.stop(key, why)));
  }

  private async stop(key: string, why: SignInStop): Promise<void> {
    const attempt = this.attempts.get(key);
    if (!attempt) return;
    this.attempts.delete(key);
    attempt.stopped = why;
    this.stops.set(key, (this.stops.get(key) ?? 0) + 1);
    attempt.controller.abort();
    await settledWithin(attempt.ended, this.waitMs);
  }
}
