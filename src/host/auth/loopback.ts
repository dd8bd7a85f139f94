import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { t } from '../../core/l10n';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>/callback` */
  redirectUri: string;
  /** The full callback URL once a request with our state arrives. */
  callback: Promise<string>;
  /** Stops waiting and closes the port; resolves once it is closed (at most CLOSE_WAIT_MS later). */
  dispose(): Promise<void>;
}

/** Closing waits for the open connections to end: bounded, a stuck one does not hold a new sign-in back. */
export const CLOSE_WAIT_MS = 3_000;

/** Our texts may be translated: escaped, so no translation can add markup to the page. */
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (rawTitle: string, rawBody: string) => pageHtml(html(rawTitle), html(rawBody));

const pageHtml = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:4rem auto;max-width:32rem}</style></head><body><h1>${title}</h1><p>${body}</p></body></html>`;

/**
 * A one-shot server on 127.0.0.1 that serves only /callback. A request whose state is not ours gets an error page
 * and the server keeps waiting; ours ends the wait and the server closes. It also closes on dispose.
 */
export async function startLoopback(expectedState: string, port = 0): Promise<LoopbackServer> {
  let resolve!: (url: string) => void;
  let reject!: (error: Error) => void;
  const callback = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  callback.catch(() => undefined);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(t('Not found'));
      return;
    }
    if (url.searchParams.get('state') !== expectedState) {
      res
        .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          page(
            t('Sign-in not recognised'),
            t('This response does not belong to the sign-in in progress. Start the sign-in again from VS Code.'),
          ),
        );
      return;
    }
    const failed = url.searchParams.get('error');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
    res.end(
      failed
        ? page(t('Sign-in failed'), t('Return to VS Code for details.'))
        : page(t('Signed in'), t('You can close this tab and return to VS Code.')),
    );
    // l10n: code (an address)
    resolve(`http://127.0.0.1${req.url ?? ''}`);
    setImmediate(() => server.close());
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${actual}/callback`, // l10n: code
    callback,
    dispose: () => {
      reject(new Error(t('The sign-in was cancelled.')));
      if (!server.listening) return Promise.resolve();
      return new Promise<void>((done) => {
        const timer = setTimeout(done, CLOSE_WAIT_MS);
        server.close(() => {
          clearTimeout(timer);
          done();
        });
        server.closeAllConnections?.();
      });
    },
  };
}
