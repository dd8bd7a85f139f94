// `npm run test:integration`: builds the extension and the suite, starts the sandbox and code-server on ephemeral
// loopback ports, opens the workbench with extensionDevelopmentPath + extensionTestsPath, prints the suite's
// output and exits with its result. Then it checks itself: a deliberately failing suite must fail the run.
// INTEGRATION_ONLY=jobs,startJob runs those files of suite/ only (each file signs in for itself).
// INTEGRATION_DIALECT=acme starts the sandbox in another dialect with a service segment (operation and queue
// namespaces, folder-header prefix, `/orchestrator_` after the tenant, the identity provider at /identity_), serving
// its API definition only where real deployments do (a versioned path named by its API page, no v1); the
// connections carry only the address, and the extension finds the definition and reads the rest from it.
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { launchBrowser } from '../harness/browser';
import { buildDevelopment, ROOT, startEditor, type RunningEditor } from '../harness/editor';
import { installCleanup } from '../harness/processes';
import { runSuite } from '../harness/suiteRunner';
import { bundleSuite } from './bundle';

/** The connections the suite signs in to: the sandbox (login_hint + prompt=none completes the browser step), its
 * staging tenant as the host administrator, and a connection with a client id the identity provider does not know (its
 * error page never redirects back; its tenant is never reached). */
function integrationSettings(sandboxUrl: string, dialect: boolean): Record<string, unknown> {
  const base = {
    kind: 'cloud',
    serviceUrl: sandboxUrl,
    identityUrl: dialect ? `${sandboxUrl}/identity_` : `${sandboxUrl}/identity`,
    ...(dialect ? { serviceSegment: ACME.serviceSegment } : {}),
    account: 'sandbox',
    loginHint: 'developer',
    prompt: 'none',
  };
  return {
    'orchestrator.connections': [
      { ...base, label: 'Sandbox', tenant: 'main' },
      { ...base, label: 'Sandbox admin', tenant: 'staging', loginHint: 'admin' },
      { ...base, label: 'Wrong client', tenant: 'elsewhere', clientId: 'not-registered' },
    ],
  };
}

/** A dialect other than the spec's, as a real deployment has (INTEGRATION_DIALECT=acme). */
const ACME = {
  namespace: 'Acme.Orchestration.OData',
  queueNamespace: 'AcmeQueues',
  headerPrefix: 'X-ACME',
  serviceSegment: 'orchestrator_',
};

/** What a user does on a real deployment: sign-in, both trees, Start Job, the tail, queue items, ideas. */
const DIALECT_FILES =
  'signIn,dialect,explorer,explorerRows,processVersions,startJob,jobs,jobsRunning,queueItemPanel,queueItems,ideas';

async function main(): Promise<number> {
  const dialect = process.env.INTEGRATION_DIALECT === 'acme' || process.argv.includes('--dialect=acme');
  installCleanup();
  buildDevelopment();
  const only = process.env.INTEGRATION_ONLY ?? (dialect ? DIALECT_FILES : undefined);
  const suite = await bundleSuite('integration', join(__dirname, 'suite'), only);
  const selfCheck = await bundleSuite('integration-selfcheck', join(__dirname, 'selfcheck'));
  let sandbox: RunningSandbox | undefined;
  let appSandbox: RunningSandbox | undefined;
  let editor: RunningEditor | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    sandbox = await startSandbox(dialect ? { ...ACME, versionedDefinitionOnly: true } : {});
    // The application suite's own identity provider and tenant: tokens that live 65 s are renewed 5 s after they are
    // issued (60 s before expiry), so the suite sees a renewal without changing the token lifetime of the others.
    appSandbox = await startSandbox({ tokenTtlSeconds: 65 });
    editor = await startEditor({
      name: 'integration',
      smokeTestDriver: true,
      env: {
        ORCHESTRATOR_SANDBOX_URL: sandbox.url,
        // Where the main tenant's service lives on the sandbox, for the tests' fault rules.
        ORCHESTRATOR_SANDBOX_SERVICE_PATH: dialect ? `/sandbox/main/${ACME.serviceSegment}` : '/sandbox/main',
        ORCHESTRATOR_SANDBOX_IDEAS: JSON.stringify({ token: sandbox.ideasToken, appKey: sandbox.ideasAppKey }),
        // Read by the application suite only (the extension never reads it): where to sign in and the secret to type.
        ORCHESTRATOR_TEST_APPLICATION: JSON.stringify({
          url: appSandbox.url,
          clientId: appSandbox.appClientId,
          secret: appSandbox.appClientSecret,
        }),
      },
      settings: integrationSettings(sandbox.url, dialect),
      // The sample project whose package the sandbox runs, as `npm start` puts it there: faults land on its files.
      workspaceProjects: [join(ROOT, 'sandbox', 'samples', 'Invoice.Processing')],
    });
    browser = await launchBrowser();
    console.log(`integration: code-server ${editor.url}, sandbox ${sandbox.url}${dialect ? ' (dialect acme)' : ''}`);
    const code = await runSuite(browser.context, editor, { suiteDir: suite, onLine: (line) => console.log(line) });
    if (code !== 0) {
      console.error(`integration: the suite failed (exit ${code}).`);
      return code;
    }
    const selfCode = await runSuite(browser.context, editor, { suiteDir: selfCheck });
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
    await appSandbox?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`integration: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
