import { ErrorCode, HttpError, notFound } from './errors';
import { json, type Reply, type Request } from './http';
import { parseRules, type Faults } from './faults';
import type { RequestTally } from './requestTally';

export interface AdminDeps {
  faults: Faults;
  tally: RequestTally;
  reset: () => void;
  advanceClock: (seconds: number) => string;
  info: () => Record<string, unknown>;
}

/** The test-only endpoints below `/__sandbox/` (no authentication; sandbox/README.md lists them). */
export function adminHandler(deps: AdminDeps) {
  return (req: Request, path: string[]): Reply => {
    const what = path.join('/');
    if (what === 'faults' && req.method === 'POST') {
      deps.faults.set(parseRules(req.body));
      return json({ rules: deps.faults.list() });
    }
    if (what === 'faults' && req.method === 'GET') return json({ rules: deps.faults.list() });
    if (what === 'faults' && req.method === 'DELETE') {
      deps.faults.clear();
      return { kind: 'empty', status: 204 };
    }
    if (what === 'reset' && req.method === 'POST') {
      deps.reset();
      return json({ reset: true });
    }
    if (what === 'clock' && req.method === 'POST') {
      const seconds = (req.body as { advanceSeconds?: unknown })?.advanceSeconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
        throw new HttpError(400, ErrorCode.invalidRequest, 'advanceSeconds must be a non-negative number.');
      return json({ now: deps.advanceClock(seconds) });
    }
    if (what === 'info' && req.method === 'GET') return json(deps.info());
    if (what === 'requests' && req.method === 'GET') return json(deps.tally.snapshot());
    if (what === 'requests' && req.method === 'DELETE') {
      deps.tally.clear();
      return { kind: 'empty', status: 204 };
    }
    throw notFound(`No sandbox admin endpoint '${req.method} /__sandbox/${what}'.`);
  };
}
