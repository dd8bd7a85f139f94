import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startForwardProxy, type ForwardProxy } from '../harness/forwardProxy';

/** Sends a request in absolute form, or a CONNECT (then a request through the tunnel), as a client behind it does. */
function viaProxy(proxy: ForwardProxy, method: string, target: string, host: string) {
  const { port } = new URL(proxy.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: target, headers: { host } });
    req.on('connect', (res, socket) => {
      // Through the tunnel: a plain request to the upstream.
      socket.write(`GET /tunnelled HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`);
      let body = '';
      socket.on('data', (chunk: Buffer) => (body += chunk.toString()));
      socket.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the forward proxy of the corporate-network test (test/harness/forwardProxy.ts)', () => {
  let upstream: Server;
  let proxy: ForwardProxy;
  let port: number;

  before(async () => {
    upstream = createServer((req, res) => res.end(`upstream ${req.method} ${req.url} ${req.headers.host}`));
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    port = (upstream.address() as AddressInfo).port;
    proxy = await startForwardProxy(['plain.test']);
  });
  after(async () => {
    await proxy.close();
    upstream.close();
  });

  it('forwards a plain request to the name it knows, on 127.0.0.1, Host kept, and logs it', async () => {
    const answer = await viaProxy(proxy, 'GET', `http://plain.test:${port}/odata/Jobs?$top=1`, `plain.test:${port}`);
    assert.equal(answer.body, `upstream GET /odata/Jobs?$top=1 plain.test:${port}`);
    assert.equal(proxy.log.at(-1), `GET http://plain.test:${port}/odata/Jobs?$top=1`);
  });

  it('tunnels a CONNECT to the name it knows, and logs the tunnel', async () => {
    const answer = await viaProxy(proxy, 'CONNECT', `plain.test:${port}`, `plain.test:${port}`);
    assert.equal(answer.status, 200);
    assert.match(answer.body, new RegExp(`upstream GET /tunnelled plain\\.test:${port}$`));
    assert.equal(proxy.log.at(-1), `CONNECT plain.test:${port}`);
  });

  it('refuses names it does not know (nothing leaves 127.0.0.1), and logs the refusal', async () => {
    assert.equal((await viaProxy(proxy, 'GET', 'http://example.com/', 'example.com')).status, 502);
    assert.equal(proxy.log.at(-1), 'REFUSED GET http://example.com/');
    assert.equal((await viaProxy(proxy, 'CONNECT', 'example.com:443', 'example.com:443')).status, 502);
    assert.equal(proxy.log.at(-1), 'REFUSED CONNECT example.com:443');
  });
});
