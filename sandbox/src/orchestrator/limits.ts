import { ErrorCode, HttpError } from '../server/errors';
import type { Clock } from '../server/clock';
import type { TenantState } from './state';

const WINDOW_MS = 60_000;

/**
 * Per-tenant, per-endpoint fixed one-minute windows for GET Jobs and GET QueueItems. Answers the headers the spec
 * names: Retry-After on 429, X-RateLimit-Remaining on every limited call (reported as 0 once fewer than 10 remain).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly perMinute: number,
  ) {}

  take(tenant: string, endpoint: string): Record<string, string> {
    const now = this.clock.now();
    const id = `${tenant}|${endpoint}`;
    let window = this.windows.get(id);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(id, window);
    }
    if (window.count >= this.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      throw new HttpError(
        429,
        ErrorCode.rateLimited,
        `Request rate exceeded the limit of ${this.perMinute} requests per minute per tenant for GET /odata/${endpoint}. Retry after ${retryAfter} s.`,
        {
          'Retry-After': String(retryAfter),
          'X-RateLimit-Remaining': '0',
        },
      );
    }
    window.count++;
    const remaining = this.perMinute - window.count;
    return { 'X-RateLimit-Remaining': String(remaining < 10 ? 0 : remaining) };
  }

  reset(): void {
    this.windows.clear();
  }
}

/** Export operations: 100 a day per tenant and endpoint, reset at 00:00 UTC; beyond that error 4502. */
export function takeExport(tenant: TenantState, endpoint: string, limit: number, now: number): void {
  const day = new Date(now).toISOString().slice(0, 10);
  if (tenant.exportCounts.day !== day) tenant.exportCounts = { day, counts: {} };
  const used = tenant.exportCounts.counts[endpoint] ?? 0;
  if (used >= limit) {
    throw new HttpError(
      429,
      ErrorCode.exportLimit,
      `The daily limit of ${limit} export requests per tenant was reached for ${endpoint}. It resets at 00:00 UTC.`,
    );
  }
  tenant.exportCounts.counts[endpoint] = used + 1;
}
