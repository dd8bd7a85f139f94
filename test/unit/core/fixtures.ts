import { startSandbox, type RunningSandbox, type SandboxOptions } from '@orchestrator-workbench/sandbox';
import { admin as adminCall, signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { OrchestratorClient } from '../../../src/core/orchestrator/client';
import { RateLimitScheduler } from '../../../src/core/http/scheduler';
import type { FetchLike, TransportOptions } from '../../../src/core/http/transport';

export interface CoreFixture {
  sandbox: () => RunningSandbox;
  client: (user?: string, extra?: Partial<TransportOptions>) => Promise<OrchestratorClient>;
  faults: (rules: unknown[]) => Promise<void>;
}

/** A sandbox per suite, and clients signed in through the real PKCE flow, using Node's own fetch. */
export function useCoreSandbox(options: SandboxOptions = {}): CoreFixture {
  let sandbox: RunningSandbox | undefined;
  before(async () => {
    sandbox = await startSandbox(options);
  });
  after(async () => {
    await sandbox?.close();
  });
  afterEach(async () => {
    if (sandbox) await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
  });
  return {
    sandbox: () => sandbox!,
    client: async (user = 'admin', extra = {}) => {
      const tokens = await signIn(sandbox!, user);
      return new OrchestratorClient({
        connection: { kind: 'cloud', serviceUrl: sandbox!.url, account: 'sandbox', tenant: 'main' },
        fetch: (url, init) => fetch(url, init),
        token: async () => tokens.access_token,
        scheduler: new RateLimitScheduler({ budgetPerMinute: 1000 }),
        sleep: async () => undefined,
        ...extra,
      });
    },
    faults: async (rules) => {
      await adminCall(sandbox!, 'faults', { rules });
    },
  };
}

export async function folderId(client: OrchestratorClient, name: string): Promise<number> {
  const folders = await client.folders.list();
  const folder = folders.items.find((f) => f.DisplayName === name);
  if (!folder) throw new Error(`no folder ${name}`);
  return folder.Id;
}

/** Counts the requests a client sends (per path), whatever the transport does with them. */
export function counting(base: FetchLike = (url, init) => fetch(url, init)) {
  const calls: string[] = [];
  const wrapped: FetchLike = (url, init) => {
    calls.push(`${init.method} ${new URL(url).pathname}`);
    return base(url, init);
  };
  return { fetch: wrapped, calls };
}
