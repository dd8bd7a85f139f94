import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../src/index';
import { makeTestCertificates, rawRequest, type TestCertificates } from './network';
import { authorizeUrl, CLIENT_ID, pkce, REDIRECT, serviceUrl, useSandbox, type Sandbox } from './helpers';

describe('the sandbox answers only its own Host', () => {
  const sandbox = useSandbox();
  const port = () => new URL(sandbox().url).port;

  it('serves its home page as 127.0.0.1 and localhost, also through the port proxy of an editor (another port)', async () => {
    // code-server's /proxy/<port>/ (where `npm start` opens the sign-in page) passes the editor's Host on.
    for (const host of [
      `127.0.0.1:${port()}`,
      `localhost:${port()}`,
      `LOCALHOST:${port()}`,
      '127.0.0.1:8080',
      'localhost',
    ]) {
      const answer = await rawRequest(sandbox().url, { host });
      assert.equal(answer.status, 200, host);
      assert.ok(answer.body.includes(sandbox().ideasToken), 'the home page shows the idea token to its own origin');
    }
  });

  it('refuses a rebound Host (DNS rebinding) with 421 and a sentence, showing no credential', async () => {
    const tally = async () => (await (await fetch(`${sandbox().url}/__sandbox/requests`)).json()) as unknown;
    const before = JSON.stringify(await tally());
    const hosts = [
      `rebind.example:${port()}`,
      'rebind.example',
      `127.0.0.1.rebind.example:${port()}`,
      `[::1]:${port()}`,
    ];
    for (const host of hosts) {
      for (const path of [
        '/',
        '/identity/.well-known/openid-configuration',
        `${new URL(serviceUrl(sandbox())).pathname}/odata/Folders`,
      ]) {
        const answer = await rawRequest(`${sandbox().url}${path}`, { host });
        assert.equal(answer.status, 421, `${host} ${path}`);
        assert.match(answer.headers['content-type'] ?? '', /^text\/plain/);
        assert.match(answer.body, /^This server answers only as 127\.0\.0\.1, localhost; Host '.*' is refused\.\n$/);
        for (const secret of [sandbox().ideasToken, sandbox().ideasAppKey, sandbox().appClientSecret])
          assert.ok(!answer.body.includes(secret));
      }
    }
    assert.equal(JSON.stringify(await tally()), before, 'a refused request reaches no route and no count');
  });

  it('refuses a write from another page (Origin) with 403, and takes one from its own pages', async () => {
    for (const origin of [
      'http://rebind.example',
      `http://rebind.example:${port()}`,
      'null',
      `http://127.0.0.1.rebind.example:${port()}`,
      `http://127.0.0.1:${port()}/path`,
    ]) {
      const answer = await rawRequest(
        `${sandbox().url}/identity/connect/token`,
        { host: `127.0.0.1:${port()}`, origin, 'content-type': 'application/x-www-form-urlencoded' },
        { body: 'grant_type=password' },
      );
      assert.equal(answer.status, 403, origin);
      assert.match(
        answer.body,
        /takes requests only from its own pages \(http or https on 127\.0\.0\.1, localhost\); Origin/,
      );
    }
    for (const origin of [`http://127.0.0.1:${port()}`, 'http://localhost:8080', `https://localhost:${port()}`]) {
      const own = await rawRequest(`${sandbox().url}/`, { host: `localhost:${port()}`, origin });
      assert.equal(own.status, 200, origin);
    }
  });

  it('refuses a websocket upgrade with a rebound Host or Origin; it has no websockets of its own', async () => {
    const rebound = await rawRequest(
      sandbox().url,
      { host: `rebind.example:${port()}`, origin: `http://rebind.example:${port()}` },
      { upgrade: true },
    );
    assert.equal(rebound.status, 421);
    const foreignOrigin = await rawRequest(
      sandbox().url,
      { host: `127.0.0.1:${port()}`, origin: 'http://rebind.example' },
      { upgrade: true },
    );
    assert.equal(foreignOrigin.status, 403);
    const own = await rawRequest(
      sandbox().url,
      { host: `127.0.0.1:${port()}`, origin: `http://127.0.0.1:${port()}` },
      { upgrade: true },
    );
    assert.equal(own.status, 404);
  });
});

describe('the sandbox over HTTPS, by another name', () => {
  let dir: string;
  let certificates: TestCertificates;
  let sandbox: Sandbox | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-tls-'));
    certificates = makeTestCertificates(dir, ['sandbox.test', 'localhost', '127.0.0.1']);
    sandbox = await startSandbox({ tls: { cert: certificates.cert, key: certificates.key }, hostName: 'sandbox.test' });
  });
  after(async () => {
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names itself https://sandbox.test:<port> in its URLs and answers that Host', async () => {
    const { url } = sandbox!;
    assert.match(url, /^https:\/\/sandbox\.test:\d+$/);
    const port = new URL(url).port;
    const discovery = await rawRequest(
      `https://127.0.0.1:${port}/identity/.well-known/openid-configuration`,
      { host: `sandbox.test:${port}` },
      { ca: certificates.ca },
    );
    assert.equal(discovery.status, 200);
    assert.equal(JSON.parse(discovery.body).issuer, `${url}/identity`);
    const rebound = await rawRequest(
      `https://127.0.0.1:${port}/`,
      { host: `rebind.example:${port}` },
      { ca: certificates.ca },
    );
    assert.equal(rebound.status, 421);
    assert.match(rebound.body, /answers only as 127\.0\.0\.1, localhost, sandbox\.test;/);
  });

  it('signs in and lists folders for a client that trusts the authority', async () => {
    const port = new URL(sandbox!.url).port;
    // Sent to 127.0.0.1 as sandbox.test: what a proxy that resolves the name does.
    const send = (url: string, headers: Record<string, string> = {}, body?: string) =>
      rawRequest(
        url.replace('sandbox.test', '127.0.0.1'),
        { host: `sandbox.test:${port}`, ...headers },
        { ca: certificates.ca, body },
      );
    const { verifier, challenge } = pkce();
    const authorized = await send(authorizeUrl(sandbox!, { user: 'developer', challenge }));
    assert.equal(authorized.status, 302);
    const code = new URL(authorized.headers.location!).searchParams.get('code')!;
    const token = await send(
      `${sandbox!.identityUrl}/connect/token`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: CLIENT_ID,
      }).toString(),
    );
    assert.equal(token.status, 200, token.body);
    const folders = await send(`${serviceUrl(sandbox!)}/odata/Folders`, {
      authorization: `Bearer ${JSON.parse(token.body).access_token}`,
    });
    assert.equal(folders.status, 200);
    assert.ok(JSON.parse(folders.body).value.some((f: { DisplayName: string }) => f.DisplayName === 'Shared'));
  });

  it('is refused by a client that does not trust the authority, naming the certificate problem', async () => {
    const error = await fetch(`${sandbox!.url.replace('sandbox.test', '127.0.0.1')}/`).then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: { code?: string } },
    );
    assert.equal(error?.cause?.code, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  it('refuses options that cannot work, saying which', async () => {
    await assert.rejects(startSandbox({ hostName: 'http://sandbox.test' }), /--host-name must be a host name/);
    await assert.rejects(startSandbox({ hostName: 'sandbox.test:8443' }), /--host-name must be a host name/);
    await assert.rejects(
      startSandbox({ tls: { cert: 'not a certificate', key: certificates.key } }),
      /The TLS certificate or key cannot be used/,
    );
    await assert.rejects(
      startSandbox({ tls: { cert: certificates.cert, key: certificates.ca } }),
      /The TLS certificate or key cannot be used/,
    );
  });
});
