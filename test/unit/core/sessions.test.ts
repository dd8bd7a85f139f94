// Sessions against the sandbox's identity provider: refreshes coalesced and rotated, sign-outs from invalid_grant,
// changes reported, every token handed to the redaction. The PKCE request and its callback are in pkce.test.ts.
import assert from 'node:assert/strict';
import { authorizeUrl, createPkce, parseCallback } from '../../../src/core/auth/pkce';
import { exchangeCode, type TokenError } from '../../../src/core/auth/tokens';
import { verifyIdToken } from '../../../src/core/auth/idToken';
import { accountKey, SessionManager, type StoredAccount } from '../../../src/core/auth/sessions';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import type { FetchLike } from '../../../src/core/http/transport';
import { MapSecrets } from '../../support/mapSecrets';

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
