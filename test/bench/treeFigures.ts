// The Orchestrator tree on the large sandbox (1,000 folders, 10,000 packages, a 100,000-item queue), with the real
// node code: requests and time per expand, Load more, and the queue items' figures (queueItemFigures.ts).
import { startSandbox } from '@orchestrator-workbench/sandbox';
import {
  FEED_EXPAND_REQUESTS,
  FOLDER_EXPAND_REQUESTS,
  GROUP_EXPAND_REQUESTS,
  LOAD_MORE_REQUESTS,
  TENANT_EXPAND_REQUESTS,
  TREE_PAGE_SIZE,
} from './budgets';
import { median, type Figures } from './figures';
import { treeDriver } from './treeDriver';
import { queueItemFigures } from './queueItemFigures';

const RUNS = 5;

export async function treeFigures(figures: Figures): Promise<void> {
  const sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 });
  try {
    const driver = await treeDriver(sandbox);
    const runs: Awaited<ReturnType<typeof driver.expandFolder>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await driver.expandFolder('Shared'));
    const [first] = runs;
    const ms = (pick: (run: (typeof runs)[number]) => number) => runs.map((run) => Math.round(pick(run)));
    figures.add(
      'tree.tenant.requests',
      'expand the tenant (large sandbox): requests',
      first!.tenant.requests,
      'requests',
      { budget: TENANT_EXPAND_REQUESTS, note: `${first!.tenant.rows} rows` },
    );
    figures.timing(
      'tree.tenant.ms',
      'expand the tenant',
      ms((r) => r.tenant.ms),
    );
    figures.add('tree.folder.requests', 'expand folder Shared: requests', first!.folder.requests, 'requests', {
      budget: FOLDER_EXPAND_REQUESTS,
      note: 'its subfolders; the groups cost nothing until expanded',
    });
    const groupBudget = Object.values(GROUP_EXPAND_REQUESTS).reduce((a, b) => a + b, 0);
    const groupRequests = Object.values(first!.groups).reduce((sum, g) => sum + g.requests, 0);
    const groupRows = Object.values(first!.groups).reduce((sum, g) => sum + g.rows, 0);
    figures.add('tree.groups.requests', 'expand all six groups of Shared: requests', groupRequests, 'requests', {
      budget: groupBudget,
      note: `${groupRows} rows; ${Object.entries(first!.groups)
        .map(([name, g]) => `${name} ${g.requests}`)
        .join(', ')}`,
    });
    const groupMs = Object.keys(first!.groups)
      .map((name) => `${name} ${median(ms((r) => r.groups[name]!.ms))} ms`)
      .join(', ');
    figures.timing(
      'tree.groups.ms',
      'expand all six groups of Shared',
      ms((r) => Object.values(r.groups).reduce((sum, g) => sum + g.ms, 0)),
      'ms',
      `medians: ${groupMs}`,
    );
    figures.timing(
      'tree.packages.ms',
      "of which Packages (the packages Shared's processes run)",
      ms((r) => r.groups.Packages!.ms),
    );
    figures.add(
      'tree.feed.requests',
      'expand Packages › Feed (10,000 in the tenant): requests',
      first!.feed.requests,
      'requests',
      { budget: FEED_EXPAND_REQUESTS, note: `${first!.feed.rows} rows` },
    );
    figures.timing(
      'tree.feed.ms',
      'expand Packages › Feed',
      ms((r) => r.feed.ms),
    );
    const more = [];
    for (const run of runs) more.push(await driver.loadMore(run.feed.node));
    figures.add(
      'tree.loadMore.requests',
      'Load more on Packages › Feed: requests',
      Math.max(...more.map((m) => m.requests)),
      'requests',
      { budget: LOAD_MORE_REQUESTS, note: `${TREE_PAGE_SIZE} more rows` },
    );
    figures.timing(
      'tree.loadMore.ms',
      'Load more on Packages › Feed',
      more.map((m) => Math.round(m.ms)),
    );

    await queueItemFigures(figures, sandbox);
  } finally {
    await sandbox.close();
  }
}
