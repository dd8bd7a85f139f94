import assert from 'node:assert/strict';
import type { Connection } from '../../../src/core/connections';
import { SPEC_DIALECT } from '../../../src/core/http/connection';
import { Dialects } from '../../../src/host/dialects';
import { Stored, type StoredEntry } from '../../../src/host/storedState';

const connection = {
  id: 'https://cloud.test/acme/main',
  label: 'Acme',
  kind: 'cloud',
  serviceUrl: 'https://cloud.test',
  account: 'acme',
  tenant: 'main',
  serviceSegment: 'orchestrator_',
} as Connection;

const definition = {
  paths: {
    '/odata/Jobs/Acme.OData.StartJobs': { post: {} },
    '/odata/Queues/AcmeQ.AddQueueItem': { post: {} },
  },
  components: { parameters: { id: { name: 'X-ACME-OrganizationUnitId', in: 'header' } } },
};

function world(answer: () => Response | Promise<Response>, stored: Record<string, unknown> = {}) {
  const values = new Map<string, unknown>(Object.entries(stored));
  const asked: string[] = [];
  const warnings: string[] = [];
  const dialects = new Dialects({
    fetch: async (url) => (asked.push(url), answer()),
    state: {
      get: <T>(entry: StoredEntry<T>) => (values.get(entry.key) as T | undefined) ?? entry.fallback,
      update: async <T>(entry: StoredEntry<T>, value: T) => void values.set(entry.key, value),
    },
    warn: (_c, problem) => void warnings.push(problem),
  });
  return { dialects, asked, warnings, values };
}

describe('dialects (one reading of the API definition per connection)', () => {
  it('reads once for callers that ask at the same time, and keeps what it read for the next session', async () => {
    const first = world(() => Response.json(definition));
    const answers = await Promise.all([1, 2, 3].map(() => first.dialects.forConnection(connection)));
    assert.deepEqual(first.asked, ['https://cloud.test/acme/main/orchestrator_/swagger/v1/swagger.json']);
    for (const dialect of answers) assert.equal(dialect.namespace, 'Acme.OData');
    const next = world(() => Promise.reject(new Error('not asked')), Object.fromEntries(first.values));
    assert.equal((await next.dialects.forConnection(connection)).queueNamespace, 'AcmeQ');
    assert.deepEqual(next.asked, [], 'a later session sends nothing for it');
  });

  it("falls back to the spec's names with one warning, keeps nothing, and Refresh reads again", async () => {
    let status = 404;
    const w = world(() => (status === 404 ? new Response('missing', { status }) : Response.json(definition)));
    assert.deepEqual(await w.dialects.forConnection(connection), SPEC_DIALECT);
    assert.deepEqual(await w.dialects.forConnection(connection), SPEC_DIALECT);
    assert.equal(w.warnings.length, 1);
    assert.match(w.warnings[0]!, /404/);
    assert.equal(w.values.get(Stored.dialects.key), undefined);
    status = 200;
    const refreshed = await w.dialects.refresh(connection);
    assert.ok('dialect' in refreshed && refreshed.dialect.headerPrefix === 'X-ACME');
    assert.equal((await w.dialects.forConnection(connection)).headerPrefix, 'X-ACME');
    assert.equal(w.asked.length, 2);
  });
});
