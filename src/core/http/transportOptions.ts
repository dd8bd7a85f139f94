// What a Transport is given and gives back (transport.ts): its options, a request, a response body, its limits.
import type { Dialect, FolderContext, ServiceConnection } from './connection';
import type { Exchange } from './exchange';
import type { RetryPolicy } from './retry';
import type { RateLimitScheduler } from './scheduler';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Returns a bearer token; asked once per request, and once more with forceRefresh after a 401. */
export type TokenProvider = (request: { forceRefresh: boolean; signal?: AbortSignal }) => Promise<string>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec {
  method: HttpMethod;
  /** Path below the tenant base, e.g. `/odata/Jobs`, with the query string if any. */
  path: string;
  /** JSON, or a FormData sent as multipart/form-data (a package upload). */
  body?: unknown;
  folder?: FolderContext;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Counts against the tenant's rate-limit budget (GET Jobs / QueueItems lists). */
  rateLimited?: boolean;
  /** Expect a binary body (package downloads). */
  binary?: boolean;
  timeoutMs?: number;
}

export interface TransportOptions {
  connection: ServiceConnection;
  fetch: FetchLike;
  token: TokenProvider;
  scheduler?: RateLimitScheduler;
  retry?: Partial<RetryPolicy>;
  /** One attempt's limit, headers and body included (default 20 s; package downloads 120 s). */
  timeoutMs?: number;
  /** Bodies above this many bytes are not read to the end (default 50 MB; package downloads 200 MB). */
  maxResponseBytes?: number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock that measures the give-up time; tests move it with their timers. */
  now?: () => number;
  /** The signal that ends an attempt after ms (default AbortSignal.timeout); tests fire it on their own clock. */
  timeoutSignal?: (ms: number) => AbortSignal;
  /** Headers every request carries (the idea service's app key). Never logged. */
  headers?: () => Promise<Record<string, string>> | Record<string, string>;
  /**
   * The service's dialect (discovered once per connection and cached by the caller): paths carry the spec's `{ns}`
   * and `{qns}` until sent, and folder headers take its prefix. Without it: the connection's names, else the spec's.
   */
  dialect?: (signal?: AbortSignal) => Promise<Dialect>;
  /** Told every attempt, as the request log writes it (exchange.ts): no header, no query value, no body. */
  onExchange?: (exchange: Exchange) => void;
  /** Told what the folder-Key header's one try proved (see `request`), to be kept with the dialect. */
  onFolderKey?: (accepted: boolean) => void;
  /** Told when a path in the dialect's namespaces answered 404: the definition read may be out of date. */
  onDialectMiss?: () => void;
}

/** A request as the transport sends it: the folder header is fixed once, from the dialect. */
export type SendSpec = RequestSpec & { folderHeader?: [string, string] };

export type ResponseBody =
  { kind: 'json'; value: unknown } | { kind: 'empty' } | { kind: 'binary'; value: Uint8Array; fileName?: string };

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** Package downloads are larger and slower than any JSON answer: their own limits. */
export const DOWNLOAD_TIMEOUT_MS = 120_000;
export const DOWNLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** Error bodies only carry a message: read this much of them at most. */
export const ERROR_BODY_BYTES = 64 * 1024;

/** What one request has used of its limits so far, across its attempts. */
export interface RequestRun {
  /** The request reached fetch at least once: from here on a change's outcome depends on the answer. */
  sent: boolean;
  /** This attempt called fetch (the request log tells only those, refused connections included). */
  fetched?: boolean;
  /** Time spent in attempts and backoff waits, against the policy's giveUpAfterMs. */
  spentMs: number;
  /** Time spent honouring Retry-After, against the policy's maxRetryAfterSeconds. */
  retryAfterMs: number;
}

/** The headers of one request: exactly one folder header, the bearer token, the connection's own (never logged). */
export function requestHeaders(
  spec: SendSpec,
  token: string,
  connectionHeaders: Record<string, string> | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: spec.binary ? 'application/octet-stream' : 'application/json',
    ...connectionHeaders,
    authorization: `Bearer ${token}`, // l10n: code (an HTTP header)
    ...spec.headers,
  };
  if (spec.folderHeader) {
    const [name, value] = spec.folderHeader;
    headers[name] = value;
  }
  if (spec.body !== undefined && !(spec.body instanceof FormData)) headers['content-type'] = 'application/json';
  return headers;
}
