// One attempt's time limit, headers and body included, joined with the caller's cancellation.

/** The signal fetch and the body read listen to, whether it was the limit that ended them, and the clean-up. */
export interface AttemptDeadline {
  signal: AbortSignal;
  timedOut(): boolean;
  /**
   * Clears the timer and the listener on the caller's signal: call once the attempt is over. `completed`: the
   * attempt's answer was read to its end, so its signal may serve a later attempt (see `spare`).
   */
  dispose(completed?: boolean): void;
}

/**
 * Controllers of attempts that completed, never aborted, for later attempts. fetch ties each request to the signal it
 * is given with a weak reference and a finalizer that only the garbage collector runs, holding the signal until then:
 * a new controller per request cost the listing ~5 % of its CPU in collections. A completed request ignores an abort
 * (undici returns at once for a completed request), so a signal it listened to may serve the next attempt; it is
 * retired after MAX_USES, which bounds the listeners left on it until the collector removes them.
 */
const spare: { controller: AbortController; uses: number }[] = [];
const MAX_SPARE = 4;
const MAX_USES = 64;

/**
 * One AbortController (a spare one when there is one) and one timer per attempt, cleared when the attempt ends.
 * `AbortSignal.timeout` and `AbortSignal.any` did the same, but each request left a 20 s timer behind and a dependent
 * signal that only the garbage collector unlinks: at a thousand requests a listing, a tenth of the client's CPU.
 * `external` replaces the timer with a signal of the caller's (tests fire it on their own clock).
 */
export function attemptDeadline(
  ms: number,
  caller: AbortSignal | undefined,
  external?: (ms: number) => AbortSignal,
): AttemptDeadline {
  const lent = spare.pop() ?? { controller: new AbortController(), uses: 0 };
  const { controller } = lent;
  lent.uses++;
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
  let disposed = false;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: (completed = false) => {
      if (disposed) return;
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
      limit?.removeEventListener('abort', onTimeout);
      caller?.removeEventListener('abort', onCancel);
      if (completed && !controller.signal.aborted && lent.uses < MAX_USES && spare.length < MAX_SPARE) spare.push(lent);
    },
  };
}
