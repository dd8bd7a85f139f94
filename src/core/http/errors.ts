/**
 * Every failure of a service call is an OrchestratorError: what happened (status, the service's errorCode and
 * message, traceId), where (endpoint), and when to retry (retryAfter, seconds). Messages never contain tokens.
 */
export type ErrorKind =
  | 'http' // the service answered with an error status
  | 'network' // no answer, a reset, or a body cut off mid-way
  | 'timeout'
  | 'cancelled'
  | 'invalidResponse' // the body is not what the endpoint promises (malformed JSON, wrong envelope or types)
  | 'invalidInput'; // refused before sending: the request would break a documented limit

export interface OrchestratorErrorInit {
  kind: ErrorKind;
  endpoint: string;
  message: string;
  status?: number;
  errorCode?: number | string;
  traceId?: string;
  retryAfter?: number;
  /** Validation failures that name their fields (the idea service's `errors: [{ field, message }]`). */
  fieldErrors?: FieldError[];
  cause?: unknown;
}

export interface FieldError {
  field: string;
  message: string;
}

export class OrchestratorError extends Error {
  readonly kind: ErrorKind;
  readonly endpoint: string;
  readonly status?: number;
  readonly errorCode?: number | string;
  readonly traceId?: string;
  readonly retryAfter?: number;
  readonly fieldErrors?: FieldError[];

  constructor(init: OrchestratorErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'OrchestratorError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.traceId = init.traceId;
    this.retryAfter = init.retryAfter;
    this.fieldErrors = init.fieldErrors;
  }

  get isCancellation(): boolean {
    return this.kind === 'cancelled';
  }
}

export function invalidInput(endpoint: string, message: string): OrchestratorError {
  return new OrchestratorError({ kind: 'invalidInput', endpoint, message });
}

export function cancelled(endpoint: string): OrchestratorError {
  return new OrchestratorError({ kind: 'cancelled', endpoint, message: `${endpoint} was cancelled.` });
}

/** Reads the service's error body: `{ message, errorCode, traceId }`, OData's `{ error: { code, message } }`, or text. */
export function errorFromResponse(endpoint: string, status: number, bodyText: string, headers: Headers): OrchestratorError {
  let message: string;
  let errorCode: number | string | undefined;
  let traceId: string | undefined;
  let fieldErrors: FieldError[] | undefined;
  try {
    const body = JSON.parse(bodyText) as Record<string, unknown>;
    const odata = body.error as Record<string, unknown> | undefined;
    message = typeof body.message === 'string' ? body.message : typeof odata?.message === 'string' ? odata.message : typeof body.error_description === 'string' ? body.error_description : '';
    const code = body.errorCode ?? odata?.code ?? body.error;
    errorCode = typeof code === 'number' || typeof code === 'string' ? code : undefined;
    traceId = typeof body.traceId === 'string' ? body.traceId : undefined;
    if (Array.isArray(body.errors)) {
      fieldErrors = body.errors
        .filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string')
        .map((e) => ({ field: e.field.slice(0, 200), message: e.message.slice(0, 2_000) }));
    }
  } catch {
    message = bodyText.slice(0, 300).trim();
  }
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  return new OrchestratorError({
    kind: 'http',
    endpoint,
    status,
    errorCode,
    traceId,
    retryAfter,
    fieldErrors,
    message: message || `${endpoint} failed with HTTP ${status}.`,
  });
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A failure that may pass if the same read is made later: no answer, a timeout, rate limiting, a server hiccup. */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof OrchestratorError)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && [429, 500, 502, 503, 504].includes(error.status ?? 0));
}
