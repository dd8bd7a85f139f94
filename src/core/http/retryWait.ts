import { type OrchestratorError, waitTooLong } from './errors';
import { decideRetry, type RetryPolicy } from './retry';
import type { RequestRun } from './transportOptions';

/** The request whose attempt failed: its policy, its allowances so far, and how long it may take in all. */
export interface RetryRequest {
  policy: RetryPolicy;
  run: RequestRun;
  giveUpMs: number;
  endpoint: string;
  random?: () => number;
}

/**
 * The wait before a GET's next attempt after `error`, counted against the request's allowances in `run`; throws
 * `error` when it is not retried (or no time is left), and a clear error when the service asks for too long a wait.
 */
export function retryWait(
  error: OrchestratorError,
  attempt: number,
  { policy, run, giveUpMs, endpoint, random }: RetryRequest,
): number {
  const failure = {
    status: error.status,
    network: error.kind === 'network' || error.kind === 'timeout',
    retryAfter: error.retryAfter,
  };
  if (error.kind !== 'http' && !failure.network) throw error;
  if (error.status === 429) {
    // Retry-After waits share one allowance per request: repeated 429s cannot add up to minutes.
    const seconds = error.retryAfter ?? 1;
    const allowance = policy.maxRetryAfterSeconds * 1000 - run.retryAfterMs;
    if (seconds * 1000 > allowance) throw waitTooLong(endpoint, seconds, policy.maxRetryAfterSeconds, error);
  }
  const decision = decideRetry(policy, attempt, failure, random);
  if (!decision.retry) throw error;
  if (error.status === 429) run.retryAfterMs += decision.delayMs;
  else if (run.spentMs + decision.delayMs >= giveUpMs)
    throw error; // no time left for another attempt
  else run.spentMs += decision.delayMs;
  return decision.delayMs;
}
