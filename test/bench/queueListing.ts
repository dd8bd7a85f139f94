// Listing all 100,000 items of the large queue with the client, next to a bare fetch loop over exactly the same
// pages (same URLs and headers, JSON parsed, nothing validated): the physical floor on this machine. Runs alternate
// so both see the same conditions; the ratio is the client's overhead (paging, zod validation, scheduling).
import { eq } from '../../src/core/odata/filter';
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { LARGE_QUEUE_ITEMS, LARGE_QUEUE_REQUEST_BUDGET } from './budgets';
import { median, type Figures } from './figures';
import { countingClient } from './countingClient';

const RUNS = 3;

export async function queueListingFigures(figures: Figures): Promise<void> {
  const sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 });
  try {
    const { client, requests, sent } = await countingClient(sandbox, 1_000_000, { record: true });
    const folders = await client.folders.list();
    const folder = { id: folders.items.find((f) => f.DisplayName === 'Invoices')!.Id };
    const queue = (await client.queues.list({ folder, query: { filter: eq('Name', 'InvoicesToProcess') } })).items[0]!;

    const withClient = async () => {
      const before = requests();
      sent.length = 0;
      const started = performance.now();
      const ids = new Set<number>();
      for await (const page of client.queues.items.iterate({
        folder,
        query: { filter: eq('QueueDefinitionId', queue.Id) },
      }))
        for (const item of page) ids.add(item.Id);
      return {
        seconds: (performance.now() - started) / 1000,
        requests: requests() - before,
        items: ids.size,
        pages: [...sent],
      };
    };
    const bare = async (pages: { url: string; headers: Headers }[]) => {
      const started = performance.now();
      let items = 0;
      for (const page of pages)
        items += ((await (await fetch(page.url, { headers: page.headers })).json()) as { value: unknown[] }).value
          .length;
      return { seconds: (performance.now() - started) / 1000, items };
    };

    const clientRuns: Awaited<ReturnType<typeof withClient>>[] = [];
    const bareRuns: Awaited<ReturnType<typeof bare>>[] = [];
    for (let i = 0; i < RUNS; i++) {
      clientRuns.push(await withClient());
      bareRuns.push(await bare(clientRuns[0]!.pages));
    }
    const first = clientRuns[0]!;
    if (first.items !== LARGE_QUEUE_ITEMS || bareRuns.some((r) => r.items !== LARGE_QUEUE_ITEMS))
      throw new Error(
        `Expected ${LARGE_QUEUE_ITEMS} items, the client read ${first.items} distinct, the bare loop ${bareRuns.map((r) => r.items).join('/')}`,
      );
    figures.add(
      'queue100k.requests',
      'list all 100,000 items of the large queue: requests',
      first.requests,
      'requests',
      {
        budget: LARGE_QUEUE_REQUEST_BUDGET,
        note: '$top 100 is the cap on QueueItems; the count comes with the first page',
      },
    );
    figures.timing(
      'queue100k.client.s',
      'list 100,000 items with the client (rate limit lifted)',
      clientRuns.map((r) => round(r.seconds)),
      's',
    );
    figures.timing(
      'queue100k.bare.s',
      'the same pages with a bare fetch loop (the floor)',
      bareRuns.map((r) => round(r.seconds)),
      's',
    );
    figures.add(
      'queue100k.ratio',
      'client ÷ bare fetch loop',
      round(median(clientRuns.map((r) => r.seconds)) / median(bareRuns.map((r) => r.seconds)), 100),
      '×',
    );
    figures.add(
      'queue100k.atBudget.min',
      'the same listing at the default budget of 50 requests/min',
      Math.ceil(first.requests / 50),
      'min',
      { note: 'whole-queue reads belong to Export, not to the tree' },
    );
  } finally {
    await sandbox.close();
  }
}

const round = (value: number, by = 10) => Math.round(value * by) / by;
