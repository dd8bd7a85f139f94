// Runs the extension's real `activate()` in plain Node against the `vscode` stub, with a signed-in account stored
// the way the extension stores it, and counts every request (global fetch) until the sessions are loaded and a
// moment after. Used by the bench (on the production bundle) and by the budget test (on the sources).
import { readConnections, type ConnectionSetting } from '../../src/core/connections';
import { SessionManager } from '../../src/core/auth/sessions';
import { signInOrigins } from '../../src/core/auth/boundSecrets';
import type { ActivationCost, Ctx } from '../../src/ctx';
import type { RunningSandbox } from '@orchestrator-workbench/sandbox';
import { signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stubSettings, useVscodeStub, useVscodeStubForModules } from '../support/vscodeStub';
import { stubExtensionContext, stubSecrets } from '../support/stubExtensionContext';

/** A moment after activation in which a stray request (a timer, an eager refresh) would still be caught. */
const SETTLE_MS = 300;

export interface StoredSignIn {
  settings: ConnectionSetting[];
  secrets: ReturnType<typeof stubSecrets>;
}

/** The sandbox as a configured connection, with its developer signed in (refresh token in the secrets). */
export async function storedSignIn(sandbox: RunningSandbox): Promise<StoredSignIn> {
  const settings: ConnectionSetting[] = [
    {
      label: 'Sandbox',
      kind: 'cloud',
      serviceUrl: sandbox.url,
      identityUrl: sandbox.identityUrl,
      account: 'sandbox',
      tenant: 'main',
    },
  ];
  const connection = readConnections(settings).connections[0]!;
  const secrets = stubSecrets();
  const tokens = await signIn(sandbox, 'developer');
  const sessions = new SessionManager({ secrets, fetch: () => Promise.reject(new Error('no request while storing')) });
  await sessions.add(
    {
      id: `${connection.id}/developer`,
      connectionId: connection.id,
      userName: 'developer',
      label: 'developer (Sandbox)',
      scopes: connection.scopes,
      kind: 'oauth',
      identityUrl: connection.identityUrl,
      clientId: connection.clientId,
      ...signInOrigins(connection),
    },
    { ...tokens },
  );
  sessions.dispose();
  return { settings, secrets };
}

export interface NodeActivation {
  /** Evaluating the modules: the entry, then the rest it loads in activate() (for the production bundle: parsing
   * and running the minified chunks), without the Ctx's construction. */
  loadMs: number;
  activation: ActivationCost;
  /** Every request through the global fetch from activate() until the sessions loaded and SETTLE_MS after. */
  requests: string[];
  ctx: Ctx;
  deactivate(): Promise<void>;
}

/**
 * Loads the extension module afresh and activates it: the sources through require (their cache entry dropped first);
 * the production bundle (an ES module and its chunks, which Node caches for good) from a copy of its folder of its own.
 */
export async function activateInNode(modulePath: string, signedIn: StoredSignIn): Promise<NodeActivation> {
  const bundle = modulePath.endsWith('.mjs');
  if (bundle) useVscodeStubForModules();
  else useVscodeStub();
  stubSettings.set('orchestrator.connections', signedIn.settings);
  const requests: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${String(input instanceof Request ? input.url : input)}`);
    return realFetch(input, init);
  }) as typeof fetch;
  const copy = bundle ? mkdtempSync(join(tmpdir(), 'orchestrator-bundle-')) : undefined;
  let handedOver = false;
  try {
    let load: () => Promise<typeof import('../../src/extension')>;
    if (copy) {
      cpSync(dirname(modulePath), copy, { recursive: true });
      const url = pathToFileURL(join(copy, basename(modulePath))).href;
      load = () => import(url) as Promise<typeof import('../../src/extension')>;
    } else {
      const resolved = require.resolve(modulePath);
      delete require.cache[resolved];
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      load = async () => require(resolved) as typeof import('../../src/extension');
    }
    // The entry loads the rest of the extension inside activate(): loading is everything until activate() resolves
    // but the Ctx's own construction (which the Ctx records as activateMs).
    const started = performance.now();
    const extension = await load();
    // The stub's context runs in test mode (ExtensionMode.Test), so activate() hands out the context.
    const ctx = (await extension.activate(stubExtensionContext(signedIn.secrets) as never)).testing!;
    const loadMs = performance.now() - started - ctx.activation.activateMs;
    await ctx.ready;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    // The copy stays until the process exits: chunks load on first use, after activation, even while deactivating.
    if (copy) process.once('exit', () => rmSync(copy, { recursive: true, force: true }));
    handedOver = true;
    return { loadMs, activation: { ...ctx.activation }, requests, ctx, deactivate: () => extension.deactivate() };
  } finally {
    globalThis.fetch = realFetch;
    if (copy && !handedOver) rmSync(copy, { recursive: true, force: true });
  }
}
