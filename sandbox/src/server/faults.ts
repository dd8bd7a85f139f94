import { badRequest, ErrorCode, HttpError } from './errors';
import type { Random } from './clock';

/**
 * Fault injection for tests, set through POST /__sandbox/faults. A rule applies to requests whose path matches
 * its glob (`*` = any characters) and, optionally, its methods; `probability` (default 1) and `times` (default
 * unlimited) bound how often it fires.
 */
export interface FaultRule {
  path: string;
  methods?: string[];
  probability?: number;
  times?: number;
  latencyMs?: number;
  status?: number;
  /** Seconds, or any text sent as is (an HTTP date, an absurd number) to test what a client makes of it. */
  retryAfter?: number | string;
  /**
   * With `status` or `reset`: the request is processed first, then the fault answers (a gateway timing out after
   * the service did the work), so a client cannot tell whether the change was made.
   */
  after?: boolean;
  reset?: boolean;
  truncate?: boolean;
  malformed?: boolean;
}

export type FaultAction =
  | { kind: 'reset'; after?: boolean }
  | { kind: 'error'; error: HttpError; after?: boolean }
  | { kind: 'mutate'; mutate: (text: string) => string };

interface ActiveRule extends FaultRule {
  matcher: RegExp;
}

export function parseRules(body: unknown): FaultRule[] {
  const rules = (body as { rules?: unknown })?.rules;
  if (!Array.isArray(rules)) throw badRequest('Send { "rules": [ { "path": "/sandbox/main/odata/Jobs*", ... } ] }.');
  return rules.map((rule, i) => {
    if (typeof rule?.path !== 'string' || !rule.path) throw badRequest(`rules[${i}].path must be a path glob.`);
    if (rule.status !== undefined && (!Number.isInteger(rule.status) || rule.status < 400 || rule.status > 599))
      throw badRequest(`rules[${i}].status must be an HTTP error status.`);
    if (
      rule.probability !== undefined &&
      (typeof rule.probability !== 'number' || rule.probability < 0 || rule.probability > 1)
    )
      throw badRequest(`rules[${i}].probability must be from 0 to 1.`);
    return rule as FaultRule;
  });
}

export class Faults {
  private rules: ActiveRule[] = [];

  constructor(private readonly random: Random) {}

  set(rules: FaultRule[]): void {
    this.rules = rules.map((rule) => ({
      ...rule,
      matcher: new RegExp(
        `^${rule.path
          .split('*')
          .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ),
    }));
  }

  list(): FaultRule[] {
    return this.rules.map(({ matcher: _matcher, ...rule }) => rule);
  }

  clear(): void {
    this.rules = [];
  }

  /** Picks the faults for one request: a delay to wait first, then at most one action. */
  match(method: string, path: string): { delayMs: number; action?: FaultAction } {
    let delayMs = 0;
    let action: FaultAction | undefined;
    for (const rule of this.rules) {
      if (!rule.matcher.test(path) || (rule.methods && !rule.methods.includes(method))) continue;
      if (rule.times !== undefined && rule.times <= 0) continue;
      if (this.random.next() >= (rule.probability ?? 1)) continue;
      if (rule.times !== undefined) rule.times--;
      delayMs += rule.latencyMs ?? 0;
      if (action) continue;
      if (rule.reset) action = { kind: 'reset', after: rule.after };
      else if (rule.status) {
        const headers: Record<string, string> =
          rule.status === 429 ? { 'Retry-After': String(rule.retryAfter ?? 1), 'X-RateLimit-Remaining': '0' } : {};
        action = {
          kind: 'error',
          error: new HttpError(
            rule.status,
            rule.status === 429 ? ErrorCode.rateLimited : ErrorCode.injectedFault,
            `Injected fault: HTTP ${rule.status}.`,
            headers,
          ),
          after: rule.after,
        };
      } else if (rule.truncate)
        action = { kind: 'mutate', mutate: (text) => text.slice(0, Math.max(1, Math.floor(text.length / 2))) };
      else if (rule.malformed) action = { kind: 'mutate', mutate: () => '{"value": [ {"Id": 1,, } <html>' };
    }
    return { delayMs, action };
  }
}
