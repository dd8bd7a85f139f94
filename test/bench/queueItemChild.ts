// A child process of the bench (queueItemFigures.ts forks it with --expose-gc): the tree's queue-item rows, measured
// in a heap of their own. The sandbox stays in the parent, so its 100,000 items and its per-request work never blur
// the heap readings (in one process they moved them by tens of MB either way).
import type { RunningSandbox } from '@orchestrator-workbench/sandbox';
import { LARGE_QUEUE_ITEMS } from './budgets';
import { treeDriver } from './treeDriver';

const FIRST_RUNS = 5;
const HEAP_RUNS = 3;
const LISTS = 10;

export type RowReadings = Awaited<ReturnType<typeof rowFigures>>;
export type WalkReadings = Awaited<ReturnType<typeof walkFigures>>;

type Driver = Awaited<ReturnType<typeof treeDriver>>;

/** The heap after a full collection, in MB. */
function heapMB(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const allItems = (driver: Driver, scope?: string) => driver.allItems('Invoices', 'InvoicesToProcess', scope);

/**
 * LISTS new lists of LIST_LIMIT rows (one list never holds more): the heap they hold, read while they are held. In a
 * function of its own so nothing of them outlives it: an async function's locals live on in its suspended frame,
 * and a loop's last lists were still held when the next run read its starting heap.
 */
async function loadLists(driver: Driver, run: number, before: number) {
  const lists = [];
  const walked = [];
  for (let i = 0; i < LISTS; i++) {
    lists.push(await allItems(driver, `bench${run}.${i}`));
    walked.push(await driver.walkItems(lists[i]!, driver.listLimit));
  }
  const heap = heapMB() - before;
  if (lists.length !== LISTS) throw new Error('the lists were let go before the reading');
  return {
    heap,
    rows: walked.reduce((sum, l) => sum + l.result.kept, 0),
    requests: walked.reduce((sum, l) => sum + l.requests, 0),
  };
}

async function rowFigures(driver: Driver) {
  const first = [];
  for (let i = 0; i < FIRST_RUNS; i++) first.push(await driver.firstItems(await allItems(driver)));
  const runs = [];
  for (let run = 0; run < HEAP_RUNS; run++) runs.push(await loadLists(driver, run, heapMB()));
  return {
    listLimit: driver.listLimit,
    lists: LISTS,
    first: first.map(({ requests, ms, rows }) => ({ requests, ms, rows })),
    heaps: runs.map((r) => r.heap),
    rows: runs[0]!.rows,
    requests: runs[0]!.requests,
  };
}

/** One list paged through every item, as the user would: its heap at the end. */
async function walkFigures(driver: Driver) {
  const before = heapMB();
  const all = await allItems(driver, 'bench100k');
  const walked = await driver.walkItems(all, LARGE_QUEUE_ITEMS);
  const heap = heapMB() - before;
  if (!all.id) throw new Error('the list was let go before the reading');
  return { requests: walked.requests, ms: walked.ms, ...walked.result, heapMB: heap };
}

if (process.send) {
  const sandbox = JSON.parse(process.env.BENCH_SANDBOX!) as RunningSandbox;
  const figures = (driver: Driver): Promise<RowReadings | WalkReadings> =>
    process.argv.includes('--walk') ? walkFigures(driver) : rowFigures(driver);
  treeDriver(sandbox)
    .then(figures)
    .then(
      (readings) => process.send!({ readings }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String((error as Error).stack ?? error) }, () => process.exit(1)),
    );
}
