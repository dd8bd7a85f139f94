// The bench's client: made as the extension makes one (serviceClients.ts: its own rate-limit scheduler, the dialect
// handed out as one kept reading, the request log told every exchange), signed in to the sandbox as the
// administrator, with every request counted.
import { OrchestratorClient } from '../../src/core/orchestrator/client';
import { RateLimitScheduler } from '../../src/core/http/scheduler';
import { SPEC_DIALECT, type Dialect } from '../../src/core/http/connection';
import type { RunningSandbox } from '@orchestrator-workbench/sandbox';
import { signIn } from '@orchestrator-workbench/sandbox/test-helpers';

/** A client as the extension makes one (its own rate-limit scheduler), whose requests are counted; with `record`,
 * each request's URL and headers are kept too (to replay the same pages with a bare fetch loop) until
 * `stopRecording`: copying the headers costs CPU the extension does not spend, so a measured listing must not. */
export async function countingClient(
  sandbox: RunningSandbox,
  budgetPerMinute: number,
  options: { record?: boolean } = {},
) {
  const tokens = await signIn(sandbox, 'admin');
  return clientWithToken(sandbox.url, tokens.access_token, budgetPerMinute, options);
}

/** The same client for a sandbox another process started (listingChild.ts), with a token signed in there. */
export function clientWithToken(
  serviceUrl: string,
  token: string,
  budgetPerMinute: number,
  options: { record?: boolean } = {},
) {
  let count = 0;
  let recording = options.record ?? false;
  const sent: { url: string; headers: Headers }[] = [];
  // As the extension's dialects.ts: one promise handed out until the folder-Key answer replaces it.
  let dialect: Promise<Dialect> = Promise.resolve(SPEC_DIALECT);
  let failedExchanges = 0;
  const client = new OrchestratorClient({
    connection: { kind: 'cloud', serviceUrl, account: 'sandbox', tenant: 'main' },
    fetch: (url, init) => {
      count++;
      if (recording) sent.push({ url: String(url), headers: new Headers(init?.headers) });
      return fetch(url, init);
    },
    token: async () => token,
    scheduler: new RateLimitScheduler({ budgetPerMinute }),
    dialect: () => dialect,
    onFolderKey: (accepted) => {
      const folderKey = accepted ? 'accepted' : 'refused';
      dialect = dialect.then((known) => ({ ...known, folderKey }));
    },
    // The request log at its default level keeps nothing: the exchange is made and looked at, as there.
    onExchange: (exchange) => void (exchange.failed && failedExchanges++),
  });
  const failed = () => failedExchanges;
  return { client, requests: () => count, failed, sent, stopRecording: () => void (recording = false) };
}
