// One attempt's time limit, headers and body included, joined with the caller's cancellation.

/** The signal fetch and the body read listen to, whether it was the limit that ended them, and the clean-up. */
export interface AttemptDeadline {
  signal: AbortSignal;
  timedOut(): boolean;
  /** Clears the timer and the listener on the caller's signal: call once the attempt is over. */
  dispose(): void;
}

/**
 * One AbortController and one timer per attempt, cleared when the attempt ends. `AbortSignal.timeout` and
 * `AbortSignal.any` did the same, but each request left a 20 s timer behind and a dependent signal that only the
 * garbage collector unlinks: at a thousand requests a listing, a tenth of the client's CPU. `external` replaces the
 * timer with a signal of the caller's (tests fire it on their own clock).
 */
export function attemptDeadline(
  ms: number,
  caller: AbortSignal | undefined,
  external?: (ms: number) => AbortSignal,
): AttemptDeadline {
  const controller = new AbortController();
  let timedOut = false;
  const onTimeout = () => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')); // l10n: code (as AbortSignal.timeout)
  };
  const onCancel = () => controller.abort(caller?.reason);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let limit: AbortSignal | undefined;
  if (external) {
    limit = external(ms);
    if (limit.aborted) onTimeout();
    else limit.addEventListener('abort', onTimeout, { once: true });
  } else {
    timer = setTimeout(onTimeout, ms);
  }
  if (caller?.aborted) onCancel();
  else caller?.addEventListener('abort', onCancel, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      limit?.removeEventListener('abort', onTimeout);
      caller?.removeEventListener('abort', onCancel);
    },
  };
}
