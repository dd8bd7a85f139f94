// Reading a response body without ever holding more than a cap of it in memory.

/** A body above its cap (thrown by readCapped, turned into a clear error by the transport). */
export class TooLarge extends Error {}

/**
 * Reads a body counting bytes as they arrive and stops past the cap, so a huge answer costs at most the cap in
 * memory. A declared Content-Length above the cap is refused before reading. `truncate` keeps the first bytes
 * instead of failing (error bodies: their message is at the start).
 */
export async function readCapped(response: Response, cap: number, truncate: boolean): Promise<Uint8Array> {
  const length = response.headers.get('content-length');
  const declared = length === null || length.trim() === '' ? NaN : Number(length);
  if (!truncate && declared > cap) {
    await response.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  // A body of declared length within the cap, not re-encoded on the way (gzip's length is the compressed one): read
  // in one piece, without a chunk list and a copy. fetch delivers no more than the declared length; the final
  // check keeps the cap whatever a fetch of another make does.
  if (!truncate && Number.isSafeInteger(declared) && declared >= 0 && !response.headers.has('content-encoding')) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > cap) throw new TooLarge();
    return bytes;
  }
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
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
