import assert from 'node:assert/strict';
import { browserSignInUrl } from '../../../src/core/auth/pushedRequest';
import type { AuthorizeRequest } from '../../../src/core/auth/pkce';
import { redirect, send, useTwoOrigins, type Handler } from './twoOrigins';

const request: AuthorizeRequest = {
  identityUrl: 'https://id.example.test/identity',
  clientId: 'orchestrator-workbench',
  redirectUri: 'http://127.0.0.1:8080/proxy/4321/callback',
  scopes: 'openid profile',
  pkce: { verifier: 'v'.repeat(43), challenge: 'c'.repeat(43), state: 'st', nonce: 'no' },
  loginHint: 'developer',
};

/** A fake provider: its discovery document and its PAR answer; records what was sent. */
function provider(
  discovery: unknown,
  par: { status: number; body: unknown } = {
    status: 201,
    body: { request_uri: 'urn:ietf:params:oauth:request_uri:abc', expires_in: 90 },
  },
) {
  const sent: { url: string; init?: RequestInit }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    sent.push({ url, init });
    if (url.endsWith('/.well-known/openid-configuration')) {
      if (discovery instanceof Error) throw discovery;
      return new Response(typeof discovery === 'string' ? discovery : JSON.stringify(discovery), {
        status: discovery === 404 ? 404 : 200,
      });
    }
    return new Response(JSON.stringify(par.body), { status: par.status });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

describe('sign-in URL: pushed authorization requests (RFC 9126)', () => {
  it('pushes the parameters (form-encoded) and opens a URL with only client_id and request_uri', async () => {
    const { fetch, sent } = provider({
      authorization_endpoint: 'https://id.example.test/identity/authorize',
      pushed_authorization_request_endpoint: 'https://id.example.test/identity/par',
    });
    const result = await browserSignInUrl(fetch, request);
    assert.equal(result.pushed, true);
    const url = new URL(result.url);
    assert.equal(url.origin + url.pathname, 'https://id.example.test/identity/authorize');
    assert.deepEqual([...url.searchParams.keys()].sort(), ['client_id', 'request_uri']);
    assert.equal(url.searchParams.get('request_uri'), 'urn:ietf:params:oauth:request_uri:abc');
    assert.ok(!result.url.includes('//127.0.0.1'), 'the redirect URI is not in the browser URL');
    const push = sent[1]!;
    assert.equal(push.url, 'https://id.example.test/identity/par');
    assert.equal(push.init?.method, 'POST');
    assert.equal((push.init?.headers as Record<string, string>)['content-type'], 'application/x-www-form-urlencoded');
    const body = new URLSearchParams(String(push.init?.body));
    assert.equal(body.get('redirect_uri'), request.redirectUri);
    assert.equal(body.get('code_challenge_method'), 'S256');
    assert.equal(body.get('login_hint'), 'developer');
  });

  it('falls back to the spec GET (every parameter in the URL) when the provider has no PAR, no discovery, or a broken one', async () => {
    for (const discovery of [
      { authorization_endpoint: 'https://id.example.test/identity/authorize' },
      404,
      'not json',
      new TypeError('fetch failed'),
    ]) {
      const { fetch, sent } = provider(discovery);
      const result = await browserSignInUrl(fetch, request);
      assert.equal(result.pushed, false, String(discovery));
      assert.equal(new URL(result.url).searchParams.get('redirect_uri'), request.redirectUri);
      assert.equal(sent.length, 1, 'nothing is pushed');
    }
  });

  it('never pushes to, or opens, an endpoint on another origin than the configured identity URL', async () => {
    const { fetch, sent } = provider({
      authorization_endpoint: 'https://evil.example/authorize',
      pushed_authorization_request_endpoint: 'https://evil.example/par',
    });
    const result = await browserSignInUrl(fetch, request);
    assert.equal(result.pushed, false);
    assert.ok(result.url.startsWith('https://id.example.test/identity/authorize?'));
    assert.equal(sent.length, 1);
    const elsewhere = provider({
      authorization_endpoint: 'https://evil.example/authorize',
      pushed_authorization_request_endpoint: 'https://id.example.test/identity/par',
    });
    const opened = await browserSignInUrl(elsewhere.fetch, request);
    assert.ok(opened.url.startsWith('https://id.example.test/identity/authorize?'), opened.url);
  });

  it("fails with the provider's reason when it refuses the pushed request, and on an answer without request_uri", async () => {
    const discovery = { pushed_authorization_request_endpoint: 'https://id.example.test/identity/par' };
    const refused = provider(discovery, {
      status: 400,
      body: { error: 'invalid_request', error_description: 'redirect_uri is not registered' },
    });
    await assert.rejects(
      browserSignInUrl(refused.fetch, request),
      /refused the sign-in request: redirect_uri is not registered/,
    );
    const odd = provider(discovery, { status: 201, body: { expires_in: 90 } });
    await assert.rejects(browserSignInUrl(odd.fetch, request), /no request_uri/);
  });
});

describe('sign-in URL: the pushed request is not redirected and its answer is bounded (over HTTP)', () => {
  const { service, elsewhere } = useTwoOrigins();
  const signInAt = () => ({ ...request, identityUrl: `${service().url}/identity` });
  const withPar = (par: Handler) => {
    const discovery = { pushed_authorization_request_endpoint: `${service().url}/identity/par` };
    service().routes.set('/identity/.well-known/openid-configuration', send(200, JSON.stringify(discovery)));
    service().routes.set('/identity/par', par);
  };
  const pushed = (extra: number) =>
    JSON.stringify({ request_uri: 'urn:ietf:params:oauth:request_uri:abc', expires_in: 90, pad: 'p'.repeat(extra) });
  const sized = (bytes: number) => pushed(bytes - pushed(0).length);

  it('refuses a redirect on its own origin or to another, which sees nothing', async () => {
    service().routes.set('/identity/par2', send(201, pushed(0)));
    for (const location of ['/identity/par2', `${elsewhere().url}/identity/par`]) {
      withPar(redirect(307, location));
      await assert.rejects(browserSignInUrl(fetch, signInAt()), /redirected the sign-in request \(HTTP 307\)/);
    }
    assert.ok(!service().hits.includes('POST /identity/par2'));
    assert.deepEqual(elsewhere().hits, [], 'state, nonce, challenge and login hint went nowhere else');
  });

  it('reads an answer up to 64 KB, refuses a larger one, and takes an error’s reason from its start', async () => {
    withPar(send(201, sized(64 * 1024)));
    assert.equal((await browserSignInUrl(fetch, signInAt())).pushed, true, 'just at the cap');
    withPar(send(201, sized(64 * 1024 + 1)));
    await assert.rejects(browserSignInUrl(fetch, signInAt()), /answered the sign-in request with more than 64 KB/);
    withPar((_req, res) => {
      res.writeHead(201); // no length: read as a stream and stopped at the cap
      res.end(sized((300 * 1024 * 1024) / 1024));
    });
    await assert.rejects(browserSignInUrl(fetch, signInAt()), /more than 64 KB/);
    const reason = JSON.stringify({ error: 'invalid_request', error_description: 'no such client' });
    withPar(send(400, `${reason.slice(0, -1)},"pad":"${'p'.repeat(1024 * 1024)}"}`));
    await assert.rejects(browserSignInUrl(fetch, signInAt()), /refused the sign-in request: HTTP 400/);
    withPar(send(400, reason));
    await assert.rejects(browserSignInUrl(fetch, signInAt()), /refused the sign-in request: no such client/);
  });
});
