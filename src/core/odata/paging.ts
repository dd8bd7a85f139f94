import type { Page, RowProblem } from './envelope';

export interface PagingOptions {
  /** Rows per request; never above the endpoint's cap. */
  pageSize: number;
  signal?: AbortSignal;
  /** Stop after this many rows. */
  limit?: number;
  /** Called with rows the service sent that did not parse. */
  onSkipped?: (problems: RowProblem[], skip: number) => void;
}

/**
 * Pages through a collection with $top/$skip. The first page asks for @odata.count so the last page is known and
 * no empty request is made after it; cancellation stops between pages.
 */
export async function* pages<T>(
  fetchPage: (top: number, skip: number, count: boolean, signal?: AbortSignal) => Promise<Page<T>>,
  options: PagingOptions,
): AsyncGenerator<T[], void, undefined> {
  let skip = 0;
  let total: number | undefined;
  let delivered = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const want = options.limit === undefined ? options.pageSize : Math.min(options.pageSize, options.limit - delivered);
    if (want <= 0) return;
    const page = await fetchPage(want, skip, skip === 0, options.signal);
    if (skip === 0) total = page.count;
    if (page.skipped.length > 0) options.onSkipped?.(page.skipped, skip);
    const received = page.items.length + page.skipped.length;
    delivered += page.items.length;
    if (page.items.length > 0) yield page.items;
    skip += received;
    if (received < want) return;
    if (total !== undefined && skip >= total) return;
  }
}

/** Every row, in order. */
export async function collectAll<T>(iterator: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of iterator) all.push(...page);
  return all;
}
