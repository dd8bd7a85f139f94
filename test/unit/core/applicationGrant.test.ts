import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import {
  applicationSecretKey,
  applicationSecretValue,
  applicationTokenEndpoint,
  clientCredentialsRequest,
  isWrongSecret,
  requestApplicationToken,
  usableApplicationSecret,
} from '../../../src/core/auth/applicationGrant';
import { signInMismatch } from '../../../src/core/auth/boundSecrets';
import { readDiscovery } from '../../../src/core/auth/discovery';
import { renewable } from '../../../src/core/auth/renewal';
import { SessionManager, type StoredAccount } from '../../../src/core/auth/sessions';
import type { TokenError } from '../../../src/core/auth/tokens';
import { readConnections } from '../../../src/core/connections';
import type { FetchLike } from '../../../src/core/http/transport';
import { MapSecrets } from '../../support/mapSecrets';

describe('application sign-in: the client-credentials request', () => {
  const request = {
    tokenEndpoint: 'https://id.example.test/connect/token',
    clientId: 'robot app',
    secret: 's3cr:et/+',
    scopes: ' OR.Folders.Read  OR.Jobs ',
    tenant: 'main',
  };

  it('posts a form with the grant, scopes and tenant, and the id and secret only as HTTP Basic', () => {
    const built = clientCredentialsRequest(request);
    assert.equal(built.url, request.tokenEndpoint);
    assert.equal(built.headers['content-type'], 'application/x-www-form-urlencoded');
    const form = new URLSearchParams(built.body);
    assert.deepEqual(Object.fromEntries(form), {
      grant_type: 'client_credentials',
      scope: 'OR.Folders.Read  OR.Jobs',
      tenant: 'main',
    });
    const basic = Buffer.from(built.headers.authorization!.replace(/^Basic /, ''), 'base64').toString('utf8');
    // RFC 6749 §2.3.1: each part form-encoded before Basic, so a ':' in the secret cannot split it.
    assert.deepEqual(basic.split(':').map(decodeURIComponent), ['robot app', 's3cr:et/+']);
    assert.ok(!built.body.includes('s3cr'), 'the secret is not in the body');
  });

  it('names no scope when none is configured (the provider grants what the application was granted)', () => {
    assert.equal(new URLSearchParams(clientCredentialsRequest({ ...request, scopes: '' }).body).has('scope'), false);
  });

  it("takes the discovery document's token endpoint on the identity origin only, else {auth_url}/connect/token", () => {
    const identity = 'https://id.example.test/identity';
    assert.equal(
      applicationTokenEndpoint({ token_endpoint: 'https://id.example.test/identity/oauth/token' }, identity),
      'https://id.example.test/identity/oauth/token',
    );
    assert.equal(applicationTokenEndpoint({}, `${identity}/`), `${identity}/connect/token`);
    assert.throws(
      () => applicationTokenEndpoint({ token_endpoint: 'https://evil.example/token' }, identity),
      /another origin \(https:\/\/evil\.example\): the secret is not sent there/,
    );
    assert.throws(
      () => applicationTokenEndpoint({ grant_types_supported: ['authorization_code'] }, identity),
      /does not offer sign-in as an application/,
    );
  });
});

