/**
 * Which failures are retried and how long to wait. Only idempotent requests get here (the transport never retries
 * a POST): 429 waits Retry-After (bounded by maxRetryAfterSeconds, beyond that it fails with the wait named),
 * 502/503/504 and network failures back off exponentially with full jitter, up to maxAttempts in all, and never
 * past giveUpAfterMs from the first attempt (a stalled service must not hold a view for minutes).
 */
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterSeconds: number;
  /** Attempts and the waits between them end within this much time; a wait that would pass it is not made. */
  giveUpAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  maxRetryAfterSeconds: 60,
  giveUpAfterMs: 30_000,
};

/**
 * No timer is ever set longer than this. Node's setTimeout overflows past 2^31-1 ms (it then fires at once, over and
 * over, while warning), and nothing this extension does should sleep longer than a few minutes in one go.
 */
export const MAX_SLEEP_MS = 10 * 60_000;

/** A delay made safe for setTimeout: a finite number of ms from 0 to MAX_SLEEP_MS. */
export function clampDelay(ms: number): number {
  return Number.isFinite(ms) ? Math.min(MAX_SLEEP_MS, Math.max(0, ms)) : ms > 0 ? MAX_SLEEP_MS : 0;
}

const RETRIABLE_STATUS = new Set([502, 503, 504]);

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

export function decideRetry(
  policy: RetryPolicy,
  attempt: number,
  failure: { status?: number; network?: boolean; retryAfter?: number },
  random: () => number = Math.random,
): RetryDecision {
  if (attempt >= policy.maxAttempts) return { retry: false };
  if (failure.status === 429) {
    const seconds = failure.retryAfter ?? 1;
    if (seconds > policy.maxRetryAfterSeconds) return { retry: false };
    return { retry: true, delayMs: seconds * 1000 };
  }
  if (failure.network || (failure.status !== undefined && RETRIABLE_STATUS.has(failure.status))) {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    return { retry: true, delayMs: Math.round(random() * ceiling) };
  }
  return { retry: false };
}

/** Waits, or rejects at once when the signal aborts (so cancellation stops a Retry-After wait). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, clampDelay(ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
