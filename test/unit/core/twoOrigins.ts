import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Origin {
  url: string;
  /** Requests received, as `METHOD /path`. */
  hits: string[];
  /** What each path answers; anything else is a 404. */
  routes: Map<string, Handler>;
}

/**
 * Two HTTP servers on 127.0.0.1 (two origins: their ports differ): the service a test reads from, and another origin
 * a redirect or a page may point to, which must see no request.
 */
export function useTwoOrigins(): { service: () => Origin; elsewhere: () => Origin } {
  const servers: Server[] = [];
  const origins: Origin[] = [];
  before(async () => {
    for (let i = 0; i < 2; i++) {
      const origin: Origin = { url: '', hits: [], routes: new Map() };
      const server = createServer((req, res) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        origin.hits.push(`${req.method} ${path}`);
        const handler = origin.routes.get(path);
        if (handler) return handler(req, res);
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      servers.push(server);
      origins.push(origin);
    }
  });
  beforeEach(() => {
    for (const origin of origins) {
      origin.hits.length = 0;
      origin.routes.clear();
    }
  });
  after(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
  return { service: () => origins[0]!, elsewhere: () => origins[1]! };
}

export const send =
  (status: number, body: string | Buffer, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    res.writeHead(status, headers).end(body);

export const redirect =
  (status: number, location: string): Handler =>
  (_req, res) =>
    res.writeHead(status, { location }).end();
