import assert from 'node:assert/strict';
import { ideaSecretKey } from '../../../src/constants';
import { readConnections } from '../../../src/core/connections';
import { storeSandboxIdeaCredentials } from '../../../src/host/sandboxIdeaCredentials';
import { aSecretStorage } from '../../support/editorFakes';

const SANDBOX = 'http://127.0.0.1:4711';
const pair = { token: 'sbx_ideas_0123456789', appKey: 'sbx_app_0123456789' };
const env = { ORCHESTRATOR_SANDBOX_URL: SANDBOX, ORCHESTRATOR_SANDBOX_IDEAS: JSON.stringify(pair) };

function world() {
  const secrets = new Map<string, string>();
  const logged: string[] = [];
  const redacted: string[] = [];
  const { connections } = readConnections([
    {
      label: 'Sandbox',
      kind: 'cloud',
      serviceUrl: SANDBOX,
      identityUrl: `${SANDBOX}/identity`,
      account: 'sandbox',
      tenant: 'main',
    },
    {
      label: 'Real',
      kind: 'cloud',
      serviceUrl: 'https://cloud.example.com',
      identityUrl: 'https://cloud.example.com/identity',
      account: 'acme',
      tenant: 'prod',
    },
  ]);
  const ctx: Parameters<typeof storeSandboxIdeaCredentials>[0] = {
    connections: { all: () => connections },
    extension: { secrets: aSecretStorage(secrets).secrets },
    log: {
      info: (text: string) => logged.push(text),
      warn: (text: string) => logged.push(text),
      redact: (value: string) => redacted.push(value),
    },
  };
  return { ctx, secrets, logged, redacted, sandbox: connections[0]!, real: connections[1]! };
}

describe("storing the sandbox's idea credentials at activation", () => {
  it("stores them for the sandbox's connection only, redacts them, and never writes them to the log", async () => {
    const w = world();
    assert.deepEqual(await storeSandboxIdeaCredentials(w.ctx, env), [w.sandbox.id]);
    assert.deepEqual(
      JSON.parse(w.secrets.get(ideaSecretKey(w.sandbox.id))!),
      { ...pair, origin: SANDBOX },
      "bound to the sandbox's origin",
    );
    assert.equal(w.secrets.get(ideaSecretKey(w.real.id)), undefined);
    assert.deepEqual(w.redacted.sort(), [pair.appKey, pair.token].sort());
    assert.ok(!w.logged.join('\n').includes('sbx_'), w.logged.join('\n'));
  });

  it('keeps a pair already stored, and does nothing without the variables', async () => {
    const w = world();
    w.secrets.set(ideaSecretKey(w.sandbox.id), 'entered by hand');
    assert.deepEqual(await storeSandboxIdeaCredentials(w.ctx, env), []);
    assert.equal(w.secrets.get(ideaSecretKey(w.sandbox.id)), 'entered by hand');
    const bare = world();
    assert.deepEqual(await storeSandboxIdeaCredentials(bare.ctx, {}), []);
    assert.equal(bare.secrets.size, 0);
  });

  it('logs why unusable values are ignored, without quoting them', async () => {
    const w = world();
    assert.deepEqual(
      await storeSandboxIdeaCredentials(w.ctx, { ...env, ORCHESTRATOR_SANDBOX_IDEAS: '{"token": "sbx_secret_value"' }),
      [],
    );
    assert.match(w.logged.join('\n'), /ORCHESTRATOR_SANDBOX_IDEAS is not JSON/);
    assert.ok(!w.logged.join('\n').includes('sbx_secret'));
  });
});
