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

const BASE = 'https://cloud.test/acme/main/orchestrator_';
const DEFINITION = `${BASE}/swagger/v18.0/swagger.json`;
const PAGE = `<script>var configObject = JSON.parse('{"urls":[{"url":"/acme/main/orchestrator_/swagger/v18.0/swagger.json","name":"v18.0"}]}');</script>`;
/** A service as real ones are: its API page names its versioned definition, and nothing is at v1. */
const published = (url: string) =>
  url.endsWith('/swagger/index.html')
    ? new Response(PAGE, { headers: { 'content-type': 'text/html' } })
    : url === DEFINITION
      ? Response.json(definition)
      : new Response('missing', { status: 404 });

function world(
  answer: (url: string) => Response | Promise<Response>,
  stored: Record<string, unknown> = {},
  now: () => number = Date.now,
) {
  const values = new Map<string, unknown>(Object.entries(stored));
  const asked: string[] = [];
  const warnings: string[] = [];
  const dialects = new Dialects(
    {
      fetch: async (url) => (asked.push(url), answer(url)),
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
    const first = world(published);
    const answers = await Promise.all([1, 2, 3].map(() => first.dialects.forConnection(connection)));
    assert.deepEqual(first.asked, [`${BASE}/swagger/index.html`, DEFINITION]);
    for (const dialect of answers) assert.equal(dialect.namespace, 'Acme.OData');
    const next = world(() => Promise.reject(new Error('not asked')), Object.fromEntries(first.values));
    assert.equal((await next.dialects.forConnection(connection)).queueNamespace, 'AcmeQ');
    assert.deepEqual(next.asked, [], 'a later session sends nothing for it');
  });

  it("falls back to the spec's names with one warning, keeps nothing, and Refresh reads again", async () => {
    let status = 404;
    const w = world((url) => (status === 404 ? new Response('missing', { status }) : published(url)));
    assert.deepEqual(await w.dialects.forConnection(connection), SPEC_DIALECT);
    assert.deepEqual(await w.dialects.forConnection(connection), SPEC_DIALECT);
    assert.equal(w.warnings.length, 1);
    assert.match(w.warnings[0]!, /404/);
    assert.equal(w.values.get(Stored.dialects.key), undefined);
    status = 200;
    const refreshed = await w.dialects.refresh(connection);
    assert.ok('dialect' in refreshed && refreshed.dialect.headerPrefix === 'X-ACME');
    assert.equal((await w.dialects.forConnection(connection)).headerPrefix, 'X-ACME');
    assert.equal(w.asked.length, 3 + 2, 'three addresses asked for nothing, then the page and its definition');
  });

  it('a failed refresh keeps the names in use; a passing failure is read again a minute later, with one warning', async () => {
    let answer: (url: string) => Response | Promise<Response> = published;
    let clock = 1_000;
    const w = world(
      (url) => answer(url),
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
    assert.equal(w.asked.filter((url) => url.includes('/other/')).length, 3, 'not read again at once');
    answer = () => Response.json(definition);
    clock += RETRY_AFTER_MS;
    assert.equal((await w.dialects.forConnection(other)).namespace, 'Acme.OData', 'read again after the pause');
    assert.equal(w.asked.length, asked + 3, 'the pages answer JSON that names nothing; v1 answers');
    assert.equal(w.warnings.length, 1, 'one warning for the connection');
  });

  it('reads a stored definition again once per session when its paths answer 404, asking where it answered first', async () => {
    const first = world(published);
    await first.dialects.forConnection(connection);
    let moved = false;
    const next = world(
      (url) =>
        moved && url === DEFINITION
          ? Response.json({
              ...definition,
              paths: { '/odata/Jobs/Acme.V2.StartJobs': {}, '/odata/Queues/AcmeQ.AddQueueItem': {} },
            })
          : published(url),
      Object.fromEntries(first.values),
    );
    assert.equal((await next.dialects.forConnection(connection)).namespace, 'Acme.OData');
    assert.deepEqual(next.asked, []);
    moved = true;
    await next.dialects.missed(connection);
    assert.deepEqual(next.asked, [DEFINITION], 'one request: where it answered last time');
    assert.equal((await next.dialects.forConnection(connection)).namespace, 'Acme.V2', 'the new names from here on');
    await next.dialects.missed(connection);
    assert.equal(next.asked.length, 1, 'not again this session');
    assert.equal(next.dialects.readingsOf(connection.id), 1);
  });

  it('keeps what the folder-Key try proved for the session, with the stored dialect and its path', async () => {
    const first = world(published);
    assert.equal((await first.dialects.forConnection(connection)).folderKey, undefined);
    first.dialects.learnFolderKey(connection, false);
    assert.equal((await first.dialects.forConnection(connection)).folderKey, 'refused');
    assert.equal(first.asked.length, 2, 'nothing asked for it');
    const next = world(() => Promise.reject(new Error('not asked')), Object.fromEntries(first.values));
    const dialect = await next.dialects.forConnection(connection);
    assert.equal(dialect.folderKey, undefined, 'a new session tries it once more');
    assert.equal(dialect.definitionPath, '/acme/main/orchestrator_/swagger/v18.0/swagger.json');
  });
});
