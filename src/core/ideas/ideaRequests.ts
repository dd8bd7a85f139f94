import type * as z from 'zod/mini';
import { invalidInput } from '../http/errors';
import { Transport, type FetchLike } from '../http/transport';
import type { Exchange } from '../http/exchange';
import { parseBody } from '../odata/envelope';
import { t } from '../l10n';

export interface IdeaServiceOptions {
  /** {openapi_base_url}: `https://<host>/<org>/<tenant>/<product>/api/v1/openapi`. */
  baseUrl: string;
  token: () => Promise<string>;
  appKey: () => Promise<string>;
  /** Where the app key travels; the spec leaves it unshown (the sandbox uses X-App-Key). */
  appKeyHeader?: string;
  fetch: FetchLike;
  /** The request log (exchange.ts). */
  onExchange?: (exchange: Exchange) => void;
}

export type CallOptions = { signal?: AbortSignal };
export type Paging = CallOptions & { page?: number; pageSize?: number };
/** A document or a medium of an automation: a name and the address it is at. */
export type Attachment = { name: string; url: string };

/**
 * How the idea-management open API is called, apart from what it offers (IdeaClient, client.ts): one transport that
 * sends the app key beside the token, every body read through its schema, and paging and ids written into paths only
 * once checked.
 */
export class IdeaRequests {
  readonly transport: Transport;

  constructor(options: IdeaServiceOptions) {
    this.transport = new Transport({
      connection: { kind: 'onPremises', serviceUrl: options.baseUrl },
      fetch: options.fetch,
      token: () => options.token(),
      headers: async () => ({ [options.appKeyHeader ?? 'X-App-Key']: await options.appKey() }),
      onExchange: options.onExchange,
    });
  }

  protected async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    schema: z.ZodMiniType<T> | undefined,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<T> {
    const response = await this.transport.request({ method, path, body, signal: options.signal });
    return schema ? parseBody(`${method} ${path}`, response, schema) : (undefined as T);
  }
}

/** `?page=…&pageSize=…`, or nothing when neither is asked for. */
export function pageQuery(options: Paging): string {
  const params = new URLSearchParams();
  if (options.page !== undefined) params.set('page', String(options.page));
  if (options.pageSize !== undefined) params.set('pageSize', String(options.pageSize));
  return params.size ? `?${params}` : '';
}

/** An automation's id, checked, as it stands in paths. */
export function checkedAutomationId(id: number): number {
  return checkedId(id, 'automationId');
}

/** An id written into a path: a positive whole number, else refused before anything is sent. */
export function checkedId(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw invalidInput(name, t('{0} must be a positive whole number.', name));
  return value;
}
