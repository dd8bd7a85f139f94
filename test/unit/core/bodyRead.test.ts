import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { OrchestratorError } from '../../../src/core/http/errors';
import { Transport, type TransportOptions } from '../../../src/core/http/transport';

/**
 * The transport's body read against a server that writes raw HTTP, so a response can lie about its length, break
 * off, stall or come compressed: a declared length is read in one piece, and every cap and limit still holds.
 */
describe('Transport body read', () => {
  let server: Server;
  let url: string;
  let answer: (socket: Socket, call: number) => void;
  let calls = 0;
  const sockets = new Set<Socket>();

  before(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.once('data', () => answer(socket, ++calls));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  beforeEach(() => (calls = 0));
  afterEach(() => {
    for (const socket of sockets) socket.destroy();
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const head = (length: number, extra = '') =>
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n${extra}connection: close\r\n\r\n`;
  const transport = (options: Partial<TransportOptions> = {}) =>
    new Transport({
      connection: { kind: 'onPremises', serviceUrl: url },
      fetch: (input, init) => fetch(input, init),
      token: async () => 't',
      retry: { baseDelayMs: 1, maxDelayMs: 1 },
      ...options,
    });
  const get = (t: Transport, signal?: AbortSignal) => t.request({ method: 'GET', path: '/odata/Jobs', signal });

  it('reads a declared length and no further, however much more the server sends', async () => {
    const body = JSON.stringify({ value: [{ Id: 1 }] });
    answer = (socket) => socket.end(head(body.length) + body + 'x'.repeat(body.length * 3));
    assert.deepEqual(await get(transport()), { kind: 'json', value: { value: [{ Id: 1 }] } });
  });

  it('retries a GET whose body is cut short by a reset, and reads the whole body the second time', async () => {
    const body = JSON.stringify({ value: Array.from({ length: 200 }, (_, Id) => ({ Id })) });
    answer = (socket, call) => {
      if (call === 1) {
        socket.write(head(body.length) + body.slice(0, 100));
        setTimeout(() => socket.resetAndDestroy(), 20);
      } else socket.end(head(body.length) + body);
    };
    const result = await get(transport());
    assert.equal(calls, 2);
    assert.equal((result as { value: { value: unknown[] } }).value.value.length, 200);
  });

  it('refuses a gzip bomb whose small declared length hides a body past the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
    answer = (socket) => {
      socket.write(head(bomb.length, 'content-encoding: gzip\r\n'));
      socket.end(bomb);
    };
    await assert.rejects(get(transport({ maxResponseBytes: 64 * 1024 })), (error: unknown) => {
      assert.ok(error instanceof OrchestratorError, String(error));
      assert.equal(error.kind, 'invalidResponse');
      assert.match(error.message, /answered more than 64 KB/);
      return true;
    });
    assert.ok(bomb.length < 64 * 1024, 'the declared length alone would pass');
  });

  it('ends a body that stalls half way at the attempt limit, and a cancel mid-body as a cancellation', async () => {
    answer = (socket) => socket.write(head(1000) + '{"value":[');
    await assert.rejects(get(transport({ timeoutMs: 150, retry: { maxAttempts: 1 } })), (error: unknown) => {
      assert.ok(error instanceof OrchestratorError, String(error));
      assert.equal(error.kind, 'timeout');
      return true;
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(get(transport(), controller.signal), (error: unknown) => {
      assert.ok(error instanceof OrchestratorError, String(error));
      assert.equal(error.kind, 'cancelled');
      return true;
    });
  });

  it('leaves no timer behind once a request is answered', async () => {
    const body = '{"value":[]}';
    answer = (socket) => socket.end(head(body.length) + body);
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const t = transport();
    await get(t);
    const before = timers();
    for (let i = 0; i < 20; i++) await get(t);
    assert.equal(timers(), before, 'one timer per attempt, cleared when the attempt ends');
  });
});
