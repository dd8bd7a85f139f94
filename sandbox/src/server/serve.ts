import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './errors';
import { errorReply, readRequest, writeReply, type Reply, type Request } from './http';
import type { Faults } from './faults';
import type { RequestTally } from './requestTally';

export interface ServeDeps {
  faults: Faults;
  tally: RequestTally;
  route: (req: Request) => Promise<Reply>;
  baseUrl: () => string;
}

/** One HTTP exchange: counts it, applies the fault rules that match (not to admin calls), answers every error. */
export function serveRequests({ faults, tally, route, baseUrl }: ServeDeps) {
  return async (incoming: IncomingMessage, res: ServerResponse): Promise<void> => {
    let mutate: ((text: string) => string) | undefined;
    try {
      const req = await readRequest(incoming, baseUrl());
      if (!req.url.pathname.startsWith('/__sandbox')) {
        tally.count(req.method, req.url.pathname);
        const fault = faults.match(req.method, req.url.pathname);
        if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        const action = fault.action;
        if (action?.kind === 'reset' || action?.kind === 'error') {
          // A fault "after" lets the request do its work first: the client sees the failure, the change is made.
          if (action.after) await route(req).catch(() => undefined);
          if (action.kind === 'reset') {
            incoming.socket.destroy();
            return;
          }
          throw action.error;
        }
        if (action?.kind === 'mutate') mutate = action.mutate;
      }
      writeReply(res, await route(req), mutate);
    } catch (error) {
      if (error instanceof HttpError) {
        writeReply(res, errorReply(error));
      } else {
        // The error only, never the request: bodies carry secrets (client secrets, passwords).
        console.error('sandbox: unexpected error', error);
        writeReply(res, errorReply(new HttpError(500, 9999, `Internal sandbox error: ${(error as Error).message}`)));
      }
    }
  };
}
