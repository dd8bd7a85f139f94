import type { Dialect, ServiceConnection } from './connection';
import { cancelled } from './errors';

// Paths carry the spec's `{ns}`/`{qns}` until a request is sent in the service's dialect (transport.ts).

/** The names a service gives the spec's placeholders: the connection's own win (blank ones count as unset). */
export function withConnectionNames(discovered: Dialect, connection: ServiceConnection): Dialect {
  return {
    ...discovered,
    namespace: connection.namespace?.trim() || discovered.namespace,
    queueNamespace: connection.queueNamespace?.trim() || discovered.queueNamespace,
    headerPrefix: connection.headerPrefix?.trim() || discovered.headerPrefix,
  };
}

/** The spec's placeholders in a path, named as this service names them. */
export function inDialect(path: string, dialect: Dialect): string {
  return path.replaceAll('{ns}', dialect.namespace).replaceAll('{qns}', dialect.queueNamespace);
}

/** A path as the user reads it in a message: the spec's placeholders left out (`/odata/Jobs/StartJobs`). */
export function readablePath(path: string): string {
  return path.replaceAll('{ns}.', '').replaceAll('{qns}.', '');
}

/** Waits for a promise shared with others; the caller's cancellation ends the wait, not the shared work. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, endpoint: string): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelled(endpoint));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(cancelled(endpoint));
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
