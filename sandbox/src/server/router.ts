import type { Reply, Request } from './http';

/** A plain path router for the non-OData surfaces (ideas, identity, admin): `/automations/{automationId}`. */
export interface PathRoute<C> {
  method: string;
  pattern: string;
  summary: string;
  handler: (req: Request, params: Record<string, string>, context: C) => Reply | Promise<Reply>;
}

export function matchRoute<C>(
  routes: readonly PathRoute<C>[],
  method: string,
  path: string,
): { route?: PathRoute<C>; params: Record<string, string>; pathKnown: boolean } {
  let pathKnown = false;
  for (const route of routes) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    pathKnown = true;
    if (route.method === method) return { route, params, pathKnown };
  }
  return { params: {}, pathKnown };
}

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = decodeURIComponent(have[i]!);
    if (w.startsWith('{') && w.endsWith('}')) params[w.slice(1, -1)] = h;
    else if (w !== h) return undefined;
  }
  return params;
}
