// The CPU side of the 100,000-item listing, run in a process of its own (queueListing.ts starts it) so that the
// sandbox serving the pages is not counted: the client's listing and a bare fetch loop over exactly the same pages
// (same URLs and headers, JSON parsed, nothing validated) take turns, so whatever else the machine does falls on
// both alike. Each turn reports wall time and this process's user and system CPU; stdout is one JSON line.
import { eq } from '../../src/core/odata/filter';
import { parseCollection } from '../../src/core/odata/envelope';
import { QueueItemSchema } from '../../src/core/orchestrator/schemas';
import { clientWithToken } from './countingClient';

export interface ListingTurn {
  kind: 'client' | 'bare';
  seconds: number;
  userMs: number;
  systemMs: number;
  items: number;
  requests: number;
}

export interface ListingChildResult {
  turns: ListingTurn[];
  /** Validating the 100,000 rows of those pages: zod alone, and the extension's parseCollection (fast path). */
  validation: { zodMs: number[]; parseCollectionMs: number[] };
}

/** A full collection between turns (the child runs with --expose-gc). */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

const measure = async (kind: ListingTurn['kind'], work: () => Promise<{ items: number; requests: number }>) => {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { items, requests } = await work();
  const used = process.cpuUsage(cpu);
  return {
    kind,
    seconds: (performance.now() - started) / 1000,
    userMs: used.user / 1000,
    systemMs: used.system / 1000,
    items,
    requests,
  };
};

async function main(): Promise<ListingChildResult> {
  const { BENCH_SERVICE_URL: url, BENCH_TOKEN: token, BENCH_TURNS: turns = '5' } = process.env;
  if (!url || !token) throw new Error('listingChild needs BENCH_SERVICE_URL and BENCH_TOKEN');
  const { client, requests, sent } = clientWithToken(url, token, 1_000_000, { record: true });
  const folders = await client.folders.list();
  const folder = { id: folders.items.find((f) => f.DisplayName === 'Invoices')!.Id };
  const queue = (await client.queues.list({ folder, query: { filter: eq('Name', 'InvoicesToProcess') } })).items[0]!;
  const listing = async () => {
    const before = requests();
    sent.length = 0;
    const ids = new Set<number>();
    for await (const page of client.queues.items.iterate({
      folder,
      query: { filter: eq('QueueDefinitionId', queue.Id) },
    }))
      for (const item of page) ids.add(item.Id);
    return { items: ids.size, requests: requests() - before };
  };
  // The pages the bare loop replays: the client's own requests of a first, unmeasured listing (it warms both up).
  await listing();
  const pages = [...sent];
  const bodies: unknown[] = [];
  const bare = async (keep = false) => {
    let items = 0;
    for (const page of pages) {
      const body = (await (await fetch(page.url, { headers: page.headers })).json()) as { value: unknown[] };
      items += body.value.length;
      if (keep) bodies.push(body);
    }
    return { items, requests: pages.length };
  };
  await bare();
  const result: ListingChildResult = { turns: [], validation: { zodMs: [], parseCollectionMs: [] } };
  for (let i = 0; i < Number(turns); i++) {
    // Turn-taking, first one then the other first, so neither always runs on a machine the other has warmed; each
    // starts on a collected heap, so it pays for its own garbage and not for the other's.
    const order = i % 2 === 0 ? (['client', 'bare'] as const) : (['bare', 'client'] as const);
    for (const kind of order) {
      collectGarbage();
      result.turns.push(await measure(kind, kind === 'client' ? listing : () => bare()));
    }
  }
  await bare(true);
  for (let i = 0; i < 3; i++) {
    let started = performance.now();
    for (const body of bodies) for (const row of (body as { value: unknown[] }).value) QueueItemSchema.safeParse(row);
    result.validation.zodMs.push(performance.now() - started);
    started = performance.now();
    for (const body of bodies) parseCollection('GET /odata/QueueItems', body, QueueItemSchema);
    result.validation.parseCollectionMs.push(performance.now() - started);
  }
  return result;
}

main().then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
