// `npm run bench`: prints figures, asserts nothing. Runs the core client against the sandbox over real HTTP.
import { startSandbox } from '../sandbox/index';
import { requiredInputsFor, signIn } from '../sandbox/conformance/helpers';
import { OrchestratorClient } from '../../src/core/orchestrator/client';
import { RateLimitScheduler } from '../../src/core/http/scheduler';
import { eq } from '../../src/core/odata/filter';
import { jobLogSource, tailLogs } from '../../src/core/logs/tail';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { useVscodeStub } from './vscodeStub';

// Heap figures need a full collection before each reading.
setFlagsFromString('--expose-gc');

type Row = [string, string];
const rows: Row[] = [];
const record = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`  ${name}: ${value}`);
};

async function clientFor(sandbox: Awaited<ReturnType<typeof startSandbox>>, budget: number) {
  const tokens = await signIn(sandbox, 'admin');
  let sent = 0;
  const client = new OrchestratorClient({
    connection: { kind: 'cloud', serviceUrl: sandbox.url, account: 'sandbox', tenant: 'main' },
    fetch: (url, init) => (sent++, fetch(url, init)),
    token: async () => tokens.access_token,
    scheduler: new RateLimitScheduler({ budgetPerMinute: budget }),
  });
  return { client, requests: () => sent };
}

async function largeQueue(): Promise<void> {
  console.log('Listing every item of the 100,000-item queue (large scale; rate limit lifted so the run measures paging):');
  const sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 });
  try {
    const { client, requests } = await clientFor(sandbox, 1_000_000);
    const folders = await client.folders.list();
    const folder = { id: folders.items.find((f) => f.DisplayName === 'Invoices')!.Id };
    const queue = (await client.queues.list({ folder, query: { filter: eq('Name', 'InvoicesToProcess') } })).items[0]!;
    const before = requests();
    const started = performance.now();
    let items = 0;
    for await (const page of client.queues.iterateItems({ folder, query: { filter: eq('QueueDefinitionId', queue.Id) } })) items += page.length;
    const seconds = (performance.now() - started) / 1000;
    const used = requests() - before;
    record('queue items read', items.toLocaleString('en'));
    record('requests', used.toLocaleString('en'));
    record('time', `${seconds.toFixed(1)} s (${((seconds * 1000) / used).toFixed(1)} ms/request)`);
    record('time at the default budget (50 requests/min)', `${Math.ceil(used / 50)} min — the service allows 100/min/tenant; listing a whole 100k queue is a job for Export, not for the tree`);
  } finally {
    await sandbox.close();
  }
}

