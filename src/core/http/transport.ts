import { cancelled, errorFromResponse, OrchestratorError, parseRetryAfter } from './errors';
import { DEFAULT_RETRY_POLICY, decideRetry, sleep, type RetryPolicy } from './retry';
import { folderHeader, tenantBaseUrl, DEFAULT_HEADER_PREFIX, type FolderContext, type ServiceConnection } from './connection';
import type { RateLimitScheduler } from './scheduler';
import { Coalescer } from './coalesce';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Returns a bearer token; asked once per request, and once more with forceRefresh after a 401. */
export type TokenProvider = (request: { forceRefresh: boolean; signal?: AbortSignal }) => Promise<string>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec {
  method: HttpMethod;
  /** Path below the tenant base, e.g. `/odata/Jobs`, with the query string if any. */
  path: string;
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
  timeoutMs?: number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Headers every request carries (the idea service's app key). Never logged. */
  headers?: () => Promise<Record<string, string>> | Record<string, string>;
}

export type ResponseBody = { kind: 'json'; value: unknown } | { kind: 'empty' } | { kind: 'binary'; value: Uint8Array; fileName?: string };

const DEFAULT_TIMEOUT_MS = 30_000;

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * HTTP on the fetch API for one tenant: base URL, bearer token (refreshed once on 401), exactly one folder header,
 * JSON bodies, timeouts, cancellation, retries for GETs only, the rate-limit scheduler, and coalescing of
 * identical in-flight GETs. Every failure is an OrchestratorError naming the endpoint.
 */
export class Transport {
  readonly baseUrl: string;
  private readonly policy: RetryPolicy;
  private readonly coalescer = new Coalescer();
  /** Requests actually sent, for tests and benchmarks. */
  sent = 0;
  /** The last requests sent ("METHOD path"), so a test can tell which ones its count includes. */
  readonly recent: string[] = [];

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = tenantBaseUrl(options.connection);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  get connection(): ServiceConnection {
    return this.options.connection;
  }

  async request(spec: RequestSpec): Promise<ResponseBody> {
    const endpoint = `${spec.method} ${spec.path.split('?')[0]}`;
    if (spec.method !== 'GET') return this.attempt(spec, endpoint, spec.signal);
    const [folderName, folderValue] = spec.folder ? folderHeader(spec.folder, this.options.connection.headerPrefix ?? DEFAULT_HEADER_PREFIX) : ['', ''];
    const key = `${spec.path}\n${folderName}:${folderValue}\n${spec.binary ? 'bin' : 'json'}`;
    try {
      return await this.coalescer.run(key, spec.signal, (shared) => this.withRetries(spec, endpoint, shared));
    } catch (error) {
      // The caller's own cancellation surfaces as the coalescer's abort reason: report it as a cancellation.
      if (spec.signal?.aborted && !(error instanceof OrchestratorError)) throw cancelled(endpoint);
      throw error;
    }
  }

  private async withRetries(spec: RequestSpec, endpoint: string, signal: AbortSignal): Promise<ResponseBody> {
    const wait = this.options.sleep ?? sleep;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(spec, endpoint, signal);
      } catch (error) {
        if (!(error instanceof OrchestratorError)) throw error;
        const failure = { status: error.status, network: error.kind === 'network' || error.kind === 'timeout', retryAfter: error.retryAfter };
        if (error.kind !== 'http' && !failure.network) throw error;
        const decision = decideRetry(this.policy, attempt, failure, this.options.random);
        if (!decision.retry) throw error;
        try {
          await wait(decision.delayMs, signal);
        } catch {
          throw cancelled(endpoint);
        }
      }
    }
  }

  private async attempt(spec: RequestSpec, endpoint: string, signal: AbortSignal | undefined): Promise<ResponseBody> {
    if (signal?.aborted) throw cancelled(endpoint);
    if (spec.rateLimited && this.options.scheduler) {
      try {
        await this.options.scheduler.acquire(signal);
      } catch {
        throw cancelled(endpoint);
      }
    }
    let response = await this.send(spec, endpoint, signal, false);
    if (response.status === 401) {
      await response.body?.cancel().catch(() => undefined);
      response = await this.send(spec, endpoint, signal, true);
    }
    if (spec.rateLimited && this.options.scheduler) {
      const remaining = response.headers.get('x-ratelimit-remaining');
      this.options.scheduler.observe({ status: response.status, remaining: remaining === null ? undefined : Number(remaining), retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')) });
    }
    return this.read(response, spec, endpoint, signal);
  }

  private async send(spec: RequestSpec, endpoint: string, signal: AbortSignal | undefined, forceRefresh: boolean): Promise<Response> {
    let token: string;
    try {
      token = await this.options.token({ forceRefresh, signal });
    } catch (error) {
      if (signal?.aborted) throw cancelled(endpoint);
      throw new OrchestratorError({ kind: 'http', status: 401, endpoint, message: `Not signed in: ${(error as Error).message}`, cause: error });
    }
    const headers: Record<string, string> = { accept: spec.binary ? 'application/octet-stream' : 'application/json', ...(await this.options.headers?.()), authorization: `Bearer ${token}`, ...spec.headers };
    if (spec.folder) {
      const [name, value] = folderHeader(spec.folder, this.options.connection.headerPrefix ?? DEFAULT_HEADER_PREFIX);
      headers[name] = value;
    }
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(spec.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    this.sent++;
    this.recent.push(`${spec.method} ${spec.path}`);
    if (this.recent.length > 100) this.recent.shift();
    try {
      return await this.options.fetch(`${this.baseUrl}${spec.path}`, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: combined,
      });
    } catch (error) {
      throw this.transportFailure(error, endpoint, signal, timeout.aborted);
    }
  }

  private transportFailure(error: unknown, endpoint: string, signal: AbortSignal | undefined, timedOut: boolean): OrchestratorError {
    if (signal?.aborted) return cancelled(endpoint);
    if (timedOut || isAbort(error)) {
      return new OrchestratorError({ kind: 'timeout', endpoint, message: `${endpoint} did not answer in time.`, cause: error });
    }
    const detail = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return new OrchestratorError({ kind: 'network', endpoint, message: `Can't reach the service for ${endpoint}: ${detail}`, cause: error });
  }

  private async read(response: Response, spec: RequestSpec, endpoint: string, signal: AbortSignal | undefined): Promise<ResponseBody> {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      // A body cut off mid-way (connection reset) is a network failure, retried like one for GETs.
      throw this.transportFailure(error, endpoint, signal, false);
    }
    if (!response.ok) throw errorFromResponse(endpoint, response.status, new TextDecoder().decode(bytes), response.headers);
    if (spec.binary) {
      const disposition = response.headers.get('content-disposition') ?? '';
      const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
      return { kind: 'binary', value: bytes, ...(fileName ? { fileName } : {}) };
    }
    if (bytes.length === 0 || response.status === 204) return { kind: 'empty' };
    const text = new TextDecoder().decode(bytes);
    try {
      return { kind: 'json', value: JSON.parse(text) };
    } catch {
      throw new OrchestratorError({ kind: 'invalidResponse', endpoint, status: response.status, message: `${endpoint} answered a body that is not valid JSON (${bytes.length} bytes).` });
    }
  }
}
