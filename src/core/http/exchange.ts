import { OrchestratorError } from './errors';
import { t } from '../l10n';

/**
 * One request as the request log tells it: what was asked (the path without query values, which may carry what the
 * user searched for), how it ended, how long it took, and the service's trace id for a support case. Nothing in it
 * can be secret: tokens and keys travel in headers, which are never part of it.
 */
export interface Exchange {
  method: string;
  /** The path, with the query's option names but not their values: `/odata/Jobs?$filter=…&$top=…`. */
  path: string;
  /** The HTTP status; absent when no answer came (timeout, reset, cancelled). */
  status?: number;
  durationMs: number;
  /** The service's trace id (response header, or the error body's traceId). */
  traceId?: string;
  /** Not answered with a 2xx (an error status, or no answer at all). */
  failed: boolean;
  /** How it ended without an answer: `timeout`, `network`, `cancelled`. */
  reason?: string;
}

/** The headers services use to name a request for their support. */
const TRACE_HEADERS = ['x-request-id', 'x-correlation-id', 'request-id', 'traceparent'];

export function traceIdOf(headers: Headers): string | undefined {
  for (const name of TRACE_HEADERS) {
    const value = headers.get(name);
    if (value) return value.slice(0, 200);
  }
  return undefined;
}

/** `/odata/Jobs?$filter=x&$top=5` → `/odata/Jobs?$filter=…&$top=…`: which options, never what they hold. */
export function loggablePath(path: string): string {
  const [base = '', query] = path.split('?', 2);
  if (!query) return base;
  const names = query
    .split('&')
    .filter(Boolean)
    .map((part) => `${decodeName(part.split('=', 1)[0] ?? '')}=…`);
  return `${base}?${names.join('&')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name)
      .replace(/[^\w$.-]/g, '?')
      .slice(0, 40);
  } catch {
    return '?';
  }
}

/** One line of the request log: `GET /odata/Folders?$top=… 200 35 ms trace 4bf9…`. */
export function exchangeLine(exchange: Exchange): string {
  const outcome = exchange.status !== undefined ? String(exchange.status) : (exchange.reason ?? t('no answer'));
  // l10n: code (the request log stays English)
  const trace = exchange.traceId ? ` trace ${exchange.traceId}` : '';
  return `${exchange.method} ${exchange.path} ${outcome} ${Math.round(exchange.durationMs)} ms${trace}`;
}

/** The request log's account of one attempt: the answer's status and trace id, or how it ended without one. */
export function exchangeOf(
  method: string,
  path: string,
  durationMs: number,
  response: Response | undefined,
  failure: unknown,
): Exchange {
  const error = failure instanceof OrchestratorError ? failure : undefined;
  const status = response?.status ?? error?.status;
  return {
    method,
    path: loggablePath(path),
    status,
    durationMs,
    traceId: (response && traceIdOf(response.headers)) ?? error?.traceId,
    failed: failure !== undefined || status === undefined || status >= 400,
    reason: status === undefined ? (error?.kind ?? 'network') : undefined,
  };
}
