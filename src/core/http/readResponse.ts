// Turning an answered request into a ResponseBody: the body read within its cap, an error status into an error,
// JSON parsed. Used by transport.ts for every attempt that got an answer.
import { errorFromResponse, OrchestratorError } from './errors';
import { parseJsonText } from './parsedJson';
import { formatBytes, readCapped, readCappedText, TooLarge } from './responseBody';
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
  // A JSON answer is only ever decoded: read as text, its bytes are not kept (responseBody.ts).
  const asText = response.ok && !spec.binary;
  let body: Uint8Array | { text: string; bytes: number };
  try {
    body = asText ? await readCappedText(response, cap) : await readCapped(response, cap, !response.ok);
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new OrchestratorError({
        kind: 'invalidResponse',
        endpoint,
        status: response.status,
        message: t(
          "{0} answered more than {1}; reading stopped there to keep the editor's memory. Ask for less (a filter or fewer rows).",
          endpoint,
          formatBytes(cap),
        ),
      });
    }
    throw await cutOff(error);
  }
  if (body instanceof Uint8Array) {
    if (!response.ok) throw errorFromResponse(endpoint, response.status, utf8.decode(body), response.headers);
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    return { kind: 'binary', value: body, ...(fileName ? { fileName } : {}) };
  }
  const { text, bytes } = body;
  if (bytes === 0 || response.status === 204) return { kind: 'empty' };
  try {
    return { kind: 'json', value: parseJsonText(text) };
  } catch {
    throw new OrchestratorError({
      kind: 'invalidResponse',
      endpoint,
      status: response.status,
      message: t('{0} answered a body that is not valid JSON ({1} bytes).', endpoint, bytes),
    });
  }
}
