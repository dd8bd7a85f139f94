/**
 * Counts the requests the sandbox answers, by method and route shape, so the bench can say what a session of the
 * extension costs the service (what a tenant's rate limiter would see). Keys look like `GET /sandbox/main/odata/Jobs`;
 * a key in parentheses and a numeric path segment become `(…)` and `{id}`, so `Jobs(<key>)` reads are one entry.
 */
export class RequestTally {
  private counts = new Map<string, number>();
  private since = Date.now();

  count(method: string, pathname: string): void {
    const key = `${method} ${routeShape(pathname)}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  snapshot(): { since: string; counts: Record<string, number> } {
    return {
      since: new Date(this.since).toISOString(),
      counts: Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b))),
    };
  }

  clear(): void {
    this.counts = new Map();
    this.since = Date.now();
  }
}

export function routeShape(pathname: string): string {
  return pathname.replace(/\([^)]*\)/g, '(…)').replace(/\/\d+(?=\/|$)/g, '/{id}');
}
