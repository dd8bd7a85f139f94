import assert from 'node:assert/strict';
import { readCappedText, TooLarge } from '../../../src/core/http/responseBody';

/**
 * A JSON answer read as text (responseBody.ts): its chunks joined in a buffer kept between bodies, so what each read
 * returns must be its own body, whole, however the bytes were cut and however reads interleave.
 */
describe('Body read as text', () => {
  /** A response whose body arrives in the given chunks, each released when `release` is called for it. */
  function chunked(parts: Uint8Array[], gate?: Promise<void>[]) {
    let index = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (index >= parts.length) return controller.close();
        await gate?.[index];
        controller.enqueue(parts[index++]!);
      },
    });
    return new Response(stream, { headers: { 'content-type': 'application/json' } });
  }
  const bytes = (text: string) => new TextEncoder().encode(text);
  const cut = (all: Uint8Array, ...at: number[]) =>
    [0, ...at].map((start, i) => all.subarray(start, at[i] ?? all.byteLength));

  it('joins chunks cut inside a character, drops a leading byte-order mark, counts bytes', async () => {
    const text = '{"name":"Zoë — ✓ 𝄞","value":[1,2,3]}';
    const all = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(text)]);
    // Cuts inside the BOM, inside "ë" (2 bytes), inside "✓" (3 bytes) and inside "𝄞" (4 bytes).
    const at = [2, 3 + text.indexOf('ë') + 1, 3 + bytes(text.slice(0, text.indexOf('✓'))).length + 2];
    at.push(3 + bytes(text.slice(0, text.indexOf('𝄞'))).length + 3);
    const read = await readCappedText(chunked(cut(all, ...at)), 1024);
    assert.deepEqual(read, { text, bytes: all.byteLength });
  });

  it('returns each body whole when reads of several bodies interleave', async () => {
    const first = bytes(`{"value":"${'a'.repeat(5000)}"}`);
    const second = bytes(`{"value":"${'b'.repeat(7000)}"}`);
    const opened: (() => void)[] = [];
    const gates = () => [0, 1, 2].map(() => new Promise<void>((resolve) => opened.push(resolve)));
    const reads = [
      readCappedText(chunked(cut(first, 1000, 3000), gates()), 1 << 20),
      readCappedText(chunked(cut(second, 2000, 6000), gates()), 1 << 20),
    ];
    // Chunks arrive alternately: 0 of the first, 0 of the second, 1 of the first…
    for (const i of [0, 3, 1, 4, 2, 5]) {
      opened[i]!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [a, b] = await Promise.all(reads);
    assert.equal(a!.text, new TextDecoder().decode(first));
    assert.equal(b!.text, new TextDecoder().decode(second));
    // A shorter body after a longer one: nothing of the longer one's bytes is left in it.
    const short = await readCappedText(chunked(cut(bytes('{"v":1}'), 3)), 1024);
    assert.equal(short.text, '{"v":1}');
  });

  it('stops past the cap and refuses a declared length above it before reading', async () => {
    await assert.rejects(readCappedText(chunked(cut(bytes('x'.repeat(300)), 100, 200)), 250), TooLarge);
    const declared = new Response(bytes('x'.repeat(5000)), { headers: { 'content-length': '5000' } });
    await assert.rejects(readCappedText(declared, 1000), TooLarge);
  });
});
