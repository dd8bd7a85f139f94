import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { admin as adminCall, Api, folderIds, odata, useSandbox, type Sandbox } from './helpers';

/** POST {auth_url}/connect/token, form-encoded as OAuth clients send it. */
function connectToken(sandbox: Sandbox, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${sandbox.identityUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

describe('identity provider (client credentials of a confidential application)', () => {
  const sandbox = useSandbox({ tokenTtlSeconds: 900 });
  const credentials = () => ({ client_id: sandbox().appClientId, client_secret: sandbox().appClientSecret });

  it('issues an access token with expires_in = the token lifetime and no refresh or id token', async () => {
    assert.equal(sandbox().appClientId, 'sandbox-robot-app');
    const res = await connectToken(sandbox(), { grant_type: 'client_credentials', ...credentials() });
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'scope', 'token_type']);
    assert.equal(body.expires_in, 900);
    assert.equal(body.token_type, 'Bearer');
    assert.match(String(body.scope), /\bOR\.Jobs\b/);
  });

  it('takes HTTP Basic client authentication and JSON bodies too, at /oauth/token as well', async () => {
    const basic = Buffer.from(`${sandbox().appClientId}:${sandbox().appClientSecret}`).toString('base64');
    const res = await connectToken(
      sandbox(),
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    assert.equal(res.status, 200);
    const json = await fetch(`${sandbox().identityUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', ...credentials() }),
    });
    assert.equal(json.status, 200);
  });

  it('refuses a wrong secret with 401 invalid_client, without repeating the secret', async () => {
    const wrong = 'sbx_secret_wrong-guess-123';
    const res = await connectToken(sandbox(), {
      grant_type: 'client_credentials',
      client_id: sandbox().appClientId,
      client_secret: wrong,
    });
    assert.equal(res.status, 401);
    const text = await res.text();
    assert.equal(JSON.parse(text).error, 'invalid_client');
    assert.ok(!text.includes(wrong) && !text.includes(sandbox().appClientSecret));
    const missing = await connectToken(sandbox(), { grant_type: 'client_credentials', client_id: 'sandbox-robot-app' });
    assert.equal(missing.status, 401);
    const basic = Buffer.from(`${sandbox().appClientId}:${wrong}`).toString('base64');
    const viaBasic = await connectToken(
      sandbox(),
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    assert.equal(viaBasic.status, 401);
    assert.match(viaBasic.headers.get('www-authenticate') ?? '', /^Basic/);
  });

  it('checks the asked scopes against the granted ones', async () => {
    const some = await connectToken(sandbox(), {
      grant_type: 'client_credentials',
      scope: 'OR.Jobs OR.Queues',
      ...credentials(),
    });
    assert.equal(((await some.json()) as { scope: string }).scope, 'OR.Jobs OR.Queues');
    const tooMuch = await connectToken(sandbox(), {
      grant_type: 'client_credentials',
      scope: 'OR.Jobs OR.Administration',
      ...credentials(),
    });
    assert.equal(tooMuch.status, 400);
    assert.equal(((await tooMuch.json()) as { error: string }).error, 'invalid_scope');
  });

  it('refuses the other grants for the application, and client credentials for the public client', async () => {
    for (const grant of ['refresh_token', 'authorization_code']) {
      const res = await connectToken(sandbox(), { grant_type: grant, refresh_token: 'x', code: 'x', ...credentials() });
      assert.equal(res.status, 400, grant);
      assert.equal(((await res.json()) as { error: string }).error, 'unauthorized_client', grant);
    }
    const publicClient = await connectToken(sandbox(), {
      grant_type: 'client_credentials',
      client_id: 'orchestrator-workbench',
    });
    assert.equal(((await publicClient.json()) as { error: string }).error, 'unauthorized_client');
  });

  it('acts with developer permissions on every folder but the restricted ones', async () => {
    const res = await connectToken(sandbox(), { grant_type: 'client_credentials', ...credentials() });
    const robot = new Api(sandbox().orchestratorUrl, ((await res.json()) as { access_token: string }).access_token);
    const adminApi = await Api.as(sandbox(), 'admin');
    const folders = await folderIds(adminApi);
    assert.equal((await robot.get(odata('QueueItems', { $top: '1' }), { folderId: folders.Invoices })).status, 200);
    assert.equal((await robot.get(odata('QueueItems'), { folderId: folders.Restricted })).body.errorCode, 1103);
    const permissions = (await robot.get(odata('Permissions'))).body.value.map((p: { Name: string }) => p.Name);
    assert.ok(permissions.includes('Jobs.Create') && !permissions.includes('Roles.Edit'));
    assert.equal((await robot.get(odata('Tenants'))).status, 403, 'not a host administrator');
    await adminCall(sandbox(), 'reset');
    assert.equal((await robot.get(odata('Permissions'))).status, 401, 'a reset revokes its tokens too');
  });
});

describe('client credentials from the command line', () => {
  it('announces the application and its secret on the app-client line, and never logs the secret', async () => {
    const child = spawn(process.execPath, [join(__dirname, '..', 'bin', 'orchestrator-sandbox.mjs')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const lines: Record<string, string> = {};
    for await (const line of createInterface({ input: child.stdout! })) {
      const [name, ...rest] = line.split(' ');
      lines[name!] = rest.join(' ');
      if (name === 'app-client') break;
    }
    try {
      const [clientId, secret] = lines['app-client']!.split(' ');
      assert.equal(clientId, 'sandbox-robot-app');
      const sandboxLike = { identityUrl: lines.identity! } as Sandbox;
      const ok = await connectToken(sandboxLike, {
        grant_type: 'client_credentials',
        client_id: clientId!,
        client_secret: secret!,
      });
      assert.equal(ok.status, 200);
      await connectToken(sandboxLike, {
        grant_type: 'client_credentials',
        client_id: clientId!,
        client_secret: `${secret}x`,
      });
      const home = await (await fetch(`${lines.ready ?? lines.sandbox!.replace(/^ready /, '')}/`)).text();
      assert.ok(home.includes(`<code id="app-client-secret">${secret}</code>`));
    } finally {
      child.kill('SIGINT');
      if (child.exitCode === null) await once(child, 'exit');
    }
    assert.ok(!stderr.includes(lines['app-client']!.split(' ')[1]!), 'no secret on stderr');
  });
});
