// The front every editor the harness starts sits behind. code-server runs with `--auth none` and answers any Host;
// it compares a websocket's Origin with the Host the request names, which a page whose own name was re-pointed at
// 127.0.0.1 (DNS rebinding) passes, and gets the workbench and its terminal. The front listens on the editor's public
// port, refuses every Host but 127.0.0.1:<port> and localhost:<port> and every Origin but those (HTTP and websocket
// upgrades alike, with the sandbox's rule, sandbox/src/server/ownHost.ts), and pipes the rest unchanged to code-server
// on a private loopback port. Paths pass as they are, so the port proxy (`/proxy/<port>/…`) works as before.
import { createServer, request, Agent, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  foreignRequest,
  LOOPBACK_NAMES,
  refuseResponse,
  refuseUpgrade,
  type HostRule,
} from '@orchestrator-workbench/sandbox';

export interface EditorFront {
  port: number;
  close(): Promise<void>;
}

/** The request line and headers of an upgrade as they came (raw: names' case and repeats kept), for the upstream. */
function requestHead(req: IncomingMessage): string {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Connects `client` to 127.0.0.1:`port`, sends `first` then `head` (bytes the client sent early) upstream, and pipes
 * both ways until either side closes. Returns the upstream socket. The front's websockets and a proxy's tunnels.
 */
export function splice(client: Duplex, port: number, first: string, head: Buffer): Duplex {
  const upstream = connect(port, '127.0.0.1', () => {
    if (first) upstream.write(first);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  const end = () => {
    upstream.destroy();
    client.destroy();
  };
  for (const side of [upstream, client]) {
    side.on('error', end);
    side.on('close', end);
  }
  return upstream;
}

/** Starts the front on a free loopback port (or `port`), passing what it accepts to 127.0.0.1:`upstreamPort`. */
export async function startEditorFront(upstreamPort: number, port = 0): Promise<EditorFront> {
  const agent = new Agent({ keepAlive: true });
  let rule: HostRule = { names: new Set(LOOPBACK_NAMES), port: -1, schemes: ['http'] };
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((req, res) => {
    const refusal = foreignRequest(req.headers, rule);
    if (refusal) return refuseResponse(res, refusal);
    const upstream = request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent)
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('Editor unreachable.\n');
      else res.destroy();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('connection', track);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = foreignRequest(req.headers, rule);
    if (refusal) return refuseUpgrade(socket, refusal);
    track(splice(socket, upstreamPort, requestHead(req), head));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  rule = { ...rule, port: bound };
  return {
    port: bound,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
