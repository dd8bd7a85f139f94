import assert from 'node:assert/strict';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { applicationToken, authorizeUrl, CLIENT_ID, DIALECTS, pkce, REDIRECT, useSandbox } from './helpers';

/** The provider's endpoints where real clients call them: `/connect/…` paths and the account-scoped root (README). */
for (const d of DIALECTS) {
  describe(`identity provider aliases (${d.name})`, () => {
    const sandbox = useSandbox(d.options);
    const identityPath = d.segment ? '/identity_' : '/identity';
    const roots = () => [sandbox().identityUrl, `${sandbox().url}/sandbox${identityPath}`];

    it('serves discovery under each root, naming endpoints under that root and the provider’s one issuer', async () => {
      for (const root of roots()) {
        const res = await fetch(`${root}/.well-known/openid-configuration`);
        assert.equal(res.status, 200, root);
        const doc = (await res.json()) as Record<string, string>;
        assert.equal(doc.issuer, sandbox().identityUrl);
        for (const [field, path] of Object.entries({
          authorization_endpoint: '/authorize',
          token_endpoint: '/oauth/token',
          pushed_authorization_request_endpoint: '/par',
          jwks_uri: '/jwks',
          userinfo_endpoint: '/connect/userinfo',
        }))
          assert.equal(doc[field], `${root}${path}`, field);
        for (const path of ['/jwks', '/.well-known/openid-configuration/jwks']) {
          const keys = (await (await fetch(`${root}${path}`)).json()) as JSONWebKeySet;
          assert.equal(keys.keys[0]!.kty, 'EC', `${root}${path}`);
        }
      }
    });

    it('signs in through /connect/authorize and /connect/token under each root; userinfo answers the claims', async () => {
      for (const root of roots()) {
        const { verifier, challenge } = pkce();
        const url = authorizeUrl({ ...sandbox(), identityUrl: root }, { user: 'viewer', challenge }).replace(
          `${root}/authorize?`,
          `${root}/connect/authorize?`,
        );
        const authorized = await fetch(url, { redirect: 'manual' });
        assert.equal(authorized.status, 302, root);
        const code = new URL(authorized.headers.get('location')!).searchParams.get('code')!;
        const exchanged = await fetch(`${root}/connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            code_verifier: verifier,
            redirect_uri: REDIRECT,
            client_id: CLIENT_ID,
          }),
        });
        assert.equal(exchanged.status, 200, root);
        const tokens = (await exchanged.json()) as { access_token: string; id_token: string };
        const keys = (await (await fetch(`${root}/.well-known/openid-configuration/jwks`)).json()) as JSONWebKeySet;
        const { payload } = await jwtVerify(tokens.id_token, createLocalJWKSet(keys), {
          issuer: sandbox().identityUrl,
          audience: CLIENT_ID,
        });
        assert.equal(payload.sub, 'viewer');

        const info = await fetch(`${root}/connect/userinfo`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        assert.equal(info.status, 200);
        assert.deepEqual(await info.json(), {
          sub: 'viewer',
          preferred_username: 'viewer',
          name: 'viewer',
          email: 'viewer@sandbox.test',
          tenant: 'main',
        });
        const anonymous = await fetch(`${root}/connect/userinfo`);
        assert.equal(anonymous.status, 401);
        assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer');
        const forged = await fetch(`${root}/connect/userinfo`, { headers: { authorization: 'Bearer sbx_at_forged' } });
        assert.equal(((await forged.json()) as { error: string }).error, 'invalid_token');
      }
    });

    it('shows the login page at /connect/authorize and takes its form back there', async () => {
      const root = roots()[1]!;
      const url = authorizeUrl({ ...sandbox(), identityUrl: root }).replace('/authorize?', '/connect/authorize?');
      const page = await fetch(url);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /<form method="post" action="authorize">/);
      const form = new URLSearchParams(new URL(url).searchParams);
      form.set('user', 'developer');
      const posted = await fetch(new URL('authorize', url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        redirect: 'manual',
      });
      assert.equal(posted.status, 302);
      assert.ok(new URL(posted.headers.get('location')!).searchParams.get('code'));
    });

    it('takes pushed requests at /connect/par; the application’s token gets no userinfo', async () => {
      const root = roots()[1]!;
      const params = new URL(authorizeUrl(sandbox())).searchParams;
      const pushed = await fetch(`${root}/connect/par`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: params,
      });
      assert.equal(pushed.status, 201);
      const { request_uri } = (await pushed.json()) as { request_uri: string };
      const login = await fetch(
        `${root}/connect/authorize?${new URLSearchParams({ client_id: CLIENT_ID, request_uri })}`,
      );
      assert.equal(login.status, 200);
      assert.match(await login.text(), /name="request_uri"/);

      const app = await applicationToken(sandbox(), root);
      const { access_token } = (await app.json()) as { access_token: string };
      const info = await fetch(`${root}/connect/userinfo`, { headers: { authorization: `Bearer ${access_token}` } });
      assert.equal(info.status, 403);
      assert.equal(((await info.json()) as { error: string }).error, 'insufficient_scope');
    });

    it('answers 404 for another account or an unknown endpoint, 405 for a wrong method', async () => {
      const { url } = sandbox();
      assert.equal((await fetch(`${url}/other${identityPath}/.well-known/openid-configuration`)).status, 404);
      assert.equal((await fetch(`${roots()[1]}/connect/nothing`)).status, 404);
      assert.equal((await fetch(`${roots()[1]}/connect/par`)).status, 405);
      const otherRoot = d.segment ? '/identity' : '/identity_';
      assert.equal((await fetch(`${url}/sandbox${otherRoot}/jwks`)).status, 404, 'only this dialect’s root');
    });
  });
}
