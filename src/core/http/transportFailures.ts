import { cancelled, OrchestratorError } from './errors';
import { causeInWords } from './networkCause';
import { t } from '../l10n';

// How the transport reads a failure: which ones leave a change's outcome open, which mean nothing left. Loaded with
// the first failure (transport.ts), not at activation.

/** Failures of a change that prove nothing about whether the service applied it. */
const UNKNOWN_OUTCOME_STATUS = new Set([401, 502, 504]);
/** Network errors that mean the request never left (nothing was connected): a change known not to be applied. */
export const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL']);

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** What a fetch that threw means: cancelled by the caller, out of time, or the service not reached. */
export function transportFailure(
  error: unknown,
  endpoint: string,
  signal: AbortSignal | undefined,
  timedOut: boolean,
): OrchestratorError {
  if (signal?.aborted) return cancelled(endpoint);
  if (timedOut || isAbort(error)) {
    return new OrchestratorError({
      kind: 'timeout',
      endpoint,
      message: t('{0} did not answer in time.', endpoint),
      cause: error,
    });
  }
  return new OrchestratorError({
    kind: 'network',
    endpoint,
    message: t("Can't reach the service for {0}: {1}", endpoint, causeInWords(error)),
    cause: error,
  });
}

/** A change's failure that proves nothing: no answer, a cut or broken body, a gateway's 502/504, or a 401 after sending. */
export function leavesOutcomeOpen(error: OrchestratorError): boolean {
  if (
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'invalidResponse' ||
    error.kind === 'cancelled'
  )
    return true;
  return error.kind === 'http' && UNKNOWN_OUTCOME_STATUS.has(error.status ?? 0);
}

export function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
