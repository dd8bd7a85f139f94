import assert from 'node:assert/strict';
import { readConnections, type ConnectionSetting } from '../../../src/core/connections';
import { sandboxIdeaCredentials } from '../../../src/core/ideas/sandboxCredentials';

const SANDBOX = 'http://127.0.0.1:4711';
const ideas = JSON.stringify({ token: 'sbx_ideas_0123456789', appKey: 'sbx_app_0123456789' });
const cloud = (label: string, serviceUrl: string, extra: Partial<ConnectionSetting> = {}): ConnectionSetting => ({
  label,
  kind: 'cloud',
  serviceUrl,
  identityUrl: `${serviceUrl}/identity`,
  account: 'sandbox',
  tenant: label.toLowerCase(),
  ...extra,
});
const { connections } = readConnections([
  cloud('Main', SANDBOX),
  cloud('Slash', `${SANDBOX}/`),
  cloud('Staging', 'http://localhost:4711'),
  cloud('OtherPort', 'http://127.0.0.1:4712'),
  cloud('Path', `${SANDBOX}/sandbox`),
  cloud('IdeasElsewhere', SANDBOX, { account: 'elsewhere', ideasUrl: 'https://ideas.example.com/api' }),
  { label: 'OnPrem', kind: 'onPremises', serviceUrl: 'http://127.0.0.1:4711/x' },
]);
const labels = (ids: string[]) => ids.map((id) => connections.find((c) => c.id === id)!.label);

describe("the sandbox's idea credentials from the editor's environment", () => {
  it("go only to connections whose service URL is the sandbox's origin and whose idea service is there too", () => {
    const found = sandboxIdeaCredentials({ url: SANDBOX, ideas }, connections);
    assert.equal(found.kind, 'found');
    if (found.kind !== 'found') return;
    assert.deepEqual(found.credentials, JSON.parse(ideas));
    // Not another host name, port or path, nor an idea service at another origin.
    assert.deepEqual(labels(found.connectionIds), ['Main', 'Slash']);
  });

  it('do nothing without the variable', () => {
    assert.deepEqual(sandboxIdeaCredentials({ url: SANDBOX }, connections), { kind: 'none' });
  });

  it('are refused for a sandbox address that is not on this machine, and for malformed values, without repeating them', () => {
    for (const url of [undefined, 'https://orchestrator.example.com', 'not a url', 'file:///tmp/x']) {
      const found = sandboxIdeaCredentials({ url, ideas }, connections);
      assert.equal(found.kind, 'unusable', String(url));
    }
    for (const bad of [
      '{"token": "sbx_secret_value"',
      '{"token": "sbx_secret_value"}',
      '{"token": "short", "appKey": "sbx_secret_value"}',
      '"sbx_secret_value"',
      '{"token": "sbx secret value", "appKey": "sbx_secret_value"}',
    ]) {
      const found = sandboxIdeaCredentials({ url: SANDBOX, ideas: bad }, connections);
      assert.equal(found.kind, 'unusable', bad);
      assert.ok(
        found.kind === 'unusable' && !found.problem.includes('sbx_secret'),
        'the problem never quotes the secret',
      );
    }
  });

  it('keep only the token and the app key', () => {
    const found = sandboxIdeaCredentials(
      { url: SANDBOX, ideas: JSON.stringify({ ...JSON.parse(ideas), extra: 'x' }) },
      connections,
    );
    assert.ok(found.kind === 'found');
    assert.deepEqual(Object.keys(found.credentials).sort(), ['appKey', 'token']);
  });
});
