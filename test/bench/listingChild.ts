// The CPU side of the 100,000-item listing, run in a process of its own (queueListing.ts starts it) so that the
// sandbox serving the pages is not counted: the client's listing and a bare fetch loop over exactly the same pages
// (same URLs and headers, JSON parsed, nothing validated) take turns every few pages, so whatever else the machine
// does meanwhile falls on both alike. Each alternation (one whole listing each) reports wall time and this
// process's user and system CPU for both; stdout is one JSON line.
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
  /** Per alternation, the client's turn then the bare loop's, each summed over its blocks. */
  turns: ListingTurn[];
  /** Validating the 100,000 rows of those pages: zod alone, and the extension's parseCollection (fast path). */
  validation: { zodMs: number[]; parseCollectionMs: number[] };
}

/** Pages per block: small enough that a burst of other work on the machine hits both sides of a block alike. */
const BLOCK = 20;

/** A full collection before each alternation (the child runs with --expose-gc): each starts on the same heap. */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

const turn = (kind: ListingTurn['kind']): ListingTurn => ({
  kind,
  seconds: 0,
  userMs: 0,
  systemMs: 0,
  items: 0,
  requests: 0,
});

/** Runs one block and adds its wall time and CPU to the turn. */
async function timed(into: ListingTurn, work: () => Promise<void>): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  into.seconds += (performance.now() - started) / 1000;
  into.userMs += used.user / 1000;
  into.systemMs += used.system / 1000;
}

async function main(): Promise<ListingChildResult> {
  const { BENCH_SERVICE_URL: url, BENCH_TOKEN: token, BENCH_TURNS: turns = '5' } = process.env;
  if (!url || !token) throw new Error('listingChild needs BENCH_SERVICE_URL and BENCH_TOKEN');
  const { client, requests, sent, stopRecording } = clientWithToken(url, token, 1_000_000, { record: true });
  const folders = await client.folders.list();
  const folder = { id: folders.items.find((f) => f.DisplayName === 'Invoices')!.Id };
  const queue = (await client.queues.list({ folder, query: { filter: eq('Name', 'InvoicesToProcess') } })).items[0]!;
  const iterate = () => {
    const listing = client.queues.items.iterate({ folder, query: { filter: eq('QueueDefinitionId', queue.Id) } });
    return listing[Symbol.asyncIterator]();
  };

  // A first, unmeasured listing warms both up and records the pages the bare loop replays; every item once.
  const ids = new Set<number>();
  sent.length = 0;
  for (let pages = iterate(), page = await pages.next(); !page.done; page = await pages.next())
    for (const item of page.value) ids.add(item.Id);
  const recorded = [...sent];
  stopRecording();
  const fetchPage = async (index: number) => {
    const page = recorded[index]!;
    return (await (await fetch(page.url, { headers: page.headers })).json()) as { value: unknown[] };
  };

  const result: ListingChildResult = { turns: [], validation: { zodMs: [], parseCollectionMs: [] } };
  for (let i = 0; i < Number(turns); i++) {
    collectGarbage();
    const mine = turn('client');
    const bare = turn('bare');
    const before = requests();
    const pages = iterate();
    let done = false;
    for (let block = 0; !done; block++) {
      const first = block * BLOCK;
      const clientBlock = async () => {
        for (let k = 0; k < BLOCK; k++) {
          const page = await pages.next();
          if (page.done) return void (done = true);
          mine.items += page.value.length;
        }
      };
      const bareBlock = async () => {
        for (let k = first; k < Math.min(first + BLOCK, recorded.length); k++)
          bare.items += (await fetchPage(k)).value.length;
      };
      // Which side goes first alternates too, so neither always runs on a machine the other has just warmed.
      if (block % 2 === 0) {
        await timed(mine, clientBlock);
        await timed(bare, bareBlock);
      } else {
        await timed(bare, bareBlock);
        await timed(mine, clientBlock);
      }
    }
    mine.requests = requests() - before;
    bare.requests = recorded.length;
    result.turns.push(mine, bare);
  }
  if (ids.size !== result.turns[0]?.items)
    throw new Error(`${ids.size} distinct items, ${result.turns[0]?.items} read`);

  const bodies = [];
  for (let index = 0; index < recorded.length; index++) bodies.push(await fetchPage(index));
  for (let i = 0; i < 3; i++) {
    let started = performance.now();
    for (const body of bodies) for (const row of body.value) QueueItemSchema.safeParse(row);
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
