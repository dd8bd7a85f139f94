// `npm run test:integration:network`: the extension on a corporate network, in a real editor. The editor's
// `http.proxy` names a forward proxy of the harness (test/harness/forwardProxy.ts); the service is a sandbox served
// over HTTPS as `secure.test`, with a certificate from a certificate authority made for this run and trusted the way
// Linux users trust their company's (the system store, which the editor reads: here SSL_CERT_FILE points at it); a
// second sandbox, `untrusted.test`, has a certificate from an authority nobody trusts. `.test` names never resolve
// (RFC 6761): the editor reaches them through the proxy or not at all, and the proxy sends them to 127.0.0.1. The
// suite (network/) signs in, walks a day's journey and compares what passed the proxy with what the sandbox served.
// Before it, one real check of the editor's front: code-server behind it refuses a rebound Host and Origin.
import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { makeTestCertificates, rawRequest } from '@orchestrator-workbench/sandbox/test-network';
import { launchBrowser } from '../harness/browser';
import { buildDevelopment, startEditor, type RunningEditor } from '../harness/editor';
import { startForwardProxy, type ForwardProxy } from '../harness/forwardProxy';
import { installCleanup } from '../harness/processes';
import { runSuite } from '../harness/suiteRunner';
import { bundleSuite } from './bundle';

/** A connection as a user adds it: the service's address only, signed in as the developer at once. */
const connection = (label: string, sandbox: RunningSandbox) => ({
  label,
  kind: 'cloud',
  serviceUrl: sandbox.url,
  identityUrl: sandbox.identityUrl,
  account: 'sandbox',
  tenant: 'main',
  loginHint: 'developer',
  prompt: 'none',
});

/** code-server behind the front: a rebound Host and a foreign Origin are refused, HTTP and websocket alike. */
async function frontRefusesRebinding(editor: RunningEditor): Promise<void> {
  const rebound = { host: `rebind.example:${editor.port}`, origin: `http://rebind.example:${editor.port}` };
  const foreign = { host: `127.0.0.1:${editor.port}`, origin: 'http://rebind.example' };
  assert.equal((await rawRequest(`${editor.url}/`, rebound)).status, 421);
  assert.equal((await rawRequest(`${editor.url}/`, rebound, { upgrade: true })).status, 421);
  assert.equal((await rawRequest(`${editor.url}/`, foreign, { upgrade: true })).status, 403);
  assert.equal((await rawRequest(`${editor.url}/`, { host: `localhost:${editor.port}` })).status, 200);
  console.log(
    'network: the editor answers its own Host only (rebound Host 421, foreign Origin 403, HTTP and websocket).',
  );
}

async function main(): Promise<number> {
  const started = Date.now();
  installCleanup();
  buildDevelopment();
  const suite = await bundleSuite('integration-network', join(__dirname, 'network'));
  const dir = mkdtempSync(join(tmpdir(), 'orchestrator-network-'));
  let proxy: ForwardProxy | undefined;
  const sandboxes: RunningSandbox[] = [];
  let editor: RunningEditor | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    for (const name of ['secure.test', 'untrusted.test'])
      await assert.rejects(lookup(name), `${name} must not resolve: only the proxy knows it`);
    mkdirSync(join(dir, 'trusted'));
    mkdirSync(join(dir, 'untrusted'));
    // 127.0.0.1 too: the suite reads the sandbox's request counts directly (loopback never goes through a proxy).
    const trusted = makeTestCertificates(join(dir, 'trusted'), ['secure.test', '127.0.0.1'], 'Example Corp Root CA');
    const untrusted = makeTestCertificates(join(dir, 'untrusted'), ['untrusted.test'], 'Unknown Root CA');
    proxy = await startForwardProxy(['secure.test', 'untrusted.test']);
    const secure = await startSandbox({ tls: trusted, hostName: 'secure.test' });
    sandboxes.push(secure);
    const stranger = await startSandbox({ tls: untrusted, hostName: 'untrusted.test' });
    sandboxes.push(stranger);
    editor = await startEditor({
      name: 'network',
      smokeTestDriver: true,
      trustedDomains: [secure.url],
      settings: {
        'http.proxy': proxy.url,
        'orchestrator.connections': [connection('Private CA', secure), connection('Unknown CA', stranger)],
      },
      env: {
        // The system's trusted certificates as OpenSSL (and so the editor, `http.systemCertificates`) reads them, here
        // only the company's authority: what `update-ca-certificates` gives a user.
        SSL_CERT_FILE: trusted.caFile,
        ORCHESTRATOR_NETWORK_TEST: JSON.stringify({
          proxy: proxy.url,
          requests: `https://127.0.0.1:${new URL(secure.url).port}/__sandbox/requests`,
        }),
      },
    });
    await frontRefusesRebinding(editor);
    // The user's browser reaches the sign-in page by itself: what passes the proxy is the editor's alone.
    browser = await launchBrowser({ resolve: ['secure.test', 'untrusted.test'] });
    console.log(`network: code-server ${editor.url}, proxy ${proxy.url}, sandboxes ${secure.url} ${stranger.url}`);
    const code = await runSuite(browser.context, editor, { suiteDir: suite, onLine: (line) => console.log(line) });
    console.log(
      `network: ${proxy.log.length} proxy entries (${new Set(proxy.log).size} distinct); ${((Date.now() - started) / 1000).toFixed(1)} s in all.`,
    );
    if (code !== 0) console.error(`network: the suite failed (exit ${code}).`);
    return code;
  } finally {
    await browser?.close();
    await editor?.stop();
    for (const sandbox of sandboxes) await sandbox.close();
    await proxy?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`network: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
