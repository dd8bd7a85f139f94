// Reading a service's API definition on its own: what a definition it cannot use lacks, and a problem (never a
// throw) for one that is missing, broken or oversized. Dialects spoken against the sandbox: dialect.test.ts.
import assert from 'node:assert/strict';
import { discoverDialect, readDialect } from '../../../src/core/orchestrator/definitionDiscovery';

describe('service dialects: a definition that cannot be used', () => {
  it('names what is missing in a definition it cannot use', () => {
    const header = { name: 'X-ACME-OrganizationUnitId', in: 'header' };
    const paths = {
      '/odata/Jobs/Acme.OData.StartJobs': { post: { parameters: [header] } },
      '/odata/Queues/AcmeQ.AddQueueItem': { post: {} },
    };
    assert.deepEqual(readDialect(JSON.stringify({ paths }, null, 2)), {
      dialect: { namespace: 'Acme.OData', queueNamespace: 'AcmeQ', headerPrefix: 'X-ACME' },
    });
    const long = (n: number) => `A${'b'.repeat(n - 1)}`;
    const cases: [unknown, RegExp][] = [
      [null, /not JSON/],
      ['<html>', /not JSON/],
      [{ paths: [] }, /not an OpenAPI document/],
      [{ paths: {} }, /StartJobs/],
      [{ paths: { '/odata/Jobs/Acme.OData.StartJobs': {} } }, /AddQueueItem/],
      [{ paths: { ...paths, '/odata/Jobs/Acme.OData.StartJobs': { post: {} } } }, /folder header/],
      [{ paths: { '/odata/Jobs/Acme OData.StartJobs': {}, '/odata/Queues/Q.AddQueueItem': {} } }, /StartJobs/],
      [
        { paths: {}, description: 'see "/odata/Jobs/Other.StartJobs": {} and "/odata/Queues/O.AddQueueItem": {}' },
        /StartJobs/,
      ],
      [{ paths: { [`/odata/Jobs/${long(129)}.StartJobs`]: {} } }, /operation namespace is longer than 128/],
      [
        {
          paths: {
            ...paths,
            '/odata/Queues/AcmeQ.AddQueueItem': undefined,
            [`/odata/Queues/${long(200)}.AddQueueItem`]: {},
          },
        },
        /queue operation namespace is longer than 128/,
      ],
      [
        {
          paths: {
            ...paths,
            '/odata/Jobs/Acme.OData.StartJobs': {
              post: { parameters: [{ ...header, name: `${long(100_000)}-OrganizationUnitId` }] },
            },
          },
        },
        /folder header prefix is longer than 64/,
      ],
    ];
    for (const [definition, problem] of cases) {
      const read = readDialect(typeof definition === 'string' ? definition : JSON.stringify(definition));
      assert.ok(
        'problem' in read && problem.test(read.problem),
        `${JSON.stringify(definition).slice(0, 200)}: ${JSON.stringify(read)}`,
      );
    }
    const atBounds = { ...header, name: `${long(64)}-OrganizationUnitId` };
    const bounded = readDialect(
      JSON.stringify({
        paths: {
          [`/odata/Jobs/${long(128)}.StartJobs`]: { post: { parameters: [atBounds] } },
          '/odata/Queues/Q.AddQueueItem': {},
        },
      }),
    );
    assert.ok(
      'dialect' in bounded && bounded.dialect.headerPrefix.length === 64 && bounded.dialect.namespace.length === 128,
    );
  });

  it('answers a problem, never throws, for a missing, broken or oversized definition', async () => {
    const answer =
      (body: string, init: ResponseInit = {}) =>
      async () =>
        new Response(body, init);
    const base = 'https://service.test/acme/main';
    const problemOf = async (fetchLike: Parameters<typeof discoverDialect>[0]) => {
      const found = await discoverDialect(fetchLike, base);
      assert.ok('problem' in found, JSON.stringify(found));
      return found.problem;
    };
    assert.equal(
      await problemOf(answer('no', { status: 404 })),
      'no API definition was found: swagger/index.html (404), swagger/ui/index (404), swagger/v1/swagger.json (404)',
    );
    assert.match(await problemOf(answer('<html>')), /swagger\/v1\/swagger.json \(not JSON\)/);
    const huge = answer('{}', { headers: { 'content-length': String(50 * 1024 * 1024) } });
    assert.match(await problemOf(huge), /larger than 8 MB/);
    const refused = async () => Promise.reject(new TypeError('fetch failed'));
    assert.match(await problemOf(refused), /fetch failed/);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      discoverDialect(async (_u, init) => Promise.reject(init.signal!.reason), base, { signal: controller.signal }),
    );
  });
});
