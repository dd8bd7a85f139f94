import assert from 'node:assert/strict';
import type { Ctx } from '../../../src/ctx';
import { SUITE_LINE_PREFIX } from '../../harness/suiteLine';
import { extensionContext } from '../../support/extensionContext';
import { treeWalk } from '../suite/treeWalk';

/** Set by the runner (test/integration/network.ts): the proxy, and where the HTTPS sandbox counts what it served. */
const network = JSON.parse(process.env.ORCHESTRATOR_NETWORK_TEST!) as { proxy: string; requests: string };
/** Both are on 127.0.0.1, which the editor never sends through a proxy. */
const proxyLog = async () => (await (await fetch(`${network.proxy}/__proxy/log`)).json()) as string[];
const served = async () =>
  ((await (await fetch(network.requests)).json()) as { counts: Record<string, number> }).counts;

describe('a corporate network: requests through a proxy, a certificate from a private authority', () => {
  let ctx: Ctx;
  const connection = (label: string) => ctx.connections.all().find((c) => c.label === label)!;
  const { children, child } = treeWalk(() => ctx.explorer);

  before(async () => {
    ctx = await extensionContext();
    await ctx.ready;
  });

  it("signs in and walks a day's journey, every request through the proxy, trusting the company's authority", async function () {
    this.timeout(60_000);
    await fetch(network.requests, { method: 'DELETE' });
    const logged = (await proxyLog()).length;
    await ctx.auth.createSession([`connection:${connection('Private CA').id}`]);
    const shared = await child(await child(undefined, 'Private CA'), 'Shared');
    const jobs = await children(await child(shared, 'Jobs'));
    const invoices = await child(await child(shared, 'Finance'), 'Invoices');
    const queue = await child(await child(invoices, 'Queues'), 'InvoicesToProcess');
    const statuses = await children(queue);
    const items = await children(await child(queue, 'New'));
    assert.ok(jobs.length > 0 && statuses.length > 0 && items.length > 0, 'jobs, a queue and its items listed');

    const counts = await served();
    const routes = Object.keys(counts);
    for (const route of [
      'GET /identity/.well-known/openid-configuration',
      'POST /identity/par',
      'GET /identity/authorize',
      'POST /identity/oauth/token',
      'GET /identity/jwks',
      'GET /sandbox/main/api/FoldersNavigation/',
      'GET /sandbox/main/odata/Jobs',
      'GET /sandbox/main/odata/QueueDefinitions',
      'GET /sandbox/main/odata/QueueItems',
    ])
      assert.ok(
        routes.some((r) => r.startsWith(route)),
        `${route} served: ${routes.join(', ')}`,
      );
    // secure.test resolves nowhere but in the proxy (and the browser, for its sign-in page): each request the editor
    // sent came through one of its tunnels, and nothing else went through it.
    const passed = (await proxyLog()).slice(logged);
    assert.ok(passed.length > 0, 'the proxy carried the journey');
    assert.deepEqual([...new Set(passed)], [passed[0]]);
    assert.match(passed[0]!, /^CONNECT secure\.test:\d+$/);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const browser = counts['GET /identity/authorize'] ?? 0;
    console.log(
      `${SUITE_LINE_PREFIX}      the editor's ${total - browser} requests (the browser's sign-in page aside) went over HTTPS through ${passed.length} proxy tunnels (CONNECT)`,
    );
  });

  it('an authority nobody trusts: the sign-in stops at once, naming the certificate problem and what to do', async function () {
    this.timeout(30_000);
    const logged = (await proxyLog()).length;
    const unknown = connection('Unknown CA');
    await assert.rejects(
      ctx.auth.createSession([`connection:${unknown.id}`]),
      /Can't read the identity provider's discovery document: the server's certificate was issued by an authority this editor does not trust \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN)\).*Add that authority to the system's trusted certificates/,
    );
    assert.equal(ctx.accountFor(unknown.id), undefined, 'no half state');
    assert.deepEqual(
      (await proxyLog()).slice(logged).map((entry) => entry.replace(/\d+$/, 'port')),
      ['CONNECT untrusted.test:port'],
      'it went through the proxy and stopped at the certificate',
    );
  });
});
