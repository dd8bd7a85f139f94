// `npm run test:integration`: builds the extension and the suite, starts the sandbox and code-server on ephemeral
// loopback ports, opens the workbench with extensionDevelopmentPath + extensionTestsPath, prints the suite's
// output and exits with its result. Then it checks itself: a deliberately failing suite must fail the run.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../sandbox/index';
import { launchBrowser } from '../harness/browser';
import { ROOT, startEditor, type RunningEditor } from '../harness/editor';
import { installCleanup } from '../harness/processes';
import { SUITE_LINE_PREFIX } from './suite/index';
import { bundleSuite } from './bundle';

const SUITE_TIMEOUT_MS = 5 * 60_000;

/** The suite's lines reach the page console as `%c INFO color: … [suite] <text>`; keep the text. */
function suiteLine(text: string): string | undefined {
  const at = text.indexOf(SUITE_LINE_PREFIX);
  return at < 0 ? undefined : text.slice(at + SUITE_LINE_PREFIX.length);
}

async function runSuite(context: BrowserContext, editor: RunningEditor, outDir: string, print: boolean): Promise<number> {
  const page = await context.newPage();
  try {
    const exit = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
    page.on('console', (message) => {
      const line = suiteLine(message.text());
      if (print && line !== undefined) console.log(line);
    });
    const remote = (path: string) => `vscode-remote://127.0.0.1:${editor.port}${path}`;
    await page.goto(editor.workbenchUrl([['extensionDevelopmentPath', remote(ROOT)], ['extensionTestsPath', remote(join(outDir, 'index.js'))]]));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        console.error(`integration: the suite did not finish within ${SUITE_TIMEOUT_MS / 1000} s`);
        resolve(3);
      }, SUITE_TIMEOUT_MS);
    });
    const code = await Promise.race([exit, timeout]);
    clearTimeout(timer);
    return code;
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** The connections the suite signs in to: the sandbox (login_hint + prompt=none completes the browser step), its
 * staging tenant as the host administrator, and a connection with a client id the identity provider does not know (its
 * error page never redirects back; its tenant is never reached). */
function integrationSettings(sandboxUrl: string): Record<string, unknown> {
  const base = { kind: 'cloud', serviceUrl: sandboxUrl, identityUrl: `${sandboxUrl}/identity`, account: 'sandbox', loginHint: 'developer', prompt: 'none' };
  return {
    'orchestrator.connections': [
      { ...base, label: 'Sandbox', tenant: 'main' },
      { ...base, label: 'Sandbox admin', tenant: 'staging', loginHint: 'admin' },
      { ...base, label: 'Wrong client', tenant: 'elsewhere', clientId: 'not-registered' },
    ],
  };
}

async function main(): Promise<number> {
  installCleanup();
  const built = spawnSync(process.execPath, [join(ROOT, 'esbuild.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) return 1;
  const suite = await bundleSuite('integration', join(__dirname, 'suite'));
  const selfCheck = await bundleSuite('integration-selfcheck', join(__dirname, 'selfcheck'));
  let sandbox: RunningSandbox | undefined;
  let editor: RunningEditor | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    sandbox = await startSandbox({});
    editor = await startEditor({ name: 'integration', smokeTestDriver: true, env: { ORCHESTRATOR_SANDBOX_URL: sandbox.url, ORCHESTRATOR_SANDBOX_IDEAS: JSON.stringify({ token: sandbox.ideasToken, appKey: sandbox.ideasAppKey }) }, settings: integrationSettings(sandbox.url) });
    browser = await launchBrowser();
    console.log(`integration: code-server ${editor.url}, sandbox ${sandbox.url}`);
    const code = await runSuite(browser.context, editor, suite, true);
    if (code !== 0) {
      console.error(`integration: the suite failed (exit ${code}).`);
      return code;
    }
    const selfCode = await runSuite(browser.context, editor, selfCheck, false);
    if (selfCode !== 1) {
      console.error(`integration: runner self-check FAILED: a deliberately failing suite exited ${selfCode}, not 1.`);
      return 1;
    }
    console.log('integration: runner self-check: a deliberately failing suite fails the run (exit 1).');
    return 0;
  } finally {
    await browser?.close();
    await editor?.stop();
    await sandbox?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`integration: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
