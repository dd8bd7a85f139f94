import assert from 'node:assert/strict';
import type { webcrypto } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';
import { fetchProviderKeys, verifyIdToken, verifyIdTokenWith, type ProviderKeys } from '../../../src/core/auth/idToken';
import { TokenError } from '../../../src/core/auth/tokens';
import type { FetchLike } from '../../../src/core/http/transport';

const ISSUER = 'https://id.example.com/identity';
const CLIENT = 'orchestrator-workbench';
const NONCE = 'nonce-of-this-attempt';
const NOW = Date.UTC(2026, 0, 15, 12) / 1000;
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('id_token validation (OIDC Core 3.1.3.7)', () => {
  let keys: ProviderKeys;
  let sign: (payload: JWTPayload, options?: { key?: webcrypto.CryptoKey; alg?: string }) => Promise<string>;
  let otherKey: webcrypto.CryptoKey;

  before(async () => {
    const pair = await generateKeyPair('ES256');
    const rsa = await generateKeyPair('RS256');
    otherKey = (await generateKeyPair('ES256')).privateKey;
    const jwks: JSONWebKeySet = {
      keys: [
        { ...(await exportJWK(pair.publicKey)), kid: 'es', alg: 'ES256' },
        { ...(await exportJWK(rsa.publicKey)), kid: 'rs', alg: 'RS256' },
      ],
    };
    keys = { issuer: ISSUER, jwks };
    sign = (payload, options = {}) => {
      const alg = options.alg ?? 'ES256';
      return new SignJWT(payload)
        .setProtectedHeader({ alg, kid: alg === 'RS256' ? 'rs' : 'es' })
        .sign(options.key ?? (alg === 'RS256' ? rsa.privateKey : pair.privateKey));
    };
  });

  const good = (): JWTPayload => ({
    iss: ISSUER,
    sub: 'developer',
    aud: CLIENT,
    iat: NOW - 10,
    exp: NOW + 3600,
    nonce: NONCE,
    preferred_username: 'developer',
  });
  const without = (claim: string) => Object.fromEntries(Object.entries(good()).filter(([k]) => k !== claim));
  const check = (token: string) =>
    verifyIdTokenWith(token, keys, { nonce: NONCE, clientId: CLIENT, now: () => NOW * 1000 });

  it('accepts a well-formed token signed with a published key (ES256 and RS256), with a little clock skew', async () => {
    assert.equal((await check(await sign(good()))).preferred_username, 'developer');
    assert.equal((await check(await sign(good(), { alg: 'RS256' }))).sub, 'developer');
    assert.equal((await check(await sign({ ...good(), aud: [CLIENT, 'api'], azp: CLIENT }))).sub, 'developer');
    assert.equal(
      (await check(await sign({ ...good(), iat: NOW + 60, exp: NOW - 60 }))).sub,
      'developer',
      'a minute either way is clock skew',
    );
  });

  const refused: [string, () => Promise<string>, RegExp][] = [
    ['missing aud', () => sign(without('aud')), /aud/],
    ['foreign aud', () => sign({ ...good(), aud: 'someone-else' }), /another client \(aud\)/],
    ['several aud without azp', () => sign({ ...good(), aud: [CLIENT, 'api'] }), /azp/],
    ['several aud with a foreign azp', () => sign({ ...good(), aud: [CLIENT, 'api'], azp: 'api' }), /azp/],
    ['foreign iss', () => sign({ ...good(), iss: 'https://evil.example/identity' }), /iss/],
    ['missing iss', () => sign(without('iss')), /iss/],
    ['expired', () => sign({ ...good(), iat: NOW - 7200, exp: NOW - 3600 }), /expired \(exp\)/],
    ['missing exp', () => sign(without('exp')), /exp/],
    ['future iat', () => sign({ ...good(), iat: NOW + 3600 }), /future \(iat\)/],
    ['missing iat', () => sign(without('iat')), /iat/],
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(good())}.`, /unsigned|not accepted|signed JWT/],
    ['alg none without the trailing dot', async () => `${b64({ alg: 'none' })}.${b64(good())}`, /not a signed JWT/],
    ['HS256 (a symmetric alg)', async () => `${b64({ alg: 'HS256', kid: 'es' })}.${b64(good())}.c2ln`, /not accepted/],
    ['bad signature (key not published)', () => sign(good(), { key: otherKey }), /signature/],
    [
      'tampered claims',
      async () => {
        const [header, , signature] = (await sign(good())).split('.');
        return `${header}.${b64({ ...good(), sub: 'admin' })}.${signature}`;
      },
      /signature/,
    ],
    ['wrong nonce', () => sign({ ...good(), nonce: 'another-attempt' }), /nonce/],
    ['missing nonce', () => sign(without('nonce')), /nonce/],
    ['not a JWT', async () => 'garbage', /not a signed JWT/],
  ];
  for (const [name, make, reason] of refused) {
    it(`refuses: ${name}`, async () => {
      const token = await make();
      await assert.rejects(
        check(token),
        (error: unknown) =>
          error instanceof TokenError &&
          error.kind === 'invalidResponse' &&
          reason.test(error.message) &&
          /refused/.test(error.message),
      );
    });
  }

  it('refuses a missing id_token', async () => {
    await assert.rejects(verifyIdTokenWith(undefined, keys, { nonce: NONCE, clientId: CLIENT }), /no id_token/);
  });
});

describe('provider keys from discovery', () => {
  function provider(documents: Record<string, unknown>): { fetch: FetchLike; asked: string[] } {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(String(url));
      const body = documents[String(url)];
      return body === undefined
        ? new Response('no', { status: 404 })
        : new Response(JSON.stringify(body), { status: 200 });
    };
    return { fetch, asked };
  }

  it('reads the issuer and the JWKS named by jwks_uri', async () => {
    const { fetch, asked } = provider({
      [`${ISSUER}/.well-known/openid-configuration`]: { issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` },
      [`${ISSUER}/jwks`]: { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }] },
    });
    const found = await fetchProviderKeys(fetch, `${ISSUER}/`);
    assert.equal(found.issuer, ISSUER);
    assert.equal(found.jwks.keys.length, 1);
    assert.deepEqual(asked, [`${ISSUER}/.well-known/openid-configuration`, `${ISSUER}/jwks`]);
  });

  it('does not follow a jwks_uri on another origin, and needs issuer and jwks_uri', async () => {
    const elsewhere = provider({
      [`${ISSUER}/.well-known/openid-configuration`]: { issuer: ISSUER, jwks_uri: 'https://evil.example/jwks' },
    });
    await assert.rejects(fetchProviderKeys(elsewhere.fetch, ISSUER), /another origin/);
    assert.equal(elsewhere.asked.length, 1);
    const partial = provider({ [`${ISSUER}/.well-known/openid-configuration`]: { issuer: ISSUER } });
    await assert.rejects(fetchProviderKeys(partial.fetch, ISSUER), /jwks_uri/);
    const none = provider({});
    await assert.rejects(
      verifyIdToken(none.fetch, 'a.b.c', { nonce: NONCE, clientId: CLIENT, identityUrl: ISSUER }),
      /not available \(HTTP 404\)/,
    );
  });
});
