import { SPEC_DIALECT } from '../../../src/core/http/connection';
import assert from 'node:assert/strict';
import { ideaSecretKey } from '../../../src/constants';
import { ideaCredentialsSecret } from '../../../src/core/auth/boundSecrets';
import type { StoredAccount } from '../../../src/core/auth/sessions';
import { ServiceClients } from '../../../src/host/serviceClients';
import type { Connection } from '../../../src/core/connections';
import { aConnection, anAccount } from '../../support/entities';

const connection = aConnection({
  id: 'c1',
  label: 'Cloud',
  kind: 'cloud',
  serviceUrl: 'https://cloud.example.com',
  identityUrl: 'https://id.example.com',
  account: 'acme',
  tenant: 'main',
  ideasUrl: 'https://ideas.example.com/api',
});

const account = (id: string): StoredAccount =>
  anAccount({ id, serviceOrigin: 'https://cloud.example.com', identityOrigin: 'https://id.example.com' });

function world(options: { accounts?: StoredAccount[]; secrets?: Record<string, string>; locked?: boolean } = {}) {
  const accounts = options.accounts ?? [];
  const redacted: string[] = [];
  const clients = new ServiceClients({
    sessions: { accounts: () => accounts, accessToken: async () => 'access-token' },
    dialectOf: async () => SPEC_DIALECT,
    logRequest: () => undefined,
    fetch: async () => new Response('{}'),
    secrets: { get: async (key: string) => options.secrets?.[key] },
    redact: (secret) => void redacted.push(secret),
    budgetPerMinute: () => 50,
    ideasNeedSignIn: () => options.locked ?? false,
    sandboxIdeasStored: async () => undefined,
  });
  return { clients, accounts, redacted };
}

describe('ServiceClients', () => {
  it('refuses a connection nobody signed in to, naming the command that helps', () => {
    assert.throws(() => world().clients.clientFor(connection), /not signed in to 'Cloud'.*Orchestrator: Sign In/);
  });

  it('refuses a sign-in made for other origins: nothing is sent', () => {
    const moved = { ...connection, serviceUrl: 'https://elsewhere.example' } as Connection;
    assert.throws(
      () => world({ accounts: [account('a1')] }).clients.clientFor(moved),
      /now points at https:\/\/elsewhere\.example/,
    );
  });

  it('keeps one client per account and one scheduler per tenant across accounts', () => {
    const { clients, accounts } = world({ accounts: [account('a1')] });
    const first = clients.clientFor(connection);
    assert.equal(clients.clientFor(connection), first);
    const scheduler = clients.schedulerFor('c1');
    assert.ok(scheduler);
    accounts.splice(0, 1, account('a2'));
    const second = clients.clientFor(connection);
    assert.notEqual(second, first, 'a new account gets a new client');
    assert.equal(clients.schedulerFor('c1'), scheduler, 'the tenant keeps its budget');
    clients.forgetClients();
    assert.notEqual(clients.clientFor(connection), second);
  });

  it('makes an idea client from credentials bound to the idea service, and registers them with the log', async () => {
    const stored = ideaCredentialsSecret(
      { token: 'idea-token-123', appKey: 'app-key-456' },
      'https://ideas.example.com/api',
    );
    const { clients, redacted } = world({ secrets: { [ideaSecretKey('c1')]: stored } });
    const client = await clients.ideasClientFor(connection);
    assert.equal(await clients.ideasClientFor(connection), client);
    assert.deepEqual(redacted, ['idea-token-123', 'app-key-456']);
  });

  it('refuses idea credentials for another origin, missing ones, and a signed-out connection', async () => {
    const foreign = ideaCredentialsSecret({ token: 't', appKey: 'k' }, 'https://old-ideas.example.com');
    await assert.rejects(world({ secrets: { [ideaSecretKey('c1')]: foreign } }).clients.ideasClientFor(connection));
    await assert.rejects(world().clients.ideasClientFor(connection), /Set Idea Service Credentials/);
    await assert.rejects(world({ locked: true }).clients.ideasClientFor(connection), /signed out of 'Cloud'/);
  });
});
