import assert from 'node:assert/strict';
import {
  ideaCredentialsSecret,
  originOf,
  signInMismatch,
  signInOrigins,
  usableIdeaCredentials,
} from '../../../src/core/auth/boundSecrets';
import { readConnections, type Connection, type ConnectionSetting } from '../../../src/core/connections';
import type { StoredAccount } from '../../../src/core/auth/sessions';

const base: ConnectionSetting = {
  label: 'Cloud',
  kind: 'cloud',
  serviceUrl: 'https://cloud.example.com',
  identityUrl: 'https://cloud.example.com/identity',
  account: 'acme',
  tenant: 'main',
};
const connection = (changes: Partial<ConnectionSetting> = {}): Connection =>
  readConnections([{ ...base, ...changes }]).connections[0]!;
const signedIn = (at: Connection, kind: StoredAccount['kind'] = 'oauth'): StoredAccount => ({
  id: `${at.id}|dev`,
  connectionId: at.id,
  userName: 'dev',
  label: 'dev',
  scopes: 'openid',
  kind,
  identityUrl: at.identityUrl,
  clientId: at.clientId,
  ...signInOrigins(at),
});

describe('secrets bound to the origins they were issued for', () => {
  it('records the service and identity origins at sign-in', () => {
    assert.deepEqual(signInOrigins(connection()), {
      serviceOrigin: 'https://cloud.example.com',
      identityOrigin: 'https://cloud.example.com',
    });
    assert.equal(originOf('http://127.0.0.1:4711/a/b'), 'http://127.0.0.1:4711');
    assert.equal(originOf('not a url'), undefined);
  });

  it('uses a sign-in only while the connection points at the same origins (a path change on the same host is fine)', () => {
    const account = signedIn(connection());
    assert.equal(signInMismatch(account, connection()), undefined);
    assert.equal(
      signInMismatch(account, connection({ identityUrl: 'https://cloud.example.com/other-path' })),
      undefined,
    );
    assert.match(
      signInMismatch(account, connection({ identityUrl: 'https://evil.example/identity' }))!,
      /now signs in at https:\/\/evil\.example, but you signed in at https:\/\/cloud\.example\.com\. Nothing was sent\. Sign in to 'Cloud' again\./,
    );
    // The connection id does not include the identity URL, so only the recorded origin tells these apart.
    assert.equal(connection({ identityUrl: 'https://evil.example/identity' }).id, connection().id);
    assert.match(
      signInMismatch(account, { ...connection(), serviceUrl: 'https://evil.example' })!,
      /now points at https:\/\/evil\.example, but you signed in at https:\/\/cloud\.example\.com/,
    );
    assert.match(
      signInMismatch(account, { ...connection(), serviceUrl: 'https://cloud.example.com:8443' })!,
      /now points at/,
      'another port is another origin',
    );
    assert.match(
      signInMismatch(account, { ...connection(), serviceUrl: 'http://cloud.example.com' })!,
      /now points at/,
      'another scheme is another origin',
    );
  });

  it('does not use a sign-in that recorded no origins, and checks only the service for an access-token sign-in', () => {
    const { serviceOrigin: _s, identityOrigin: _i, ...legacy } = signedIn(connection());
    assert.match(signInMismatch(legacy, connection())!, /does not record where it was made.*Sign in to 'Cloud' again/);
    const onPremises = readConnections([
      { label: 'On-prem', kind: 'onPremises', serviceUrl: 'https://orchestrator.corp.example' },
    ]).connections[0]!;
    assert.equal(signInMismatch(signedIn(onPremises, 'accessToken'), onPremises), undefined);
  });

  it('sends idea credentials only to the idea-service origin they were entered for', () => {
    const stored = ideaCredentialsSecret(
      { token: 'idea-token-1', appKey: 'app-key-1' },
      'https://cloud.example.com/acme/main/ideas_/api/v1/openapi',
    );
    assert.deepEqual(JSON.parse(stored), {
      token: 'idea-token-1',
      appKey: 'app-key-1',
      origin: 'https://cloud.example.com',
    });
    assert.deepEqual(usableIdeaCredentials(stored, connection()), {
      credentials: { token: 'idea-token-1', appKey: 'app-key-1' },
    });
    assert.deepEqual(usableIdeaCredentials(stored, connection({ ideasUrl: 'https://cloud.example.com/elsewhere' })), {
      credentials: { token: 'idea-token-1', appKey: 'app-key-1' },
    });
    const moved = usableIdeaCredentials(stored, connection({ ideasUrl: 'https://evil.example/openapi' }));
    assert.match(
      (moved as { problem: string }).problem,
      /were entered for https:\/\/cloud\.example\.com, but its idea service is now https:\/\/evil\.example\. Nothing was sent\. Run "Orchestrator: Set Idea Service Credentials" for 'Cloud' again\./,
    );
    assert.match(
      (
        usableIdeaCredentials(JSON.stringify({ token: 'idea-token-1', appKey: 'app-key-1' }), connection()) as {
          problem: string;
        }
      ).problem,
      /do not record which service/,
    );
    const unreadable = usableIdeaCredentials('{"token": "idea-token-1"', connection()) as { problem: string };
    assert.match(unreadable.problem, /cannot be read/);
    assert.doesNotMatch(unreadable.problem, /idea-token-1/, 'the problem never repeats the secret');
  });
});
