import assert from 'node:assert/strict';
import { authorizeUrl, challengeFor, createPkce, parseCallback } from '../../../src/core/auth/pkce';
import { exchangeCode, refreshDelayMs, type TokenError } from '../../../src/core/auth/tokens';
import { verifyIdToken } from '../../../src/core/auth/idToken';
import { accountKey, SessionManager, type StoredAccount } from '../../../src/core/auth/sessions';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import type { FetchLike } from '../../../src/core/http/transport';
import { MapSecrets } from '../../support/mapSecrets';

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

describe('sessions against the sandbox identity provider', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startSandbox({ tokenTtlSeconds: 600 });
  });
  after(() => sandbox.close());

  /** Runs the real authorization-code flow (prompt=none) and returns the token response. */
  async function signIn(user = 'developer') {
    const pkce = await createPkce();
    const redirectUri = 'http://127.0.0.1:9/callback';
    const url = authorizeUrl({
      identityUrl: sandbox.identityUrl,
      clientId: 'orchestrator-workbench',
      redirectUri,
      scopes: 'openid offline_access',
      pkce,
      loginHint: user,
      prompt: 'none',
    });
    const res = await fetch(url, { redirect: 'manual' });
    const result = parseCallback(res.headers.get('location')!, pkce.state);
    assert.ok('code' in result);
    const tokens = await exchangeCode(fetch, sandbox.identityUrl, {
      code: result.code,
      verifier: pkce.verifier,
      redirectUri,
      clientId: 'orchestrator-workbench',
    });
    await verifyIdToken(fetch, tokens.id_token, {
      nonce: pkce.nonce,
      clientId: 'orchestrator-workbench',
      identityUrl: sandbox.identityUrl,
    });
    return tokens;
  }

  const account = (id = 'sandbox/developer'): StoredAccount => ({
    id,
    connectionId: 'sandbox',
    userName: 'developer',
    label: 'developer',
    scopes: 'openid',
    kind: 'oauth',
    identityUrl: sandbox.identityUrl,
    clientId: 'orchestrator-workbench',
  });

  function counted(base: FetchLike = (url, init) => fetch(url, init)) {
    const calls: string[] = [];
    return { calls, fetch: ((url, init) => (calls.push(String(init.body ?? '')), base(url, init))) as FetchLike };
  }

  it('coalesces concurrent refreshes into one token request and saves the rotated refresh token at once', async () => {
    const secrets = new MapSecrets();
    const counter = counted();
    const sessions = new SessionManager({ secrets, fetch: counter.fetch, schedule: () => () => undefined });
    const tokens = await signIn();
    await sessions.add(account(), tokens);
    const first = JSON.parse(secrets.map.get(accountKey('sandbox/developer'))!).refreshToken;
    assert.equal(first, tokens.refresh_token);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => sessions.accessToken('sandbox/developer', { forceRefresh: true })),
    );
    assert.equal(counter.calls.length, 1);
    assert.equal(new Set(results).size, 1);
    const rotated = JSON.parse(secrets.map.get(accountKey('sandbox/developer'))!).refreshToken;
    assert.notEqual(rotated, first);
    assert.equal(await sessions.accessToken('sandbox/developer'), results[0], 'cached while valid');
    assert.equal(counter.calls.length, 1);
  });

  it('uses the refresh token another window rotated (re-reads the secret before refreshing)', async () => {
    const secrets = new MapSecrets();
    const windowA = new SessionManager({ secrets, fetch, schedule: () => () => undefined });
    const windowB = new SessionManager({ secrets, fetch, schedule: () => () => undefined });
    await windowA.add(account(), await signIn());
    await windowB.load();
    await windowA.accessToken('sandbox/developer', { forceRefresh: true }); // rotates; the old token is dead now
    const token = await windowB.accessToken('sandbox/developer', { forceRefresh: true });
    assert.ok(token.startsWith('sbx_at_'));
  });

  it('removes the account on invalid_grant and says so once; keeps it on a network failure', async () => {
    const secrets = new MapSecrets();
    const expired: string[] = [];
    let offline = false;
    const sessions = new SessionManager({
      secrets,
      fetch: (url, init) => (offline ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init)),
      schedule: () => () => undefined,
      onExpired: (a) => expired.push(a.id),
    });
    await sessions.add(account(), await signIn());
    offline = true;
    await assert.rejects(
      sessions.accessToken('sandbox/developer', { forceRefresh: true }),
      (e: TokenError) => e.kind === 'network',
    );
    assert.equal(sessions.accounts().length, 1, 'a network failure is not a sign-out');
    offline = false;
    const stored = JSON.parse(secrets.map.get(accountKey('sandbox/developer'))!);
    await secrets.store(accountKey('sandbox/developer'), JSON.stringify({ ...stored, refreshToken: 'sbx_rt_revoked' }));
    await assert.rejects(
      sessions.accessToken('sandbox/developer', { forceRefresh: true }),
      (e: TokenError) => e.kind === 'invalid_grant',
    );
    assert.deepEqual(expired, ['sandbox/developer']);
    assert.equal(sessions.accounts().length, 0);
    assert.equal(secrets.map.get(accountKey('sandbox/developer')), undefined);
    assert.deepEqual(JSON.parse(secrets.map.get('orchestrator.sessions')!), []);
  });

  it('reports a token endpoint failure (HTTP 500) as a server error, never as a sign-out, and never with the token', async () => {
    const secrets = new MapSecrets();
    const sessions = new SessionManager({ secrets, fetch, schedule: () => () => undefined });
    const tokens = await signIn();
    await sessions.add(account(), tokens);
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ path: '/identity/oauth/token', status: 500, times: 1 }] }),
    });
    await assert.rejects(
      sessions.accessToken('sandbox/developer', { forceRefresh: true }),
      (e: TokenError) =>
        e.kind === 'server' && !e.message.includes(tokens.refresh_token!) && !e.message.includes(tokens.access_token),
    );
    assert.equal(sessions.accounts().length, 1);
  });

  it('fires added, changed and removed, and reloads what another window stored', async () => {
    const secrets = new MapSecrets();
    const sessions = new SessionManager({ secrets, fetch, schedule: () => () => undefined });
    const events: string[] = [];
    sessions.onDidChange((c) => events.push(`+${c.added.length} ~${c.changed.length} -${c.removed.length}`));
    await sessions.add(account(), await signIn());
    await sessions.add(account(), await signIn());
    const other = new SessionManager({ secrets, fetch, schedule: () => () => undefined });
    await other.load();
    await other.remove('sandbox/developer');
    await sessions.load();
    assert.deepEqual(events, ['+1 ~0 -0', '+0 ~1 -0', '+0 ~0 -1']);
  });

  it('keeps an account that a reload (set off by its own secret write) raced with', async () => {
    const secrets = new MapSecrets();
    const sessions = new SessionManager({ secrets, fetch, schedule: () => () => undefined });
    const tokens = await signIn();
    // The editor reports our own writes as changes; the extension then reloads while add is still writing the index.
    const store = secrets.store.bind(secrets);
    const get = secrets.get.bind(secrets);
    const reloads: Promise<unknown>[] = [];
    let slowRead = false;
    secrets.store = async (key, value) => {
      await store(key, value);
      slowRead = true;
      reloads.push(sessions.load());
    };
    // Secret storage is a round trip to the editor: the reload's read answers what was there when it asked, later.
    secrets.get = async (key) => {
      const value = await get(key);
      if (slowRead) {
        slowRead = false;
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return value;
    };
    await sessions.add(account(), tokens);
    await Promise.all(reloads);
    assert.deepEqual(
      sessions.accounts().map((a) => a.id),
      ['sandbox/developer'],
    );
    assert.equal(
      await sessions.accessToken('sandbox/developer'),
      tokens.access_token,
      'the live token is kept, not dropped and refreshed',
    );
  });

  it('tells its owner every token it obtains or reads, so the log can redact them', async () => {
    const secrets = new MapSecrets();
    const seen = new Set<string>();
    const sessions = new SessionManager({
      secrets,
      fetch,
      schedule: () => () => undefined,
      onSecret: (v) => seen.add(v),
    });
    const tokens = await signIn();
    await sessions.add(account(), tokens);
    assert.ok(seen.has(tokens.access_token) && seen.has(tokens.refresh_token!));
    const renewed = await sessions.accessToken('sandbox/developer', { forceRefresh: true });
    assert.ok(seen.has(renewed));
    const rotated = JSON.parse(secrets.map.get(accountKey('sandbox/developer'))!).refreshToken;
    assert.ok(seen.has(rotated));
    const reader = new Set<string>();
    await new SessionManager({
      secrets,
      fetch,
      schedule: () => () => undefined,
      onSecret: (v) => reader.add(v),
    }).load();
    assert.ok(reader.has(rotated), 'a token read from the store (another window) is reported too');
  });

  it('schedules a proactive refresh from expires_in', async () => {
    const delays: number[] = [];
    const sessions = new SessionManager({
      secrets: new MapSecrets(),
      fetch,
      now: () => 0,
      schedule: (delay) => (delays.push(delay), () => undefined),
    });
    await sessions.add(account(), await signIn());
    assert.deepEqual(delays, [600_000 - 60_000]);
  });
});
