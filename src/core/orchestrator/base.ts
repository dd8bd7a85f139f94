import type * as z from 'zod/mini';
import { invalidInput, OrchestratorError, withOutcomeUnknown } from '../http/errors';
import type { FolderContext } from '../http/connection';
import type { HttpMethod, Transport } from '../http/transport';
import { readablePath } from '../http/dialectPaths';
import { parseBody, parseCollection, parseEntity, prepareFastPath, type Page } from '../odata/envelope';
import { buildQuery, operationParams, type ODataQuery } from '../odata/query';
import { escapeString } from '../odata/filter';
import { pages, type PagingOptions } from '../odata/paging';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

export interface CallOptions {
  folder?: FolderContext;
  signal?: AbortSignal;
}

export interface ListOptions extends CallOptions {
  query?: ODataQuery;
}

/** What every endpoint group builds on: paths with the connection's namespaces, parsing, paging. */
export class ODataBase {
  constructor(readonly transport: Transport) {
    // Loaded by the time the first answer is read.
    void prepareFastPath();
  }

  /**
   * `/odata/<set>[(<key>)]/{ns}.<Operation>(<params>)`: the namespace stays the spec's placeholder until the transport
   * sends the request in the service's dialect.
   */
  operation(
    set: string,
    name: string,
    params?: Record<string, string | number | boolean>,
    options: { key?: number | string; queue?: boolean } = {},
  ): string {
    const key =
      options.key === undefined
        ? ''
        : `(${typeof options.key === 'number' ? options.key : encodeURIComponent(escapeString(options.key, 'key'))})`;
    const ns = options.queue ? '{qns}' : '{ns}';
    return `/odata/${set}${key}/${ns}.${name}${params ? `(${operationParams(params)})` : ''}`;
  }

  /** `/odata/<set>(<key>)/<ns>.<Operation>`: an action bound to one row. */
  operationOn(set: string, key: number | string, name: string, options: { queue?: boolean } = {}): string {
    return this.operation(set, name, undefined, { ...options, key });
  }

  entity(set: string, key: number | string): string {
    if (typeof key === 'number' && !Number.isSafeInteger(key))
      throw invalidInput(`/odata/${set}`, t('{0} is not a valid id.', key));
    return `/odata/${set}(${typeof key === 'number' ? key : encodeURIComponent(escapeString(key, 'key'))})`;
  }

  async getPage<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    options: ListOptions & { maxTop?: number; rateLimited?: boolean } = {},
  ): Promise<Page<T>> {
    const endpoint = `GET ${readablePath(path)}`;
    let query: string;
    try {
      query = options.query ? buildQuery(options.query, options.maxTop) : '';
    } catch (error) {
      throw invalidInput(endpoint, errorMessage(error));
    }
    const body = await this.transport.request({
      method: 'GET',
      path: `${path}${query}`,
      folder: options.folder,
      signal: options.signal,
      rateLimited: options.rateLimited,
    });
    return parseCollection(endpoint, body.kind === 'json' ? body.value : undefined, schema);
  }

  /** Every row of a collection, page by page ($top = min(pageSize, cap)); the first page asks for the count. */
  iterate<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    options: ListOptions & { maxTop: number; rateLimited?: boolean; paging?: Partial<PagingOptions> },
  ): AsyncGenerator<T[], void, undefined> {
    const pageSize = Math.min(options.paging?.pageSize ?? options.maxTop, options.maxTop);
    return pages(
      (top, skip, count, signal) =>
        this.getPage(path, schema, {
          ...options,
          signal,
          query: { ...options.query, top, skip, count: count || options.query?.count },
        }),
      { pageSize, signal: options.signal, limit: options.paging?.limit, onSkipped: options.paging?.onSkipped },
    );
  }

  async get<T>(path: string, schema: z.ZodMiniType<T>, options: CallOptions & { query?: string } = {}): Promise<T> {
    const body = await this.transport.request({
      method: 'GET',
      path: `${path}${options.query ?? ''}`,
      folder: options.folder,
      signal: options.signal,
    });
    return parseEntity(`GET ${readablePath(path)}`, body.kind === 'json' ? body.value : undefined, schema);
  }

  /**
   * A change: never retried by the transport. Returns the parsed body when a schema is given; a 2xx whose body is
   * missing or not what the endpoint promises leaves the outcome unknown (the service answered, but not cleanly).
   */
  async send<T = void>(
    method: Exclude<HttpMethod, 'GET'>,
    path: string,
    body: unknown,
    schema?: z.ZodMiniType<T>,
    options: CallOptions & { timeoutMs?: number } = {},
  ): Promise<T> {
    const response = await this.transport.request({
      method,
      path,
      body,
      folder: options.folder,
      signal: options.signal,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    if (!schema) return undefined as T;
    try {
      return parseBody(`${method} ${readablePath(path)}`, response, schema);
    } catch (error) {
      throw error instanceof OrchestratorError ? withOutcomeUnknown(error) : error;
    }
  }

  /** A POST (an action or a create): sent once, never retried. */
  post<T = void>(path: string, body: unknown, options: CallOptions = {}, schema?: z.ZodMiniType<T>): Promise<T> {
    return this.send('POST', path, body, schema, options);
  }

  remove(path: string, options: CallOptions = {}): Promise<void> {
    return this.send('DELETE', path, undefined, undefined, options);
  }

  async download(path: string, options: CallOptions = {}): Promise<{ bytes: Uint8Array; fileName?: string }> {
    const body = await this.transport.request({
      method: 'GET',
      path,
      folder: options.folder,
      signal: options.signal,
      binary: true,
    });
    if (body.kind !== 'binary')
      throw new OrchestratorError({
        kind: 'invalidResponse',
        endpoint: `GET ${readablePath(path)}`,
        message: t('The download answered no file.'),
      });
    return { bytes: body.value, ...(body.fileName ? { fileName: body.fileName } : {}) };
  }

  /** Refuses bad input before anything is sent, naming the endpoint as the user reads it. */
  check(endpoint: string, problem: string | undefined): void {
    if (problem) throw invalidInput(readablePath(endpoint), problem);
  }
}
