import assert from 'node:assert/strict';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  API_DEFINITION_MAX_BYTES,
  discoverDialect,
  MAX_DEFINITION_REQUESTS,
} from '../../../src/core/orchestrator/definitionDiscovery';
import type { Discovered } from '../../../src/core/orchestrator/dialect';
import { redirect, send, useTwoOrigins, type Handler } from './twoOrigins';

const NAMES = { namespace: 'Acme.OData', queueNamespace: 'AcmeQ', headerPrefix: 'X-ACME' };

/**
 * A definition shaped like a real one (Swagger 2.0, every operation with its parameters), `bytes` long, the three
 * names last (the worst case for a reader that stops once it has them).
 */
function definitionText(bytes: number, names = NAMES): string {
  const header = `{"name":"${names.headerPrefix}-OrganizationUnitId","in":"header","type":"integer"}`;
  const head = '{"swagger":"2.0","info":{"title":"Orchestrator","version":"v18.0"},"paths":{';
  const tail =
    `"/odata/Jobs/${names.namespace}.StartJobs":{"post":{"parameters":[${header}]}},` +
    `"/odata/Queues/${names.queueNamespace}.AddQueueItem":{"post":{"parameters":[${header}]}}}}`;
  const parts: string[] = [head];
  let size = head.length + tail.length;
  for (let i = 0; ; i++) {
    const path = `"/odata/Set${i}({key})":{"get":{"description":"${'d'.repeat(180)}","parameters":[{"name":"key","in":"path","type":"integer"},${header}]}},`;
    if (size + path.length > bytes) break;
    parts.push(path);
    size += path.length;
  }
  parts.push(' '.repeat(bytes - size), tail);
  return parts.join('');
}

const json = (text: string): Handler => send(200, text, { 'content-type': 'application/json' });
const page = (text: string): Handler => send(200, text, { 'content-type': 'text/html' });
const SMALL = definitionText(4_000);

