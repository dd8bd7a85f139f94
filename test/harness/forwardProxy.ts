// A forward proxy as companies run them, for the corporate-network test (test/integration/network.ts): plain HTTP
// requests in absolute form (`GET http://name:port/path`) are forwarded, HTTPS goes through CONNECT tunnels. It knows
// only the names it is given, each resolved to 127.0.0.1: the editor reaches those names through it or not at all,
// and nothing leaves the machine. It logs what passes; a direct (non-proxy) `GET /__proxy/log` answers the log.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { splice } from './editorFront';

export interface ForwardProxy {
  url: string;
  /**
   * What came, in order: `GET http://name:port/path?query` for a forwarded request, `CONNECT name:port` for a tunnel,
   * `REFUSED …` for a name it does not know.
   */
  log: string[];
  close(): Promise<void>;
}

/** Hop-by-hop headers: meant for the proxy, never passed on. */
const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer']);

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
}

/** A proxy on a free loopback port that resolves each of `names` (lower case) to 127.0.0.1 and refuses other names. */
export async function startForwardProxy(names: readonly string[]): Promise<ForwardProxy> {
  const known = new Set(names.map((name) => name.toLowerCase()));
  const log: string[] = [];
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/__proxy/log')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(log));
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      return answer(res, 400, 'This is a proxy: send the absolute URL.');
    }
    if (target.protocol !== 'http:' || !known.has(target.hostname)) {
      log.push(`REFUSED ${req.method} ${target.href}`);
      return answer(res, 502, `The proxy does not know ${target.host}.`);
    }
    log.push(`${req.method} ${target.href}`);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target.port || 80,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers,
      },
      (reply) => {
        const replyHeaders = Object.fromEntries(
          Object.entries(reply.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
        );
        res.writeHead(reply.statusCode ?? 502, replyHeaders);
        reply.pipe(res);
      },
    );
    upstream.on('error', (error) => (res.headersSent ? res.destroy() : answer(res, 502, `Upstream: ${error.message}`)));
    req.pipe(upstream);
  };

  const server = createServer(forward);
  server.on('connection', track);
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const [name = '', port = ''] = (req.url ?? '').toLowerCase().split(':');
    if (!known.has(name) || !/^\d+$/.test(port)) {
      log.push(`REFUSED CONNECT ${req.url ?? ''}`);
      client.end(`HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      return;
    }
    log.push(`CONNECT ${name}:${port}`);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    track(splice(client, Number(port), '', head));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
