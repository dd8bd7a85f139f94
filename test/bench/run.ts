// `npm run bench`: prints figures, asserts nothing. Runs the core client against the sandbox over real HTTP.
import { startSandbox } from '../sandbox/index';
import { requiredInputsFor, signIn } from '../sandbox/conformance/helpers';
import { OrchestratorClient } from '../../src/core/orchestrator/client';
import { RateLimitScheduler } from '../../src/core/http/scheduler';
import { eq } from '../../src/core/odata/filter';
import { jobLogSource, tailLogs } from '../../src/core/logs/tail';

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
  await largeQueue();
  await logTail();
  console.log(`\n| figure | value |\n| --- | --- |\n${rows.map(([n, v]) => `| ${n} | ${v} |`).join('\n')}`);
  console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
