// Turning an answered request into a ResponseBody: the body read within its cap, an error status into an error,
// JSON parsed. Used by transport.ts for every attempt that got an answer.
import { errorFromResponse, OrchestratorError } from './errors';
import { parseJsonText } from './parsedJson';
import { asSent, declaredLength, formatBytes, readCapped, TooLarge } from './responseBody';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DOWNLOAD_MAX_BYTES,
  ERROR_BODY_BYTES,
  type RequestSpec,
  type ResponseBody,
} from './transportOptions';
import { t } from '../l10n';

/** One decoder for every body (it keeps no state between whole-buffer decodes). */
const utf8 = new TextDecoder();

/**
 * Reads the body of `response`. `cutOff` says what a body that broke off mid-way means (a network failure, retried
 * like one for GETs; a timeout when the attempt's limit ended it).
 */
export async function readResponse(
  response: Response,
  spec: RequestSpec,
  endpoint: string,
  maxResponseBytes: number | undefined,
  cutOff: (error: unknown) => Promise<OrchestratorError>,
): Promise<ResponseBody> {
  const cap = response.ok
    ? (maxResponseBytes ?? (spec.binary ? DOWNLOAD_MAX_BYTES : DEFAULT_MAX_RESPONSE_BYTES))
    : ERROR_BODY_BYTES;
  // JSON of a declared length within the cap, as sent: read as text, decoded as below. arrayBuffer() would first copy
  // the body into a zeroed buffer of its own (a page's worth of memset and an off-heap buffer on every request).
  if (response.ok && !spec.binary && response.body && response.status !== 204) {
    const declared = declaredLength(response);
    if (declared > 0 && declared <= cap && asSent(response, declared)) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw await cutOff(error);
      }
      // Each character took at least one byte: fetch delivers no more than declared, this keeps the cap regardless.
      if (text.length > cap) throw tooLarge(endpoint, response.status, cap);
      return jsonOf(text, endpoint, response.status, declared);
    }
  }
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(response, cap, !response.ok);
  } catch (error) {
    if (error instanceof TooLarge) throw tooLarge(endpoint, response.status, cap);
    throw await cutOff(error);
  }
  if (!response.ok) throw errorFromResponse(endpoint, response.status, utf8.decode(bytes), response.headers);
  if (spec.binary) {
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    return { kind: 'binary', value: bytes, ...(fileName ? { fileName } : {}) };
  }
  if (bytes.length === 0 || response.status === 204) return { kind: 'empty' };
  return jsonOf(utf8.decode(bytes), endpoint, response.status, bytes.length);
}

function jsonOf(text: string, endpoint: string, status: number, byteLength: number): ResponseBody {
  try {
    return { kind: 'json', value: parseJsonText(text) };
  } catch {
    throw new OrchestratorError({
      kind: 'invalidResponse',
      endpoint,
      status,
      message: t('{0} answered a body that is not valid JSON ({1} bytes).', endpoint, byteLength),
    });
  }
}

function tooLarge(endpoint: string, status: number, cap: number): OrchestratorError {
  return new OrchestratorError({
    kind: 'invalidResponse',
    endpoint,
    status,
    message: t(
      "{0} answered more than {1}; reading stopped there to keep the editor's memory. Ask for less (a filter or fewer rows).",
      endpoint,
      formatBytes(cap),
    ),
  });
}
