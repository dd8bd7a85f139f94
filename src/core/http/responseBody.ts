// Reading a response body without ever holding more than a cap of it in memory.

/** A body above its cap (thrown by readCapped, turned into a clear error by the transport). */
export class TooLarge extends Error {}

/**
 * Reads a body counting bytes as they arrive and stops past the cap, so a huge answer costs at most the cap in
 * memory. A declared Content-Length above the cap is refused before reading. `truncate` keeps the first bytes
 * instead of failing (error bodies: their message is at the start).
 */
export async function readCapped(response: Response, cap: number, truncate: boolean): Promise<Uint8Array> {
  // A body of declared length within the cap, not re-encoded on the way (gzip's length is the compressed one): read
  // in one piece, without a chunk list and a copy. fetch delivers no more than the declared length; the final
  // check keeps the cap whatever a fetch of another make does.
  const declared = declaredLength(response);
  const whole = Number.isSafeInteger(declared) && declared >= 0 && declared <= cap;
  if (response.body && !truncate && whole && !response.headers.has('content-encoding')) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > cap) throw new TooLarge();
    return bytes;
  }
  // A declared length above the cap is refused there, before reading.
  const { chunks, total } = await readChunks(response, cap, truncate);
  return joined(chunks, total, new Uint8Array(total));
}

/**
 * A body read as readCapped does, as UTF-8 text (a leading byte-order mark dropped), and its length in bytes. Its
 * chunks are joined in a buffer kept for the next body, not a new one each time: a listing's thousand pages each
 * left a copy of their body for the garbage collector, and those copies drove its full collections.
 */
export async function readCappedText(response: Response, cap: number): Promise<{ text: string; bytes: number }> {
  const { chunks, total } = await readChunks(response, cap, false);
  if (chunks.length === 1) return { text: utf8.decode(chunks[0]), bytes: total };
  // Joined and decoded in one synchronous step: no other body's read can use the buffer in between.
  if (total > JOIN_BUFFER_MAX) return { text: utf8.decode(joined(chunks, total, new Uint8Array(total))), bytes: total };
  if (joinBuffer.byteLength < total) joinBuffer = new Uint8Array(Math.min(JOIN_BUFFER_MAX, total * 2));
  return { text: utf8.decode(joined(chunks, total, joinBuffer)), bytes: total };
}

/** One decoder for every body (it keeps no state between whole-buffer decodes). */
const utf8 = new TextDecoder();
/** Bodies up to this size are joined in the kept buffer; it never grows past it. */
const JOIN_BUFFER_MAX = 1024 * 1024;
let joinBuffer = new Uint8Array(0);

function declaredLength(response: Response): number {
  const length = response.headers.get('content-length');
  return length === null || length.trim() === '' ? NaN : Number(length);
}

function joined(chunks: Uint8Array[], total: number, into: Uint8Array): Uint8Array {
  let offset = 0;
  for (const chunk of chunks) {
    into.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return into.subarray(0, total);
}

async function readChunks(
  response: Response,
  cap: number,
  truncate: boolean,
): Promise<{ chunks: Uint8Array[]; total: number }> {
  if (!truncate && declaredLength(response) > cap) {
    await response.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  if (!response.body) return { chunks: [], total: 0 };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > cap) {
      await reader.cancel().catch(() => undefined);
      if (!truncate) throw new TooLarge();
      chunks.push(value.subarray(0, cap - total));
      total = cap;
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  return { chunks, total };
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
