import { formatNumber, t } from '../l10n';
import { onFirstUse } from '../onFirstUse';

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
  /** A change was sent and no clean answer came back: the service may or may not have applied it. */
  outcomeUnknown?: boolean;
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
  /**
   * True when a change (POST/PUT/PATCH/DELETE) went out and what came back proves nothing: a timeout, a reset, a
   * gateway's 502/504, a cut or malformed body. Saying "failed" would invite a retry that duplicates the change.
   */
  readonly outcomeUnknown: boolean;

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
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }

  get isCancellation(): boolean {
    return this.kind === 'cancelled';
  }
}

export function invalidInput(endpoint: string, message: string): OrchestratorError {
  return new OrchestratorError({ kind: 'invalidInput', endpoint, message });
}

export function cancelled(endpoint: string): OrchestratorError {
  return new OrchestratorError({ kind: 'cancelled', endpoint, message: t('{0} was cancelled.', endpoint) });
}

/** Reads the service's error body: `{ message, errorCode, traceId }`, OData's `{ error: { code, message } }`, or text. */
export function errorFromResponse(
  endpoint: string,
  status: number,
  bodyText: string,
  headers: Headers,
): OrchestratorError {
  let message: string;
  let errorCode: number | string | undefined;
  let traceId: string | undefined;
  let fieldErrors: FieldError[] | undefined;
  try {
    const body = JSON.parse(bodyText) as Record<string, unknown>;
    const odata = body.error as Record<string, unknown> | undefined;
    message =
      typeof body.message === 'string'
        ? body.message
        : typeof odata?.message === 'string'
          ? odata.message
          : typeof body.error_description === 'string'
            ? body.error_description
            : '';
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
    message: message || t('{0} failed with HTTP {1}.', endpoint, status),
  });
}

/**
 * The longest Retry-After we represent (a year). Anything longer, an absurd number or a far-future date, is clamped
 * here so no later arithmetic overflows; the transport refuses to wait anywhere near this long anyway.
 */
export const MAX_RETRY_AFTER_SECONDS = 366 * 24 * 3600;

/** Retry-After as whole seconds (a number of seconds or an HTTP date), clamped to 0…MAX_RETRY_AFTER_SECONDS. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  // A long digit string parses to Infinity or loses precision: compare by length before converting.
  if (/^\d+$/.test(text))
    return text.replace(/^0+(?=\d)/, '').length > 9
      ? MAX_RETRY_AFTER_SECONDS
      : Math.min(Number(text), MAX_RETRY_AFTER_SECONDS);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, Math.ceil((date - now) / 1000)));
}

/** "45 seconds", "60 minutes", "3 hours", "2 days": a wait in the words a person would use. */
export function describeWait(seconds: number): string {
  const unit = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 120) return unit(Math.ceil(seconds), 'second');
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), 'minute');
  if (seconds < 2 * 86_400) return unit(Math.ceil(seconds / 3600), 'hour');
  return unit(Math.ceil(seconds / 86_400), 'day');
}

/** A 429 whose Retry-After is longer than we wait: failed at once, naming the wait, instead of hanging silently. */
export function waitTooLong(
  endpoint: string,
  seconds: number,
  limitSeconds: number,
  cause?: unknown,
): OrchestratorError {
  return new OrchestratorError({
    kind: 'http',
    status: 429,
    endpoint,
    retryAfter: seconds,
    message: t(
      'The service asks to wait {0} before {1} is called again; the extension waits at most {2}. Try again later.',
      describeWait(seconds),
      endpoint,
      describeWait(limitSeconds),
    ),
    cause,
  });
}

/**
 * The same failure, marked as leaving a change's outcome open. The message says so, because some commands show it
 * as it is; the original failure stays the cause, so a command can word its own message from it.
 */
export function withOutcomeUnknown(error: OrchestratorError): OrchestratorError {
  if (error.outcomeUnknown) return error;
  return new OrchestratorError({
    kind: error.kind,
    endpoint: error.endpoint,
    status: error.status,
    errorCode: error.errorCode,
    traceId: error.traceId,
    retryAfter: error.retryAfter,
    fieldErrors: error.fieldErrors,
    outcomeUnknown: true,
    message: t(
      '{0} was sent, but no clean answer came back ({1}). The service may or may not have applied it: check before trying again.',
      error.endpoint,
      error.message.replace(/\.$/, ''),
    ),
    cause: error,
  });
}

/** Why the outcome is unknown, in the words of the original failure (for commands that phrase their own message). */
export function unknownOutcomeReason(error: OrchestratorError): string {
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/** True when a change may or may not have been applied (see OrchestratorError.outcomeUnknown). */
export function isOutcomeUnknown(error: unknown): error is OrchestratorError {
  return error instanceof OrchestratorError && error.outcomeUnknown;
}

/** A failure that may pass if the same read is made later: no answer, a timeout, rate limiting, a server hiccup. */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof OrchestratorError)) return false;
  return (
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    (error.kind === 'http' && [429, 500, 502, 503, 504].includes(error.status ?? 0))
  );
}

const wording = onFirstUse(() => import('./networkCause'));

/**
 * Why a request got no answer, in the user's words (networkCause.ts, loaded with the first request that fails: its
 * wording of certificate problems is not needed before).
 */
export const networkCause = async (error: unknown) => (await wording()).causeInWords(error);
