import assert from 'node:assert/strict';
import type { Connection } from '../../../src/core/connections';
import { SPEC_DIALECT } from '../../../src/core/http/connection';
import { Dialects, RETRY_AFTER_MS } from '../../../src/host/dialects';
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

function world(
  answer: () => Response | Promise<Response>,
  stored: Record<string, unknown> = {},
  now: () => number = Date.now,
) {
  const values = new Map<string, unknown>(Object.entries(stored));
  const asked: string[] = [];
  const warnings: string[] = [];
  const dialects = new Dialects(
    {
      fetch: async (url) => (asked.push(url), answer()),
      state: {
        get: <T>(entry: StoredEntry<T>) => (values.get(entry.key) as T | undefined) ?? entry.fallback,
        update: async <T>(entry: StoredEntry<T>, value: T) => void values.set(entry.key, value),
      },
      warn: (_c, problem) => void warnings.push(problem),
    },
    now,
  );
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

  it('a failed refresh keeps the names in use; a passing failure is read again a minute later, with one warning', async () => {
    let answer: () => Response | Promise<Response> = () => Response.json(definition);
    let clock = 1_000;
    const w = world(
      () => answer(),
      {},
      () => clock,
    );
    assert.equal((await w.dialects.forConnection(connection)).namespace, 'Acme.OData');
    answer = () => new Response('busy', { status: 503 });
    const refreshed = await w.dialects.refresh(connection);
    assert.ok('problem' in refreshed && refreshed.transient);
    assert.equal((await w.dialects.forConnection(connection)).namespace, 'Acme.OData', 'kept after a failed refresh');

    const other = { ...connection, id: 'https://cloud.test/acme/other', tenant: 'other' } as Connection;
    answer = () => Promise.reject(new TypeError('fetch failed'));
    assert.deepEqual(await w.dialects.forConnection(other), SPEC_DIALECT);
    assert.deepEqual(await w.dialects.forConnection(other), SPEC_DIALECT);
    const asked = w.asked.length;
    assert.equal(w.asked.filter((url) => url.includes('/other/')).length, 1, 'not read again at once');
    answer = () => Response.json(definition);
    clock += RETRY_AFTER_MS;
    assert.equal((await w.dialects.forConnection(other)).namespace, 'Acme.OData', 'read again after the pause');
    assert.equal(w.asked.length, asked + 1);
    assert.equal(w.warnings.length, 1, 'one warning for the connection');
  });
});
