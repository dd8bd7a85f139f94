// The identity provider's pushed authorization requests (RFC 9126): advertised, answered with a request_uri that the
// browser's URL and the login page carry alone, used once, refused as an authorization request would be. The plain
// authorization-code flow is in identity.test.ts.
import assert from 'node:assert/strict';
import { admin, authorizeUrl, CLIENT_ID, pkce, REDIRECT, tokenRequest, useSandbox } from './helpers';

describe('identity provider: pushed authorization requests (RFC 9126)', () => {
  const sandbox = useSandbox();
  const push = (params: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    fetch(`${sandbox().identityUrl}/par`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: contentType.includes('json') ? JSON.stringify(params) : new URLSearchParams(params).toString(),
    });
  const pushedParams = (challenge: string, extra: Record<string, string> = {}) =>
    Object.fromEntries(new URL(authorizeUrl(sandbox(), { challenge, state: 'st-par', extra })).searchParams);

  it('is advertised in discovery', async () => {
    const discovery = (await (await fetch(`${sandbox().identityUrl}/.well-known/openid-configuration`)).json()) as any;
    assert.equal(discovery.pushed_authorization_request_endpoint, `${sandbox().identityUrl}/par`);
  });

  it('answers 201 with a request_uri; the browser URL then carries only client_id and request_uri, and the code exchanges', async () => {
    const { verifier, challenge } = pkce();
    const res = await push({ ...pushedParams(challenge), login_hint: 'developer', prompt: 'none' });
    assert.equal(res.status, 201);
    const body = (await res.json()) as any;
    assert.match(body.request_uri, /^urn:ietf:params:oauth:request_uri:/);
    assert.equal(body.expires_in, 90);
    const redirect = await fetch(
      `${sandbox().identityUrl}/authorize?${new URLSearchParams({ client_id: CLIENT_ID, request_uri: body.request_uri })}`,
      { redirect: 'manual' },
    );
    assert.equal(redirect.status, 302);
    const query = new URL(redirect.headers.get('location')!).searchParams;
    assert.equal(query.get('state'), 'st-par');
    const tokens = await tokenRequest(sandbox(), {
      grant_type: 'authorization_code',
      code: query.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CLIENT_ID,
    });
    assert.equal(tokens.status, 200);
  });

  it('shows a login page whose form carries only client_id and request_uri, and the chosen user signs in; the request_uri is then used up', async () => {
    const { challenge } = pkce();
    const { request_uri: requestUri } = (await (await push(pushedParams(challenge))).json()) as any;
    const page = await (
      await fetch(
        `${sandbox().identityUrl}/authorize?${new URLSearchParams({ client_id: CLIENT_ID, request_uri: requestUri })}`,
      )
    ).text();
    const hidden = [...page.matchAll(/type="hidden" name="([^"]+)"/g)].map((m) => m[1]).sort();
    assert.deepEqual(hidden, ['client_id', 'request_uri']);
    const form = new URLSearchParams({ client_id: CLIENT_ID, request_uri: requestUri, user: 'viewer' });
    const post = () =>
      fetch(`${sandbox().identityUrl}/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
    const first = await post();
    assert.equal(first.status, 302);
    assert.ok(new URL(first.headers.get('location')!).searchParams.get('code'));
    const again = await post();
    assert.equal(again.status, 400);
    assert.match(await again.text(), /expired or was already used/);
  });

  it('refuses what an authorization request refuses, as JSON, and expires after 90 seconds', async () => {
    const bad = await push({ ...pushedParams(pkce().challenge), redirect_uri: 'https://evil.example/cb' });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as any).error, 'invalid_request');
    const noS256 = await push({ ...pushedParams(pkce().challenge), code_challenge_method: 'plain' });
    assert.equal(((await noS256.json()) as any).error, 'invalid_request');
    const client = await push({ ...pushedParams(pkce().challenge), client_id: 'someone-else' });
    assert.equal(client.status, 401);
    const json = await push(pushedParams(pkce().challenge), 'application/json');
    assert.equal(json.status, 400);
    const { request_uri: requestUri } = (await (await push(pushedParams(pkce().challenge))).json()) as any;
    await admin(sandbox(), 'clock', { advanceSeconds: 91 });
    const late = await fetch(
      `${sandbox().identityUrl}/authorize?${new URLSearchParams({ client_id: CLIENT_ID, request_uri: requestUri })}`,
      { redirect: 'manual' },
    );
    assert.equal(late.status, 400);
    const wrongClient = (await (await push(pushedParams(pkce().challenge))).json()) as any;
    const mismatch = await fetch(
      `${sandbox().identityUrl}/authorize?${new URLSearchParams({ client_id: 'other', request_uri: wrongClient.request_uri })}`,
      { redirect: 'manual' },
    );
    assert.equal(mismatch.status, 400);
  });
});
