import { sleep } from './retry';

export interface SchedulerState {
  /** Requests sent in the last minute. */
  used: number;
  budget: number;
  /** Requests waiting for a slot. */
  queued: number;
  /** Epoch ms until which the service told us to hold back, if it did. */
  pausedUntil?: number;
}

export interface SchedulerOptions {
  /** Requests per minute we allow ourselves (default 50 of the tenant's 100, leaving room for other tools). */
  budgetPerMinute?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const WINDOW_MS = 60_000;

/**
 * One per tenant for the rate-limited endpoints (GET Jobs and GET QueueItems lists). Callers wait for a slot
 * instead of failing; the service's X-RateLimit-Remaining (0 once fewer than 10 remain) and 429s pause it.
 */
export class RateLimitScheduler {
  private readonly sent: number[] = [];
  private queued = 0;
  private pausedUntil = 0;
  private readonly listeners = new Set<(state: SchedulerState) => void>();
  readonly budget: number;
  private readonly now: () => number;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  private chain: Promise<void> = Promise.resolve();

  constructor(options: SchedulerOptions = {}) {
    this.budget = Math.max(1, options.budgetPerMinute ?? 50);
    this.now = options.now ?? Date.now;
    this.wait = options.sleep ?? sleep;
  }

  state(): SchedulerState {
    this.prune();
    return { used: this.sent.length, budget: this.budget, queued: this.queued, ...(this.pausedUntil > this.now() ? { pausedUntil: this.pausedUntil } : {}) };
  }

  onDidChange(listener: (state: SchedulerState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Resolves when the caller may send; slots are handed out in arrival order. Rejects when the signal aborts. */
  acquire(signal?: AbortSignal): Promise<void> {
    this.queued++;
    this.emit();
    const turn = this.chain.then(() => this.waitForSlot(signal));
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
    if (response.status === 429) this.pausedUntil = Math.max(this.pausedUntil, now + (response.retryAfterSeconds ?? 1) * 1000);
    else if (response.remaining === 0) {
      // Fewer than 10 left in the service's window: hold back until our oldest request leaves the minute.
      this.prune();
      const oldest = this.sent[0] ?? now;
      this.pausedUntil = Math.max(this.pausedUntil, oldest + WINDOW_MS);
    }
    this.emit();
  }

  private async waitForSlot(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      this.prune();
      const now = this.now();
      if (this.pausedUntil > now) {
        await this.wait(this.pausedUntil - now, signal);
        continue;
      }
      if (this.sent.length < this.budget) {
        this.sent.push(now);
        return;
      }
      await this.wait(this.sent[0]! + WINDOW_MS - now + 1, signal);
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