describe('application sign-in: the secret is bound to the identity origin and the application', () => {
  const stored = applicationSecretValue('the-secret-value', {
    clientId: 'robot',
    identityUrl: 'https://id.example.test/identity',
  });

  it('is usable for the same application at the same origin (another path on it too)', () => {
    assert.deepEqual(usableApplicationSecret(stored, { clientId: 'robot', identityUrl: 'https://id.example.test/x' }), {
      secret: 'the-secret-value',
    });
  });

  it('is not handed out for another origin, another application, or when unreadable', () => {
    for (const [value, target, why] of [
      [stored, { clientId: 'robot', identityUrl: 'https://evil.example/identity' }, /entered for https:\/\/id/],
      [stored, { clientId: 'robot', identityUrl: 'http://id.example.test/identity' }, /entered for/],
      [
        stored,
        { clientId: 'other', identityUrl: 'https://id.example.test/identity' },
        /belongs to application 'robot'/,
      ],
      ['{not json', { clientId: 'robot', identityUrl: 'https://id.example.test' }, /cannot be read/],
      [undefined, { clientId: 'robot', identityUrl: 'https://id.example.test' }, /No application secret/],
    ] as const) {
      const result = usableApplicationSecret(value, target);
      assert.ok('problem' in result, JSON.stringify(target));
      assert.match(result.problem, why);
      assert.ok(!result.problem.includes('the-secret-value'));
    }
  });

  it('makes a stored application sign-in unusable once the connection signs in elsewhere or as another application', () => {
    const { connections } = readConnections([
      {
        label: 'App',
        kind: 'cloud',
        serviceUrl: 'https://svc.example.test',
        identityUrl: 'https://id.example.test/identity',
        account: 'a',
        tenant: 't',
        authentication: 'application',
        clientId: 'robot',
      },
    ]);
    const connection = connections[0]!;
    const account: StoredAccount = {
      id: 'x',
      connectionId: connection.id,
      userName: 'robot',
      label: 'robot (App)',
      scopes: '',
      kind: 'application',
      clientId: 'robot',
      serviceOrigin: 'https://svc.example.test',
      identityOrigin: 'https://id.example.test',
    };
    assert.equal(signInMismatch(account, connection), undefined);
    assert.match(
      signInMismatch(account, { ...connection, identityUrl: 'https://evil.example/identity' })!,
      /now signs in at https:\/\/evil\.example/,
    );
    assert.match(signInMismatch(account, { ...connection, clientId: 'other' })!, /no longer signs in as application/);
    assert.match(signInMismatch(account, { ...connection, authentication: 'browser' })!, /no longer signs in/);
  });

  it('reads the setting: application needs a cloud connection and its id; scopes default to none named', () => {
    const base = { label: 'A', kind: 'cloud', serviceUrl: 'https://s.test', identityUrl: 'https://i.test' };
    const cloud = { ...base, account: 'a', tenant: 't' };
    const read = readConnections([
      { ...cloud, authentication: 'application', clientId: 'robot' },
      { ...cloud, label: 'B', tenant: 'u', authentication: 'application' },
      { label: 'C', kind: 'onPremises', serviceUrl: 'https://o.test', authentication: 'application', clientId: 'r' },
      { ...cloud, label: 'D', tenant: 'v' },
    ]);
    assert.deepEqual(
      read.connections.map((c) => [c.label, c.authentication, c.clientId, c.scopes]),
      [
        ['A', 'application', 'robot', ''],
        ['D', 'browser', 'orchestrator-workbench', 'openid profile offline_access email'],
      ],
    );
    assert.match(read.problems[0]!, /'B'.*Set clientId to the application id/);
    assert.match(read.problems[1]!, /'C'.*needs a cloud connection/);
  });
});