/** The real tree nodes (vscode stubbed) on the large sandbox: what expanding costs, and memory for 10,000 rows. */
async function tree(): Promise<void> {
  console.log('Expanding the Orchestrator tree on the large sandbox (the real node code, vscode stubbed):');
  useVscodeStub();
  // Required after the stub is in place.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ConnectionNode } = require('../../src/host/views/explorer/nodes') as typeof import('../../src/host/views/explorer/nodes');
  const sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 });
  try {
    const { client, requests } = await clientFor(sandbox, 1_000_000);
    const host = { clientFor: () => client, isSignedIn: () => true, changed: () => undefined, now: () => Date.now(), budgetOf: () => undefined };
    const connection = { id: 'bench', label: 'Sandbox', kind: 'cloud', serviceUrl: sandbox.url, account: 'sandbox', tenant: 'main', protection: 'normal' } as never;
    type Node = { id: string; item(): { label?: unknown; description?: unknown }; children?(): Promise<Node[]>; loadMore?(): Promise<void> };
    const label = (node: Node) => String(node.item().label);
    const expand = async (node: Node, name: string) => {
      const before = requests();
      const started = performance.now();
      const children = await node.children!();
      record(`expand ${name}`, `${requests() - before} request(s), ${(performance.now() - started).toFixed(0)} ms, ${children.length} rows`);
      return children;
    };
    const root = new ConnectionNode(host, connection) as unknown as Node;
    const top = await expand(root, 'tenant (folders, 1,000 in the tenant)');
    const shared = top.find((n) => label(n) === 'Shared')!;
    const groups = await expand(shared, 'folder Shared (subfolders + groups)');
    let total = 0;
    const before = requests();
    const started = performance.now();
    for (const group of groups.filter((n) => !n.id.includes('/folder/', shared.id.length) && n.children)) {
      const rows = await group.children!();
      total += rows.length;
    }
    record('expand all six groups of Shared', `${requests() - before} requests, ${(performance.now() - started).toFixed(0)} ms, ${total} rows`);
    const packages = groups.find((n) => label(n) === 'Packages')!;
    const moreBefore = requests();
    await packages.loadMore!();
    record('Load more on Packages (10,000)', `${requests() - moreBefore} request(s) for 50 more rows`);

    // 10,000 queue items through the queue's All Items row: 200 pages of 50.
    const invoices = (await client.folders.list()).items.find((f) => f.DisplayName === 'Invoices')!;
    const queue = (await client.queues.list({ folder: { id: invoices.Id }, query: { filter: eq('Name', 'InvoicesToProcess') } })).items[0]!;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { QueueNode } = require('../../src/host/views/explorer/nodes') as typeof import('../../src/host/views/explorer/nodes');
    const queueNode = new QueueNode(host, connection, { id: invoices.Id }, 'bench', queue) as unknown as Node;
    const all = (await queueNode.children!())[0]!;
    const gc = runInNewContext('gc') as () => void;
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const itemsBefore = requests();
    await all.children!();
    while (((all as unknown as { rows: unknown[] }).rows.length) < 10_000) await all.loadMore!();
    const rows = await all.children!();
    gc();
    const heapAfter = process.memoryUsage().heapUsed;
    record('10,000 queue items loaded in the tree', `${requests() - itemsBefore} requests, ${rows.length - 1} rows + Load more`);
    record('heap for 10,000 loaded rows', `${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB (${((heapAfter - heapBefore) / 10_000 / 1024).toFixed(1)} KB per row)`);
  } finally {
    await sandbox.close();
  }
}

async function logTail(): Promise<void> {
  const seconds = 30;
  console.log(`Tailing a job that logs 200 lines/s for ${seconds} s (tail: 1 s minimum interval, pages of 1000):`);
  const sandbox = await startSandbox({ jobDurationMs: seconds * 1000, pickupDelayMs: 50, logIntervalMs: 5 });
  try {
    const { client, requests } = await clientFor(sandbox, 50);
    const folders = await client.folders.list();
    const folder = { id: folders.items.find((f) => f.DisplayName === 'Shared')!.Id };
    const release = (await client.releases.list({ folder })).items[0]!;
    const input = requiredInputsFor((await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`)).Input);
    const [job] = await client.jobs.start({ ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments: JSON.stringify(input) }, { folder });
    const before = requests();
    const started = performance.now();
    const lags: number[] = [];
    const ids = new Set<number>();
    let lines = 0;
    for await (const event of tailLogs(jobLogSource(client, folder, job!.Key), { jobKey: job!.Key, pageSize: 1000, minIntervalMs: 1000, maxIntervalMs: 4000 })) {
      if (event.kind !== 'lines') break;
      const now = Date.now();
      for (const line of event.lines) {
        lags.push(now - Date.parse(line.TimeStamp));
        ids.add(line.Id);
      }
      lines += event.lines.length;
    }
    const minutes = (performance.now() - started) / 60_000;
    lags.sort((a, b) => a - b);
    const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor(p * lags.length))]!;
    record('lines delivered', `${lines.toLocaleString('en')} (${(lines - ids.size).toString()} duplicates)`);
    record('lag median / p95 / max', `${pct(0.5)} / ${pct(0.95)} / ${lags.at(-1)} ms`);
    record('requests per minute (logs + job state)', ((requests() - before) / minutes).toFixed(1));
  } finally {
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  await tree();
  await largeQueue();
  await logTail();
  console.log(`\n| figure | value |\n| --- | --- |\n${rows.map(([n, v]) => `| ${n} | ${v} |`).join('\n')}`);
  console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
