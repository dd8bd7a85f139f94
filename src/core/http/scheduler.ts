import { waitTooLong } from './errors';
import { clampDelay, DEFAULT_RETRY_POLICY, sleep } from './retry';
import { t } from '../l10n';

export interface SchedulerState {
  /** Requests sent in the last minute. */
  used: number;
  budget: number;
  /** Requests waiting for a slot. */
  queued: number;
  /** Epoch ms until which the service told us to hold back, if it did. */
  pausedUntil?: number;
  /** Seconds the service asked for beyond the cap: requests fail at once, naming it, until pausedUntil. */
  refusedWaitSeconds?: number;
}

export interface SchedulerOptions {
  /** Requests per minute we allow ourselves (default 50 of the tenant's 100, leaving room for other tools). */
  budgetPerMinute?: number;
  /** The longest Retry-After honoured (default: the retry policy's cap, so both wait alike). */
  maxPauseSeconds?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const WINDOW_MS = 60_000;

/**
 * One per tenant for the rate-limited endpoints (GET Jobs and GET QueueItems lists). Callers wait for a slot
 * instead of failing; the service's X-RateLimit-Remaining (0 once fewer than 10 remain) and 429s pause it.
 * A Retry-After beyond the cap does not pause anything for that long: for the cap's length every caller fails at
 * once with the wait named (one answer must not freeze a tenant's lists for an hour), then it asks again.
 */
export class RateLimitScheduler {
  private readonly sent: number[] = [];
  private queued = 0;
  private pausedUntil = 0;
  /** A Retry-After longer than the cap, and until when (at most the cap from now) callers are refused for it. */
  private refused: { until: number; seconds: number } | undefined;
  private readonly maxPauseMs: number;
  private readonly listeners = new Set<(state: SchedulerState) => void>();
  readonly budget: number;
  private readonly now: () => number;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  private chain: Promise<void> = Promise.resolve();

  constructor(options: SchedulerOptions = {}) {
    this.budget = Math.max(1, options.budgetPerMinute ?? 50);
    this.now = options.now ?? Date.now;
    this.wait = options.sleep ?? sleep;
    this.maxPauseMs = Math.max(0, options.maxPauseSeconds ?? DEFAULT_RETRY_POLICY.maxRetryAfterSeconds) * 1000;
  }

  state(): SchedulerState {
    this.prune();
    const now = this.now();
    const refused = this.refused && this.refused.until > now ? this.refused : undefined;
    const pausedUntil = Math.max(this.pausedUntil, refused?.until ?? 0);
    return {
      used: this.sent.length,
      budget: this.budget,
      queued: this.queued,
      ...(pausedUntil > now ? { pausedUntil } : {}),
      ...(refused ? { refusedWaitSeconds: refused.seconds } : {}),
    };
  }

  onDidChange(listener: (state: SchedulerState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Resolves when the caller may send; slots are handed out in arrival order. Rejects when the signal aborts, and
   * with an OrchestratorError naming the wait while the service asks for longer than the cap.
   */
  acquire(signal?: AbortSignal, endpoint = t('This list')): Promise<void> {
    // Nobody waiting and a slot free now: taken at once, as the first turn of waitForSlot would, without the turns of
    // the queue the chain below costs (several per request, at a thousand requests a listing).
    if (this.queued === 0 && !signal?.aborted && this.takeFreeSlot()) return Promise.resolve();
    this.queued++;
    this.emit();
    const turn = this.chain.then(() => this.waitForSlot(signal, endpoint));
    // The next caller waits for this one's slot, whether this one got it or gave up.
    this.chain = turn.catch(() => undefined);
    return turn.finally(() => {
      this.queued--;
      this.emit();
    });
  }

  /** Feeds back what the service said: X-RateLimit-Remaining and Retry-After on a 429. */
  observe(response: { status: number; remaining?: number; retryAfterSeconds?: number }): void {
    const now = this.now();
    if (response.status === 429) {
      const seconds = Number.isFinite(response.retryAfterSeconds) ? Math.max(0, response.retryAfterSeconds!) : 1;
      if (seconds * 1000 <= this.maxPauseMs) this.pausedUntil = Math.max(this.pausedUntil, now + seconds * 1000);
      else this.refused = { until: now + this.maxPauseMs, seconds };
    } else if (response.remaining === 0) {
      // Fewer than 10 left in the service's window: hold back until our oldest request leaves the minute.
      this.prune();
      const oldest = this.sent[0] ?? now;
      this.pausedUntil = Math.max(this.pausedUntil, oldest + WINDOW_MS);
    }
    this.emit();
  }

  /** Takes a slot if one is free this moment (no pause, no refusal, budget left); listeners see what acquire shows. */
  private takeFreeSlot(): boolean {
    this.prune();
    const now = this.now();
    if ((this.refused && this.refused.until > now) || this.pausedUntil > now || this.sent.length >= this.budget)
      return false;
    this.queued++;
    this.emit();
    this.sent.push(now);
    this.queued--;
    this.emit();
    return true;
  }

  private async waitForSlot(signal: AbortSignal | undefined, endpoint: string): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      this.prune();
      const now = this.now();
      if (this.refused && this.refused.until > now)
        throw waitTooLong(endpoint, this.refused.seconds, this.maxPauseMs / 1000);
      // Every wait is bounded by the cap (pausedUntil is set within it; the clamp keeps any timer sane regardless).
      if (this.pausedUntil > now) {
        await this.wait(clampDelay(Math.min(this.pausedUntil - now, this.maxPauseMs)), signal);
        continue;
      }
      if (this.sent.length < this.budget) {
        this.sent.push(now);
        return;
      }
      await this.wait(clampDelay(this.sent[0]! + WINDOW_MS - now + 1), signal);
    }
  }

  private prune(): void {
    const cutoff = this.now() - WINDOW_MS;
    while (this.sent.length > 0 && this.sent[0]! <= cutoff) this.sent.shift();
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }
}
