// The Failures row on the large sandbox (1,000 folders and more), with the real node code (vscode stubbed): requests
// and time per refresh for 24 hours and 7 days, read across folders, and folder by folder where the service refuses
// that (the sandbox told to answer the cross-folder read 403 once), within the tenant's Jobs budget.
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { FAILURES_ACROSS_FOLDERS_REQUESTS, FAILURES_FOLDER_BY_FOLDER_REQUESTS } from './budgets';
import { countingClient } from './countingClient';
import type { Figures } from './figures';
import { useVscodeStub } from '../support/vscodeStub';
import { fakeExplorerHost, testConnection } from '../support/explorerHost';

const RUNS = 5;

/**
 * A Failures row per period on a sandbox, with every request counted: `refresh(refused)` resets the row and expands
 * it again, the cross-folder read answered 403 first when `refused`. Shared with the budget test.
 */
export async function failuresDriver(sandbox: RunningSandbox) {
  useVscodeStub();
  const { FailuresNode } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../../src/host/views/explorer/failuresNode') as typeof import('../../src/host/views/explorer/failuresNode');
  const { client, requests } = await countingClient(sandbox, 1_000_000);
  // No budget state: the allowance is the default Jobs budget of a minute (50), as on a fresh connection.
  const host = fakeExplorerHost({ clientFor: () => client, now: () => Date.now() });
  const refuseAcrossFolders = () =>
    fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ path: '*/odata/Jobs', methods: ['GET'], status: 403, times: 1 }] }),
    });
  return {
    folders: async () => (await client.folders.list({ query: { top: 1000, count: true } })).count,
    row(period: 'day' | 'week') {
      const node = new FailuresNode(host, testConnection(), `bench/failures/${period}`);
      if (period === 'week') node.switchPeriod();
      return {
        node,
        async refresh(refused: boolean) {
          if (refused) await refuseAcrossFolders();
          node.reset();
          const before = requests();
          const at = performance.now();
          const rows = await node.children();
          return { ms: performance.now() - at, requests: requests() - before, rows };
        },
      };
    },
  };
}

export async function failureFigures(figures: Figures): Promise<void> {
  const sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 });
  try {
    const driver = await failuresDriver(sandbox);
    const folders = await driver.folders();
    for (const period of ['day', 'week'] as const) {
      const { node, refresh } = driver.row(period);
      const words = period === 'day' ? '24 hours' : '7 days';
      await refresh(false); // the row's code loaded once, as on the first expand
      const across = [];
      for (let i = 0; i < RUNS; i++) across.push(await refresh(false));
      figures.add(
        `failures.${period}.requests`,
        `Failures refresh, ${words}, across folders (large sandbox): requests`,
        Math.max(...across.map((r) => r.requests)),
        'requests',
        {
          budget: FAILURES_ACROSS_FOLDERS_REQUESTS,
          note: `${String(node.item().description)}; ${across[0]!.rows.length} rows (period, processes)`,
        },
      );
      figures.timing(
        `failures.${period}.ms`,
        `Failures refresh, ${words}, across folders`,
        across.map((r) => Math.round(r.ms)),
      );
      const byFolder = [];
      for (let i = 0; i < 3; i++) byFolder.push(await refresh(true));
      figures.add(
        `failures.${period}.byFolder.requests`,
        `Failures refresh, ${words}, folder by folder (cross-folder read refused): requests`,
        Math.max(...byFolder.map((r) => r.requests)),
        'requests',
        {
          budget: FAILURES_FOLDER_BY_FOLDER_REQUESTS,
          note: `the refusal, the folders, then one Jobs read per folder within the Jobs budget; ${folders} folders; ${String(node.item().description)}`,
        },
      );
      figures.timing(
        `failures.${period}.byFolder.ms`,
        `Failures refresh, ${words}, folder by folder`,
        byFolder.map((r) => Math.round(r.ms)),
      );
    }
  } finally {
    await sandbox.close();
  }
}
