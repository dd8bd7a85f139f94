import assert from 'node:assert/strict';
import { browserSignInUrl } from '../../../src/core/auth/pushedRequest';
import type { AuthorizeRequest } from '../../../src/core/auth/pkce';

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
