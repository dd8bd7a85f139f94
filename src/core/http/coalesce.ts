/**
 * Shares one in-flight GET between identical callers. The shared request has its own AbortController, aborted
 * only when every caller has given up, so one caller's cancellation never cancels another's result.
 */
export class Coalescer {
  private readonly inFlight = new Map<
    string,
    { promise: Promise<unknown>; controller: AbortController; waiting: number }
  >();

  run<T>(key: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    let entry = this.inFlight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const promise = start(controller.signal).finally(() => {
        if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
      });
      entry = { promise, controller, waiting: 0 };
      this.inFlight.set(key, entry);
    }
    const shared = entry;
    shared.waiting++;
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const leave = () => {
        if (done) return;
        done = true;
        signal?.removeEventListener('abort', onAbort);
        shared.waiting--;
      };
      const onAbort = () => {
        leave();
        if (shared.waiting === 0) {
          shared.controller.abort(signal!.reason);
          if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
        }
        reject(signal!.reason);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      (shared.promise as Promise<T>).then(
        (value) => {
          if (done) return;
          leave();
          resolve(value);
        },
        (error: unknown) => {
          if (done) return;
          leave();
          reject(error);
        },
      );
    });
  }

  /**
   * New callers no longer join the GETs in flight now (their callers still get them): after a change, a read must
   * see the change, and a GET sent before it may not.
   */
  forgetInFlight(): void {
    this.inFlight.clear();
  }

  get size(): number {
    return this.inFlight.size;
  }
}
