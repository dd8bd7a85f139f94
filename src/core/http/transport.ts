import { cancelled, invalidInput, OrchestratorError, parseRetryAfter, withOutcomeUnknown } from './errors';
import { DEFAULT_RETRY_POLICY, sleep, type RetryPolicy } from './retry';
import { retryWait } from './retryWait';
import { folderHeader, tenantBaseUrl, SPEC_DIALECT, type Dialect, type ServiceConnection } from './connection';
import { Coalescer } from './coalesce';
import { exchangeOf } from './exchange';
import { inDialect, readablePath, untilAborted, withConnectionNames } from './dialectPaths';
import { onFirstUse } from '../onFirstUse';
import { t } from '../l10n';
import { addressTooLong } from './addressLength';
import { attemptDeadline, type AttemptDeadline } from './attemptDeadline';
import { readResponse } from './readResponse';
import { DEFAULT_TIMEOUT_MS, DOWNLOAD_TIMEOUT_MS, requestHeaders, type RequestRun } from './transportOptions';
import type { RequestSpec, ResponseBody, SendSpec, TransportOptions } from './transportOptions';
import { errorMessage } from '../errorMessage';

export type { FetchLike, HttpMethod, RequestSpec, ResponseBody } from './transportOptions';
export type { TokenProvider, TransportOptions } from './transportOptions';
export { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from './transportOptions';

/** How a failed fetch reads (transportFailures.ts): loaded with the first failure, not at activation. */
const failures = onFirstUse(() => import('./transportFailures'));

/**
 * HTTP on the fetch API for one tenant: base URL, bearer token, exactly one folder header, JSON bodies, timeouts,
 * cancellation, the rate-limit scheduler, coalescing of identical in-flight GETs, and a cap on body size. Every
 * failure is an OrchestratorError naming the endpoint.
 *
 * A GET is retried (401 once with a fresh token; 429, 502/503/504 and resets by the retry policy) and ends within
 * the policy's bounds: attempts and backoff within giveUpAfterMs, Retry-After waits within maxRetryAfterSeconds,
 * a longer Retry-After fails at once naming the wait. A change (POST/PUT/PATCH/DELETE) is sent exactly once, 401
 * included (the token provider renews a token before it expires); when it is not answered cleanly, the error is
 * marked outcomeUnknown so no caller reports "failed" for something the service may have done.
 */
export class Transport {
  readonly baseUrl: string;
  private readonly policy: RetryPolicy;
  private readonly coalescer = new Coalescer();
  /** Requests actually sent, for tests and benchmarks. */
  sent = 0;
  /** The last requests sent ("METHOD path"), so a test can tell which ones its count includes. */
  readonly recent: string[] = [];
  /** What the folder-Key try proved on this service (the dialect passed in learns it through onFolderKey). */
  private folderKey: Dialect['folderKey'];
  /** The names last worked out (`dialect`), with the reading and the connection they came from. */
  private named: { reading: Promise<Dialect> | Dialect; connection: ServiceConnection; dialect: Dialect } | undefined;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = tenantBaseUrl(options.connection);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  get connection(): ServiceConnection {
    return this.options.connection;
  }

  /**
   * The names this service gives the spec's placeholders (the connection's own names win; blank ones count as unset).
   * Waiting for them ends with the caller's cancellation; the reading itself goes on for the next request.
   */
  private async dialect(
    reading: Promise<Dialect> | Dialect,
    signal: AbortSignal | undefined,
    given: RequestSpec,
  ): Promise<Dialect> {
    const { connection } = this.options;
    const discovered =
      reading instanceof Promise
        ? await untilAborted(reading, signal, `${given.method} ${readablePath(given.path.split('?')[0] ?? '')}`)
        : reading;
    const dialect = withConnectionNames(discovered, connection);
    this.named = { reading, connection, dialect };
    return dialect;
  }

  /**
   * Published definitions do not say whether a service takes a folder's Key as a header, though real clients send
   * it. The first GET for a folder whose Key is known tries it: an answer proves it taken; a 400 sends the GET again
   * with the folder's id, and that one answered proves the Key refused. Changes use the id until a GET has shown the
   * Key is taken (a change is never sent twice). What was proved is told on, to be kept per service.
   */
  async request(given: RequestSpec): Promise<ResponseBody> {
    // The caller hands out the same reading until it reads again: the names worked out from it are kept with it, so a
    // listing's thousand requests neither copy the same names nor await them (each await is a turn of the queue).
    const reading = this.options.dialect?.() ?? SPEC_DIALECT;
    const named = this.named;
    const kept = named?.reading === reading && named.connection === this.connection;
    const dialect = kept ? named.dialect : await this.dialect(reading, given.signal, given);
    const keyAnswer = this.folderKey ?? dialect.folderKey;
    const tryKey = keyAnswer === undefined && given.method === 'GET';
    // The folder header is worked out once, so the coalescing key and every attempt carry the same one.
    const sentHeader = given.folder
      ? folderHeader(given.folder, dialect.headerPrefix, { keyHeader: keyAnswer === 'accepted' || tryKey })
      : undefined;
    const probing = tryKey && sentHeader?.[0].endsWith('-FolderKey') === true;
    try {
      const body = await this.sendInDialect(given, dialect, sentHeader);
      if (probing) this.learnFolderKey('accepted');
      return body;
    } catch (error) {
      if (!(error instanceof OrchestratorError)) throw error;
      if (probing && error.status === 400) {
        // Sent again by id: if that is answered, the Key was what the service did not take.
        const byId = folderHeader(given.folder!, dialect.headerPrefix);
        const body = await this.sendInDialect(given, dialect, byId);
        this.learnFolderKey('refused');
        return body;
      }
      if (error.status === 404 && /\{q?ns\}\./.test(given.path)) this.options.onDialectMiss?.();
      throw error;
    }
  }

  private learnFolderKey(answer: 'accepted' | 'refused'): void {
    if (this.folderKey === answer) return;
    this.folderKey = answer;
    this.options.onFolderKey?.(answer === 'accepted');
  }

  private async sendInDialect(
    given: RequestSpec,
    dialect: Dialect,
    sentHeader: [string, string] | undefined,
  ): Promise<ResponseBody> {
    const spec: SendSpec = { ...given, path: inDialect(given.path, dialect), folderHeader: sentHeader };
    const endpoint = `${spec.method} ${spec.path.split('?')[0]}`;
    // Refused before sending, naming the text that made it long: a server's bare 431 or 414 names nothing.
    const tooLong = addressTooLong(`${this.baseUrl}${spec.path}`);
    if (tooLong) throw invalidInput(endpoint, tooLong);
    if (spec.method !== 'GET') return this.sendChange(spec, endpoint);
    const [folderName, folderValue] = sentHeader ?? ['', ''];
    const key = `${spec.path}\n${folderName}:${folderValue}\n${spec.binary ? 'bin' : 'json'}`;
    try {
      return await this.coalescer.run(key, spec.signal, (shared) => this.withRetries(spec, endpoint, shared));
    } catch (error) {
      // The caller's own cancellation surfaces as the coalescer's abort reason: report it as a cancellation.
      if (spec.signal?.aborted && !(error instanceof OrchestratorError)) throw cancelled(endpoint);
      throw error;
    }
  }

  /** One attempt, never repeated; a failure after sending that proves nothing is marked outcomeUnknown. */
  private async sendChange(spec: SendSpec, endpoint: string): Promise<ResponseBody> {
    const run: RequestRun = { sent: false, spentMs: 0, retryAfterMs: 0 };
    // A read asked for after this change must not be answered by a GET that left before it (a list reloaded after
    // Add Item would miss the item): GETs in flight are not joined from now on, nor those sent while it runs.
    this.coalescer.forgetInFlight();
    try {
      return await this.attempt(spec, endpoint, spec.signal, run, this.attemptTimeout(spec));
    } catch (error) {
      if (error instanceof OrchestratorError && run.sent && (await failures()).leavesOutcomeOpen(error))
        throw withOutcomeUnknown(error);
      throw error;
    } finally {
      this.coalescer.forgetInFlight();
    }
  }

  private async withRetries(spec: SendSpec, endpoint: string, signal: AbortSignal): Promise<ResponseBody> {
    const wait = this.options.sleep ?? sleep;
    const giveUpMs = spec.binary ? Math.max(this.policy.giveUpAfterMs, DOWNLOAD_TIMEOUT_MS) : this.policy.giveUpAfterMs;
    const run: RequestRun = { sent: false, spentMs: 0, retryAfterMs: 0 };
    const retry = { policy: this.policy, run, giveUpMs, endpoint, random: this.options.random };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(
          spec,
          endpoint,
          signal,
          run,
          Math.min(this.attemptTimeout(spec), giveUpMs - run.spentMs),
        );
      } catch (error) {
        if (!(error instanceof OrchestratorError)) throw error;
        const delayMs = retryWait(error, attempt, retry);
        try {
          await wait(delayMs, signal);
        } catch {
          throw cancelled(endpoint);
        }
      }
    }
  }

  private attemptTimeout(spec: RequestSpec): number {
    return spec.timeoutMs ?? this.options.timeoutMs ?? (spec.binary ? DOWNLOAD_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
  }

  private async attempt(
    spec: SendSpec,
    endpoint: string,
    signal: AbortSignal | undefined,
    run: RequestRun,
    timeoutMs: number,
  ): Promise<ResponseBody> {
    if (signal?.aborted) throw cancelled(endpoint);
    if (spec.rateLimited && this.options.scheduler) {
      try {
        await this.options.scheduler.acquire(signal, endpoint);
      } catch (error) {
        if (error instanceof OrchestratorError) throw error; // the service asked for a wait beyond the cap
        throw cancelled(endpoint);
      }
    }
    const now = this.options.now ?? Date.now;
    const started = now();
    run.fetched = false;
    // One limit for the whole attempt, body included: a body that trickles in is as stalled as no answer.
    const deadline = attemptDeadline(Math.max(1, timeoutMs), signal, this.options.timeoutSignal);
    let response: Response | undefined;
    let failure: unknown;
    /** When the exchange the log tells next began (a 401 retried with a fresh token is two). */
    let since = started;
    /** Answered and read to its end: the signal may serve a later attempt (attemptDeadline.ts). */
    let completed = false;
    try {
      response = await this.send(spec, endpoint, { deadline, signal, run }, false);
      if (response.status === 401 && spec.method === 'GET') {
        await response.body?.cancel().catch(() => undefined);
        this.tell(spec, now() - since, response, undefined);
        since = now();
        run.fetched = false;
        response = await this.send(spec, endpoint, { deadline, signal, run }, true);
      }
      if (spec.rateLimited && this.options.scheduler) {
        const remaining = response.headers.get('x-ratelimit-remaining');
        this.options.scheduler.observe({
          status: response.status,
          remaining: remaining === null ? undefined : Number(remaining),
          // Read only where the scheduler uses it (a 429): each header read costs a lookup in the response's list.
          retryAfterSeconds: response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
        });
      }
      // A body cut off mid-way (connection reset) is a network failure, retried like one for GETs.
      const body = await readResponse(response, spec, endpoint, this.options.maxResponseBytes, async (error) =>
        (await failures()).transportFailure(error, endpoint, signal, deadline.timedOut()),
      );
      completed = true;
      return body;
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      deadline.dispose(completed);
      run.spentMs += Math.max(0, now() - started);
      if (run.fetched) this.tell(spec, Math.max(0, now() - since), response, failure);
    }
  }

  private async send(
    spec: SendSpec,
    endpoint: string,
    { deadline, signal, run }: { deadline: AttemptDeadline; signal: AbortSignal | undefined; run: RequestRun },
    forceRefresh: boolean,
  ): Promise<Response> {
    let token: string;
    try {
      token = await this.options.token({ forceRefresh, signal });
    } catch (error) {
      if (signal?.aborted) throw cancelled(endpoint);
      throw new OrchestratorError({
        kind: 'http',
        status: 401,
        endpoint,
        message: t('Not signed in: {0}', errorMessage(error)),
        cause: error,
      });
    }
    // Awaited only when there are any: an await of nothing still costs a turn of the queue on every request.
    const connectionHeaders = this.options.headers ? await this.options.headers() : undefined;
    const headers = requestHeaders(spec, token, connectionHeaders);
    this.sent++;
    run.sent = true;
    run.fetched = true;
    this.recent.push(`${spec.method} ${spec.path}`);
    if (this.recent.length > 100) this.recent.shift();
    try {
      return await this.options.fetch(`${this.baseUrl}${spec.path}`, {
        method: spec.method,
        headers,
        // A form (a package upload) goes as multipart/form-data: fetch writes its boundary into the content type.
        body: spec.body === undefined || spec.body instanceof FormData ? spec.body : JSON.stringify(spec.body),
        signal: deadline.signal,
      });
    } catch (error) {
      const { transportFailure, errorCode, NOT_SENT_CODES } = await failures();
      const failure = transportFailure(error, endpoint, signal, deadline.timedOut());
      // Nothing connected: the change certainly did not reach the service.
      if (failure.kind === 'network' && NOT_SENT_CODES.has(errorCode(error) ?? '')) run.sent = false;
      throw failure;
    }
  }

  /** The request log's account of one attempt (exchange.ts); a log that fails must not fail the request. */
  private tell(spec: RequestSpec, durationMs: number, response: Response | undefined, failure: unknown): void {
    try {
      this.options.onExchange?.(exchangeOf(spec.method, spec.path, durationMs, response, failure));
    } catch {
      // The log is for support; the request's outcome is what matters.
    }
  }
}
