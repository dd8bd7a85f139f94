// The browser sign-in's first half, offline: the PKCE pair, the authorize URL, the callback, and when a token is
// renewed. Sessions against the sandbox's identity provider are in sessions.test.ts.
import assert from 'node:assert/strict';
import { authorizeUrl, challengeFor, createPkce, parseCallback } from '../../../src/core/auth/pkce';
import { refreshDelayMs } from '../../../src/core/auth/tokens';

describe('PKCE and the authorization request', () => {
  it('makes a 43-character base64url verifier of 32 random bytes and its SHA-256 challenge', async () => {
    const pairs = await Promise.all(Array.from({ length: 20 }, () => createPkce()));
    for (const pair of pairs) {
      assert.match(pair.verifier, /^[A-Za-z0-9_-]{43}$/);
      assert.match(pair.challenge, /^[A-Za-z0-9_-]{43}$/);
      assert.match(pair.state, /^[A-Za-z0-9_-]{22}$/);
      assert.notEqual(pair.state, pair.nonce);
    }
    assert.equal(new Set(pairs.map((p) => p.verifier)).size, 20);
    // RFC 7636 appendix B test vector
    assert.equal(
      await challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('puts every spec parameter in the authorize URL', async () => {
    const pkce = await createPkce();
    const url = new URL(
      authorizeUrl({
        identityUrl: 'https://id.example.test/identity/',
        clientId: 'c',
        redirectUri: 'http://127.0.0.1:1/callback',
        scopes: 'openid profile offline_access email',
        audience: 'https://api',
        pkce,
        loginHint: 'dev',
        extra: { tenant: 't' },
      }),
    );
    assert.equal(url.pathname, '/identity/authorize');
    const p = url.searchParams;
    assert.deepEqual(
      [
        p.get('response_type'),
        p.get('code_challenge_method'),
        p.get('code_challenge'),
        p.get('state'),
        p.get('nonce'),
        p.get('scope'),
        p.get('audience'),
        p.get('client_id'),
        p.get('redirect_uri'),
        p.get('login_hint'),
        p.get('tenant'),
        p.get('prompt'),
      ],
      [
        'code',
        'S256',
        pkce.challenge,
        pkce.state,
        pkce.nonce,
        'openid profile offline_access email',
        'https://api',
        'c',
        'http://127.0.0.1:1/callback',
        'dev',
        't',
        null,
      ],
    );
  });

  it('accepts a callback only with our state, and reports provider errors', () => {
    assert.deepEqual(parseCallback('http://127.0.0.1:5/callback?code=abc&state=s1', 's1'), { code: 'abc' });
    assert.equal(
      (parseCallback('http://127.0.0.1:5/callback?code=abc&state=other', 's1') as { error: string }).error,
      'state_mismatch',
    );
    assert.equal(
      (parseCallback('http://127.0.0.1:5/callback?code=abc', 's1') as { error: string }).error,
      'state_mismatch',
    );
    assert.deepEqual(parseCallback('http://x/cb?error=access_denied&error_description=No&state=s1', 's1'), {
      error: 'access_denied',
      description: 'No',
    });
    assert.equal((parseCallback('not a url', 's1') as { error: string }).error, 'invalid_callback');
    assert.equal((parseCallback('http://x/cb?state=s1', 's1') as { error: string }).error, 'invalid_callback');
  });

  it('schedules the refresh 10 % of the lifetime (at least 60 s) before expiry, never in the past', () => {
    assert.equal(refreshDelayMs(86_400, 0, 0), 86_400_000 - 8_640_000);
    assert.equal(refreshDelayMs(300, 0, 0), 240_000);
    assert.equal(refreshDelayMs(300, 0, 250_000), 0);
    assert.equal(refreshDelayMs(30, 1000, 1000), 0);
  });
});
