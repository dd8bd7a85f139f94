// Local servers answer only their own names. A web page whose name its owner re-points at 127.0.0.1 (DNS rebinding)
// reaches a loopback server from the user's browser as a same-origin page: its requests carry its own name in `Host`
// and `Origin`, never 127.0.0.1 or localhost. Refusing every other `Host` keeps such a page from reading the sandbox's
// home page or driving the editor that `npm start` runs; refusing an `Origin` of another site keeps other pages from
// writing to them or opening their websockets. Used by the sandbox and by the test harness's editor front
// (test/harness/editorFront.ts).
import { STATUS_CODES, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Which `Host` and `Origin` a local server takes. */
export interface HostRule {
  /** Host names, lower case: 127.0.0.1, localhost, and any name the server is reached by on purpose. */
  names: ReadonlySet<string>;
  /** Only this port; any port when absent (a server also reached through the editor's port proxy, which keeps Host). */
  port?: number;
  /** The schemes of its own pages' origins. */
  schemes: readonly ('http' | 'https')[];
}

export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'] as const;

/** A host name as a URL and a Host header carry it: DNS labels, no port, no brackets. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** What is wrong with a `--host-name` (undefined when nothing is). */
export const hostNameProblem = (name: string | undefined) =>
  name === undefined || HOST_NAME.test(name)
    ? undefined
    : `--host-name must be a host name (letters, digits, dashes and dots), got '${name.slice(0, 100)}'.`;

export interface Refusal {
  /** 421 (Misdirected Request) for a foreign Host, 403 for a foreign Origin. */
  status: 421 | 403;
  /** A short sentence, plain text. */
  reason: string;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Header values quoted in a refusal are the sender's own, cut short. */
const quoted = (value: string) => `'${value.slice(0, 100)}'`;

/** True when `url` (an absolute URL) names one of the rule's hosts on its port; URL parsing handles `[::1]` and case. */
function ownAuthority(url: URL, rule: HostRule): boolean {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return rule.names.has(url.hostname) && (rule.port === undefined || rule.port === port);
}

const parse = (text: string) => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

/**
 * Why a request must be refused (undefined when it may pass): a `Host` not among the rule's, or an `Origin` (when the
 * request carries one) that is not one of its own pages'. A browser sends `Origin` on every websocket upgrade and on
 * cross-origin writes; requests without one (navigations, tools) are judged by `Host`.
 */
export function foreignRequest(headers: IncomingHttpHeaders, rule: HostRule): Refusal | undefined {
  const host = single(headers.host) ?? '';
  const names = [...rule.names].map((name) => (rule.port === undefined ? name : `${name}:${rule.port}`)).join(', ');
  const hostUrl = /^[^/?#@\s]+$/.test(host) ? parse(`http://${host}`) : undefined;
  if (!hostUrl || !ownAuthority(hostUrl, rule))
    return { status: 421, reason: `This server answers only as ${names}; Host ${quoted(host)} is refused.` };
  const origin = single(headers.origin);
  if (origin === undefined) return undefined;
  const originUrl = parse(origin);
  const scheme = originUrl?.protocol.slice(0, -1);
  if (
    originUrl &&
    originUrl.origin === origin.toLowerCase() &&
    rule.schemes.some((s) => s === scheme) &&
    ownAuthority(originUrl, rule)
  )
    return undefined;
  return {
    status: 403,
    reason: `This server takes requests only from its own pages (${rule.schemes.join(' or ')} on ${names}); Origin ${quoted(origin)} is refused.`,
  };
}

/** Answers a refused request: plain text, never cached. */
export function refuseResponse(res: ServerResponse, { status, reason }: Refusal): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(`${reason}\n`);
}

/** Refuses a websocket upgrade (a raw socket, no response object) the same way, and closes it. */
export function refuseUpgrade(socket: Duplex, { status, reason }: { status: number; reason: string }): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