describe('API definition discovery: where it looks, and its guards', () => {
  const { service, elsewhere } = useTwoOrigins();
  const base = () => `${service().url}/acme/main`;
  const read = (options: Parameters<typeof discoverDialect>[2] = {}) => discoverDialect(fetch, base(), options);
  const problemOf = (found: Discovered) => ('problem' in found ? found.problem : `names ${JSON.stringify(found)}`);

  it(`finds the definition its API pages name, in at most ${MAX_DEFINITION_REQUESTS} requests, in a fixed order`, async () => {
    type Case = [string, Record<string, Handler>, string[]];
    const cases: Case[] = [
      [
        'the API page names a versioned definition (relative)',
        {
          'swagger/index.html': page(`<script>ui({ url: "v18.0/swagger.json" })</script>`),
          'swagger/v18.0/swagger.json': json(SMALL),
        },
        ['swagger/index.html', 'swagger/v18.0/swagger.json'],
      ],
      [
        'the page keeps its configuration in a script of its own (index.js)',
        {
          'swagger/index.html': page('<script src="./swagger-ui-bundle.js"></script><script src="index.js"></script>'),
          'swagger/index.js': send(
            200,
            `var configObject = JSON.parse('{"urls":[{"url":"/acme/main/swagger/v20.0/swagger.json","name":"v20"}]}');`,
          ),
          'swagger/v20.0/swagger.json': json(SMALL),
        },
        ['swagger/index.html', 'swagger/index.js', 'swagger/v20.0/swagger.json'],
      ],
      [
        'an older version: its page names swagger/docs/v1 below the service root',
        {
          'swagger/ui/index': page(
            `<script>swashbuckleConfig = { rootUrl: 'x', discoveryPaths: arrayFrom('swagger/docs/v1') };</script>`,
          ),
          'swagger/docs/v1': json(SMALL),
        },
        ['swagger/index.html', 'swagger/ui/index', 'swagger/docs/v1'],
      ],
      [
        "a page that names another origin's definition is not followed",
        {
          'swagger/index.html': page(
            `<script>ui({ url: "${elsewhere().url}/acme/main/swagger/v18.0/swagger.json" })</script>`,
          ),
          'swagger/v1/swagger.json': json(SMALL),
        },
        ['swagger/index.html', 'swagger/ui/index', 'swagger/v1/swagger.json'],
      ],
      [
        'only v1',
        { 'swagger/v1/swagger.json': json(SMALL) },
        ['swagger/index.html', 'swagger/ui/index', 'swagger/v1/swagger.json'],
      ],
    ];
    for (const [name, routes, asked] of cases) {
      service().routes.clear();
      service().hits.length = 0;
      for (const [path, handler] of Object.entries(routes)) service().routes.set(`/acme/main/${path}`, handler);
      const found = await read();
      assert.ok('dialect' in found, `${name}: ${problemOf(found)}`);
      assert.deepEqual({ ...found.dialect, definitionPath: undefined }, { ...NAMES, definitionPath: undefined }, name);
      assert.deepEqual(
        service().hits,
        asked.map((path) => `GET /acme/main/${path}`),
        name,
      );
      assert.equal(found.dialect.definitionPath, `/acme/main/${asked.at(-1)}`, name);
    }
    assert.deepEqual(elsewhere().hits, []);
  });

  it('a service that serves none: one problem naming what each address answered, transient if one failed for now', async () => {
    const found = await read();
    assert.equal(
      problemOf(found),
      'no API definition was found: swagger/index.html (404), swagger/ui/index (404), swagger/v1/swagger.json (404)',
    );
    assert.ok(!('transient' in found && found.transient));
    assert.equal(service().hits.length, 3);
    service().routes.set('/acme/main/swagger/ui/index', send(503, 'busy'));
    const busy = await read();
    assert.ok('transient' in busy && busy.transient, problemOf(busy));
  });

  it('follows a redirect on the service’s origin only (definition and page), within the request count', async () => {
    const cases: [string, Record<string, Handler>, 'found' | RegExp][] = [
      [
        'definition 307 on the same origin',
        {
          'swagger/index.html': page('<script>ui({ url: "v18.0/swagger.json" })</script>'),
          'swagger/v18.0/swagger.json': redirect(307, '/acme/main/swagger/v18.0/swagger-moved.json'),
          'swagger/v18.0/swagger-moved.json': json(SMALL),
        },
        'found',
      ],
      [
        'page 302 on the same origin',
        {
          'swagger/index.html': redirect(302, 'ui/'),
          'swagger/ui/': page('<script>ui({ url: "/acme/main/d.json" })</script>'),
          'd.json': json(SMALL),
        },
        'found',
      ],
      [
        'definition 302 to another origin',
        { 'swagger/v1/swagger.json': redirect(302, `${elsewhere().url}/acme/main/swagger/v1/swagger.json`) },
        /swagger\/v1\/swagger.json \(redirected to another origin, not followed\)/,
      ],
      [
        'page 301 to another origin',
        { 'swagger/index.html': redirect(301, `${elsewhere().url}/swagger/index.html`) },
        /swagger\/index.html \(redirected to another origin, not followed\)/,
      ],
      [
        'a redirect loop on the same origin ends at the request count',
        { 'swagger/index.html': redirect(302, '/acme/main/swagger/index.html') },
        /no API definition was found/,
      ],
    ];
    for (const [name, routes, expected] of cases) {
      service().routes.clear();
      service().hits.length = 0;
      for (const [path, handler] of Object.entries(routes)) service().routes.set(`/acme/main/${path}`, handler);
      const found = await read();
      if (expected === 'found') assert.ok('dialect' in found, `${name}: ${problemOf(found)}`);
      else assert.match(problemOf(found), expected, name);
      assert.ok(service().hits.length <= MAX_DEFINITION_REQUESTS, `${name}: ${service().hits.length} requests`);
    }
    assert.deepEqual(elsewhere().hits, [], 'another origin is never asked');
  });

  it('reads a definition just under the cap and refuses one over it, declared or not', async () => {
    const cap = API_DEFINITION_MAX_BYTES;
    const under = definitionText(cap - 1);
    const over = definitionText(cap + 1);
    const route = (handler: Handler) => service().routes.set('/acme/main/swagger/v1/swagger.json', handler);
    route(json(under));
    const found = await read();
    assert.ok('dialect' in found, problemOf(found));
    route(json(over));
    assert.match(problemOf(await read()), /larger than 8 MB/);
    route((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // no length: chunked
      res.end(over);
    });
    assert.match(problemOf(await read()), /larger than 8 MB/);
  });

  it('gives up on a definition that trickles in, at the bound', async () => {
    service().routes.set('/acme/main/swagger/v1/swagger.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"paths":{');
      const drip = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(drip));
    });
    const started = performance.now();
    const found = await read({ timeoutMs: 400 });
    console.log(
      `      a trickling definition: given up after ${Math.round(performance.now() - started)} ms (bound 400 ms)`,
    );
    assert.equal(problemOf(found), 'the API definition did not arrive within 0.4 s');
    assert.ok('transient' in found && found.transient);
  });

  it('reads a cap-sized definition without holding the extension host (longest block printed)', async function () {
    this.timeout(60_000);
    const text = definitionText(API_DEFINITION_MAX_BYTES - 1);
    // Served in the network's chunk size, made beforehand: the server shares this event loop, the measure is the reader's.
    const bytes = Buffer.from(text);
    service().routes.set('/acme/main/swagger/v1/swagger.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
      let at = 0;
      const more = () => {
        while (at < bytes.length) {
          const chunk = bytes.subarray(at, (at += 64 * 1024));
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    await fetch(service().url); // fetch's own code loads on its first use: not the reader's block
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    const found = await read();
    const took = performance.now() - started;
    delay.disable();
    assert.ok('dialect' in found, problemOf(found));
    const parseStarted = performance.now();
    JSON.parse(text);
    const parse = performance.now() - parseStarted;
    console.log(
      `      ${(text.length / 1024 / 1024).toFixed(1)} MB definition, names last: read in ${Math.round(took)} ms; ` +
        `longest block of the event loop ${(delay.max / 1e6).toFixed(1)} ms (JSON.parse alone of it: ${Math.round(parse)} ms)`,
    );
  });
});
