import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { rawRequest } from '@orchestrator-workbench/sandbox/test-network';
import { startEditorFront, type EditorFront } from '../harness/editorFront';

/** A request to the front with exactly these headers; with `upgrade`, a websocket's that sends 'ping' once accepted. */
const send = (
  port: number,
  path: string,
  headers: Record<string, string>,
  options: { body?: string; upgrade?: boolean } = {},
) => rawRequest(`http://127.0.0.1:${port}${path}`, headers, { ...options, send: options.upgrade ? 'ping' : undefined });

describe('the editor front (test/harness/editorFront.ts) answers only its own Host and Origin', () => {
  let upstream: Server;
  let front: EditorFront;
  /** What reached the stand-in for code-server: method, path, Host, body. */
  const reached: string[] = [];
  const own = () => `127.0.0.1:${front.port}`;

  before(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        reached.push(`${req.method} ${req.url} ${req.headers.host} ${body}`);
        res.writeHead(200, { 'content-type': 'text/plain', 'x-upstream': 'yes' });
        res.end(`upstream ${req.url}`);
      });
    });
    upstream.on('upgrade', (req, socket: Socket) => {
      reached.push(`UPGRADE ${req.url} ${req.headers.host} ${req.headers.origin ?? ''}`);
      socket.write('HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: websocket\r\n\r\n');
      socket.on('data', (data: Buffer) => socket.write(`echo ${data.toString()}`));
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    front = await startEditorFront((upstream.address() as AddressInfo).port);
  });
  beforeEach(() => (reached.length = 0));
  after(async () => {
    await front.close();
    upstream.close();
  });

  it('passes its own Host through unchanged: paths (the port proxy too), bodies, answers', async () => {
    const page = await send(front.port, '/?folder=%2Ftmp%2Fw', { host: own() });
    assert.equal(page.status, 200);
    assert.equal(page.body, 'upstream /?folder=%2Ftmp%2Fw');
    assert.equal(page.headers['x-upstream'], 'yes');
    const callback = await send(front.port, '/proxy/53682/callback?code=c&state=s', {
      host: `localhost:${front.port}`,
    });
    assert.equal(callback.body, 'upstream /proxy/53682/callback?code=c&state=s');
    const posted = await send(front.port, '/x', { host: own(), origin: `http://${own()}` }, { body: 'a=1' });
    assert.equal(posted.status, 200);
    assert.deepEqual(reached, [
      `GET /?folder=%2Ftmp%2Fw ${own()} `,
      `GET /proxy/53682/callback?code=c&state=s localhost:${front.port} `,
      `POST /x ${own()} a=1`,
    ]);
  });

  it('refuses a rebound Host (421) and a foreign Origin (403) before the editor sees them', async () => {
    for (const host of [
      `rebind.example:${front.port}`,
      'rebind.example',
      `127.0.0.1:${front.port + 1}`,
      `[::1]:${front.port}`,
    ]) {
      const answer = await send(front.port, '/', { host });
      assert.equal(answer.status, 421, host);
      assert.match(
        answer.body,
        /^This server answers only as 127\.0\.0\.1:\d+, localhost:\d+; Host '.*' is refused\.\n$/,
      );
    }
    for (const origin of [
      `http://rebind.example:${front.port}`,
      'null',
      `https://${own()}`,
      `http://${own()}.rebind.example`,
    ]) {
      const answer = await send(front.port, '/x', { host: own(), origin }, { body: 'a=1' });
      assert.equal(answer.status, 403, origin);
    }
    assert.deepEqual(reached, []);
  });

  it('pipes a websocket upgrade with its own Host and Origin both ways, and refuses a rebound one', async () => {
    const accepted = await send(
      front.port,
      '/stable-x?reconnectionToken=t',
      { host: own(), origin: `http://localhost:${front.port}` },
      { upgrade: true },
    );
    assert.equal(accepted.status, 101);
    assert.equal(accepted.echoed, 'echo ping');
    const rebound = await send(
      front.port,
      '/',
      { host: `rebind.example:${front.port}`, origin: `http://rebind.example:${front.port}` },
      { upgrade: true },
    );
    assert.equal(rebound.status, 421);
    const foreign = await send(front.port, '/', { host: own(), origin: 'http://rebind.example' }, { upgrade: true });
    assert.equal(foreign.status, 403);
    assert.deepEqual(reached, [`UPGRADE /stable-x?reconnectionToken=t ${own()} http://localhost:${front.port}`]);
  });
});
