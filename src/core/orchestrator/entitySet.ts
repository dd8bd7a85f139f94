import type * as z from 'zod/mini';
import type { Page } from '../odata/envelope';
import type { CallOptions, ListOptions, ODataBase } from './base';

/** The page size a set accepts unless its own limit is lower (queue items: 100). */
export const MAX_TOP = 1000;

export type IterateOptions = ListOptions & { pageSize?: number; limit?: number };

/**
 * What every OData entity set offers the same way: one page, every page, one row by key, delete by key. The endpoint
 * groups build on one of these per set, so the paths, caps and rate limits of a set are said once.
 */
export class EntitySet<T> {
  readonly path: string;

  constructor(
    protected readonly base: ODataBase,
    readonly name: string,
    readonly schema: z.ZodMiniType<T>,
    private readonly limits: { maxTop?: number; rateLimited?: boolean } = {},
  ) {
    this.path = `/odata/${name}`;
  }

  list(options: ListOptions = {}): Promise<Page<T>> {
    return this.base.getPage(this.path, this.schema, { ...options, ...this.read() });
  }

  iterate(options: IterateOptions = {}): AsyncGenerator<T[], void, undefined> {
    const { pageSize, limit, ...rest } = options;
    return this.base.iterate(this.path, this.schema, { ...rest, ...this.read(), paging: { pageSize, limit } });
  }

  get(key: number | string, options: CallOptions = {}): Promise<T> {
    return this.base.get(this.base.entity(this.name, key), this.schema, options);
  }

  delete(key: number | string, options: CallOptions = {}): Promise<void> {
    return this.base.remove(this.base.entity(this.name, key), options);
  }

  private read() {
    return { maxTop: this.limits.maxTop ?? MAX_TOP, rateLimited: this.limits.rateLimited };
  }
}