describe('application sign-in against the sandbox identity provider', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startSandbox({ tokenTtlSeconds: 600 });
  });
  after(() => sandbox.close());

  function counted() {
    const calls: string[] = [];
    const fetcher: FetchLike = (url, init) => (
      calls.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`),
      fetch(url, init)
    );
    return { calls, fetch: fetcher };
  }

  async function tokenEndpoint() {
    return applicationTokenEndpoint(await readDiscovery(fetch, sandbox.identityUrl), sandbox.identityUrl);
  }

  const request = async (secret: string) => ({
    tokenEndpoint: await tokenEndpoint(),
    clientId: sandbox.appClientId,
    secret,
    scopes: 'OR.Folders.Read OR.Jobs',
    tenant: 'main',
  });

  function account(endpoint: string): StoredAccount {
    return {
      id: 'app',
      connectionId: 'conn',
      userName: sandbox.appClientId,
      label: `${sandbox.appClientId} (Sandbox)`,
      scopes: 'OR.Folders.Read OR.Jobs',
      kind: 'application',
      identityUrl: sandbox.identityUrl,
      clientId: sandbox.appClientId,
      tokenEndpoint: endpoint,
      tenant: 'main',
      serviceOrigin: new URL(sandbox.url).origin,
      identityOrigin: new URL(sandbox.identityUrl).origin,
    };
  }

  it('gets an access token without a refresh token; a wrong secret is invalid_client in plain words', async () => {
    const tokens = await requestApplicationToken(fetch, await request(sandbox.appClientSecret));
    assert.equal(tokens.refresh_token, undefined);
    assert.equal(tokens.scope, 'OR.Folders.Read OR.Jobs');
    const wrong = 'definitely-not-the-secret';
    await assert.rejects(requestApplicationToken(fetch, await request(wrong)), (error: TokenError) => {
      assert.ok(isWrongSecret(error));
      assert.match(error.message, /did not accept the secret of application 'sandbox-robot-app' \(invalid_client\)/);
      assert.ok(!error.message.includes(wrong));
      return true;
    });
  });

  it('renews before expiry by asking the grant again with the stored secret: scheduled like a refresh', async () => {
    const secrets = new MapSecrets();
    const endpoint = await tokenEndpoint();
    await secrets.store(
      applicationSecretKey('conn'),
      applicationSecretValue(sandbox.appClientSecret, {
        clientId: sandbox.appClientId,
        identityUrl: sandbox.identityUrl,
      }),
    );
    const scheduled: { delay: number; run: () => void }[] = [];
    const revealed = new Set<string>();
    const counter = counted();
    const sessions = new SessionManager({
      secrets,
      fetch: counter.fetch,
      now: () => 0,
      schedule: (delay, run) => (scheduled.push({ delay, run }), () => undefined),
      onSecret: (value) => revealed.add(value),
    });
    const first = await requestApplicationToken(fetch, await request(sandbox.appClientSecret));
    await sessions.add(account(endpoint), first);
    assert.ok(renewable(sessions.account('app')!));
    assert.deepEqual(
      scheduled.map((s) => s.delay),
      [600_000 - 60_000],
      '60 s (10 % of 600 s) before expiry',
    );
    assert.equal(await sessions.accessToken('app'), first.access_token, 'cached while valid');
    assert.deepEqual(counter.calls, []);
    scheduled[0]!.run();
    // The scheduled renewal runs in the background: wait for its new token (counted, never timed).
    let renewed = first.access_token;
    for (let i = 0; i < 100 && renewed === first.access_token; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      renewed = await sessions.accessToken('app');
    }
    assert.notEqual(renewed, first.access_token);
    assert.deepEqual(counter.calls, [`POST ${new URL(endpoint).pathname}`], 'one client-credentials request');
    assert.equal(scheduled.length, 2, 'the renewed token is scheduled for renewal again');
    assert.ok(revealed.has(sandbox.appClientSecret), 'the secret read for the renewal is handed to redaction');
    assert.ok(revealed.has(renewed));
    assert.ok(
      !JSON.stringify([...secrets.map.entries()].filter(([k]) => k !== applicationSecretKey('conn'))).includes(renewed),
    );
  });

  it('a secret refused at renewal ends the sign-in and is not kept; a secret bound elsewhere is not sent', async () => {
    const endpoint = await tokenEndpoint();
    for (const [stored, sent] of [
      [
        applicationSecretValue('wrong-secret-123', { clientId: sandbox.appClientId, identityUrl: sandbox.identityUrl }),
        1,
      ],
      [
        applicationSecretValue(sandbox.appClientSecret, {
          clientId: sandbox.appClientId,
          identityUrl: 'https://evil.example',
        }),
        0,
      ],
    ] as const) {
      const secrets = new MapSecrets();
      await secrets.store(applicationSecretKey('conn'), stored);
      const expired: string[] = [];
      const counter = counted();
      const sessions = new SessionManager({
        secrets,
        fetch: counter.fetch,
        schedule: () => () => undefined,
        onExpired: (a) => expired.push(a.id),
      });
      await sessions.add(
        account(endpoint),
        await requestApplicationToken(fetch, await request(sandbox.appClientSecret)),
      );
      await assert.rejects(
        sessions.accessToken('app', { forceRefresh: true }),
        (e: TokenError) => e.kind === 'invalid_grant',
      );
      assert.equal(counter.calls.length, sent);
      assert.deepEqual(expired, ['app']);
      assert.deepEqual(sessions.accounts(), []);
      if (sent) assert.equal(secrets.map.get(applicationSecretKey('conn')), undefined, 'the refused secret is deleted');
    }
  });
});
