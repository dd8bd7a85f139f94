// The identity provider's authorization-code flow with PKCE: codes, verifiers, redirects, the login page, refresh
// rotation, token lifetimes. Pushed authorization requests are in pushedRequests.test.ts.
import assert from 'node:assert/strict';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import {
  admin,
  Api,
  authorize,
  authorizeUrl,
  CLIENT_ID,
  pkce,
  REDIRECT,
  signIn,
  tokenRequest,
  useSandbox,
} from './helpers';

describe('identity provider (authorization code + PKCE)', () => {
  const sandbox = useSandbox();

  async function codeFor(user = 'developer') {
    const { verifier, challenge } = pkce();
    const query = await authorize(sandbox(), { user, challenge, state: 'st-42' });
    return { verifier, code: query.get('code')!, state: query.get('state') };
  }

  it('redirects with code and the same state, and exchanges a good verifier for the spec fields', async () => {
    const { verifier, code, state } = await codeFor();
    assert.equal(state, 'st-42');
    const res = await tokenRequest(sandbox(), {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CLIENT_ID,
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as any;
    for (const field of ['access_token', 'refresh_token', 'id_token', 'scope'])
      assert.equal(typeof body[field], 'string', field);
    assert.equal(body.expires_in, 86400);
    assert.equal(body.token_type, 'Bearer');
    const payload = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString());
    assert.equal(payload.nonce, 'nonce-1');
    assert.equal(payload.aud, CLIENT_ID);
    assert.equal(payload.sub, 'developer');
  });

  it('signs id_tokens with the ES256 key it publishes: discovery names jwks_uri and the alg, the JWKS verifies code and refresh id_tokens', async () => {
    const discovery = (await (await fetch(`${sandbox().identityUrl}/.well-known/openid-configuration`)).json()) as any;
    assert.equal(discovery.issuer, sandbox().identityUrl);
    assert.equal(discovery.jwks_uri, `${sandbox().identityUrl}/jwks`);
    assert.deepEqual(discovery.id_token_signing_alg_values_supported, ['ES256']);
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as any as JSONWebKeySet;
    assert.equal(jwks.keys.length, 1);
    assert.deepEqual(
      [jwks.keys[0]!.kty, jwks.keys[0]!.crv, jwks.keys[0]!.alg, jwks.keys[0]!.use],
      ['EC', 'P-256', 'ES256', 'sig'],
    );
    assert.equal('d' in jwks.keys[0]!, false, 'the private part is never published');
    const keys = createLocalJWKSet(jwks);
    const { verifier, code } = await codeFor();
    const first = (await (
      await tokenRequest(sandbox(), {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: CLIENT_ID,
      })
    ).json()) as any;
    const verified = await jwtVerify(first.id_token, keys, {
      issuer: discovery.issuer,
      audience: CLIENT_ID,
      algorithms: ['ES256'],
    });
    assert.equal(verified.protectedHeader.kid, jwks.keys[0]!.kid);
    assert.equal(verified.payload.nonce, 'nonce-1');
    const refreshed = (await (
      await tokenRequest(sandbox(), {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: CLIENT_ID,
      })
    ).json()) as any;
    const again = await jwtVerify(refreshed.id_token, keys, {
      issuer: discovery.issuer,
      audience: CLIENT_ID,
      algorithms: ['ES256'],
    });
    assert.equal(again.payload.sub, 'developer');
    const [header, , signature] = (first.id_token as string).split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...verified.payload, sub: 'admin' })).toString('base64url')}.${signature}`;
    await assert.rejects(jwtVerify(tampered, keys, { algorithms: ['ES256'] }), /signature verification failed/);
  });

  it('refuses a wrong verifier with invalid_grant', async () => {
    const { code } = await codeFor();
    const res = await tokenRequest(sandbox(), {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: pkce().verifier,
      client_id: CLIENT_ID,
    });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as any).error, 'invalid_grant');
  });

  it('accepts a code once only', async () => {
    const { verifier, code } = await codeFor();
    const body = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CLIENT_ID,
    };
    assert.equal((await tokenRequest(sandbox(), body)).status, 200);
    const again = await tokenRequest(sandbox(), body);
    assert.equal(again.status, 400);
    assert.equal(((await again.json()) as any).error, 'invalid_grant');
  });

  it('refuses a redirect_uri that differs from the authorization request', async () => {
    const { verifier, code } = await codeFor();
    const res = await tokenRequest(sandbox(), {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:1/other',
      code_verifier: verifier,
      client_id: CLIENT_ID,
    });
    assert.equal(((await res.json()) as any).error, 'invalid_grant');
  });

  it('expires codes after 60 seconds', async () => {
    const { verifier, code } = await codeFor();
    await admin(sandbox(), 'clock', { advanceSeconds: 61 });
    const res = await tokenRequest(sandbox(), {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CLIENT_ID,
    });
    assert.equal(((await res.json()) as any).error, 'invalid_grant');
  });

  it('shows an error page and never redirects to an unregistered redirect URI', async () => {
    for (const redirectUri of [
      'https://evil.example/callback',
      'http://10.0.0.5/callback',
      'http://127.0.0.1.evil.example/cb',
      'not a url',
    ]) {
      const res = await fetch(authorizeUrl(sandbox(), { user: 'developer', redirectUri }), { redirect: 'manual' });
      assert.equal(res.status, 400, redirectUri);
      assert.equal(res.headers.get('location'), null);
    }
    for (const redirectUri of ['http://localhost:9/cb', 'http://[::1]:9/cb']) {
      const res = await fetch(authorizeUrl(sandbox(), { user: 'developer', redirectUri }), { redirect: 'manual' });
      assert.equal(res.status, 302, redirectUri);
    }
  });

  it('refuses an unknown client without redirecting', async () => {
    const res = await fetch(authorizeUrl(sandbox(), { user: 'developer', clientId: 'someone-else' }), {
      redirect: 'manual',
    });
    assert.equal(res.status, 400);
    assert.match(await res.text(), /Unknown client_id/);
  });

  it('redirects invalid_request when state, nonce or the S256 challenge is missing', async () => {
    const cases: Record<string, string>[] = [
      { state: '' },
      { nonce: '' },
      { code_challenge_method: 'plain' },
      { code_challenge: 'short' },
    ];
    for (const extra of cases) {
      const query = await authorize(sandbox(), { user: 'developer', extra });
      assert.equal(query.get('error'), 'invalid_request', JSON.stringify(extra));
      assert.equal(query.get('code'), null);
    }
  });

  it('serves a login page listing the users, and its form completes the flow', async () => {
    const page = await fetch(authorizeUrl(sandbox(), { state: 'page-state' }));
    const html = await page.text();
    for (const user of ['admin', 'developer', 'viewer', 'outsider']) assert.match(html, new RegExp(`value="${user}"`));
    const form = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [
        m[1]!,
        m[2]!.replace(/&#(\d+);/g, (_s, c) => String.fromCharCode(Number(c))),
      ]),
    );
    form.set('user', 'viewer');
    const res = await fetch(`${sandbox().identityUrl}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get('location')!);
    assert.equal(location.searchParams.get('state'), 'page-state');
    assert.ok(location.searchParams.get('code'));
  });

  it('rotates refresh tokens: the new one works, the old one stops working', async () => {
    const first = await signIn(sandbox());
    const refresh = (token: string) =>
      tokenRequest(sandbox(), { grant_type: 'refresh_token', refresh_token: token, client_id: CLIENT_ID });
    const res = await refresh(first.refresh_token);
    assert.equal(res.status, 200);
    const second = (await res.json()) as any;
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.notEqual(second.access_token, first.access_token);
    const reused = await refresh(first.refresh_token);
    assert.equal(reused.status, 400);
    assert.equal(((await reused.json()) as any).error, 'invalid_grant');
    assert.equal((await refresh(second.refresh_token)).status, 200);
  });

  it('answers RFC 6749 errors for an unknown grant type and a missing field', async () => {
    const unknown = await tokenRequest(sandbox(), { grant_type: 'password', client_id: CLIENT_ID });
    assert.equal(unknown.status, 400);
    assert.equal(((await unknown.json()) as any).error, 'unsupported_grant_type');
    const missing = await tokenRequest(sandbox(), { grant_type: 'authorization_code', client_id: CLIENT_ID });
    assert.equal(((await missing.json()) as any).error, 'invalid_request');
  });

  it('binds tokens to user and tenant, and expires them after their lifetime', async () => {
    const tokens = await signIn(sandbox(), 'developer', 'staging');
    const onMain = new Api(`${sandbox().url}/sandbox/main`, tokens.access_token);
    const onStaging = new Api(`${sandbox().url}/sandbox/staging`, tokens.access_token);
    assert.equal((await onMain.get('/odata/Folders')).status, 401);
    assert.equal((await onStaging.get('/odata/Folders')).status, 200);
    await admin(sandbox(), 'clock', { advanceSeconds: 86_401 });
    const expired = await onStaging.get('/odata/Folders');
    assert.equal(expired.status, 401);
    assert.match(expired.body.message, /expired/);
  });
});
