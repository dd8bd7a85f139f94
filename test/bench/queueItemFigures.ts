// The queue items in the tree, on the large sandbox's 100,000-item queue: the first rows (requests, time), the heap
// per loaded row (10 lists of LIST_LIMIT rows: one list never holds more), and one list's heap after the user paged
// through all 100,000 items (bounded: the rows after these replace the rows shown).
import { LARGE_QUEUE_ITEMS, QUEUE_ITEMS_EXPAND_REQUESTS, TREE_PAGE_SIZE } from './budgets';
import type { Figures } from './figures';
import type { treeDriver } from './treeDriver';

const FIRST_RUNS = 5;
const HEAP_RUNS = 3;
const LISTS = 10;

type Driver = Awaited<ReturnType<typeof treeDriver>>;

export async function queueItemFigures(figures: Figures, driver: Driver, gc: () => void): Promise<void> {
  const LIST_LIMIT = driver.listLimit;
  const LOADED_ROWS = LISTS * LIST_LIMIT;
  const allItems = (scope?: string) => driver.allItems('Invoices', 'InvoicesToProcess', scope);

  const first = [];
  for (let i = 0; i < FIRST_RUNS; i++) first.push(await driver.firstItems(await allItems()));
  figures.add(
    'tree.items100k.first.requests',
    'expand All Items of the 100,000-item queue: requests',
    Math.max(...first.map((f) => f.requests)),
    'requests',
    { budget: QUEUE_ITEMS_EXPAND_REQUESTS, note: `${first[0]!.rows} rows and the count` },
  );
  figures.timing(
    'tree.items100k.first.ms',
    'expand All Items of the 100,000-item queue (the sandbox filters 100,000 items)',
    first.map((f) => Math.round(f.ms)),
  );

  const heapMB = () => process.memoryUsage().heapUsed / 2 ** 20;
  const heaps: number[] = [];
  let loaded: Awaited<ReturnType<Driver['walkItems']>>[] = [];
  for (let run = 0; run < HEAP_RUNS; run++) {
    gc();
    const before = heapMB();
    const lists = [];
    loaded = [];
    for (let i = 0; i < LISTS; i++) {
      const all = await allItems(`bench${i}`);
      lists.push(all);
      loaded.push(await driver.walkItems(all, LIST_LIMIT));
    }
    gc();
    heaps.push(Math.round((heapMB() - before) * 10) / 10);
    if (lists.length !== LISTS) throw new Error('the lists were let go before the reading');
  }
  const rows = loaded.reduce((sum, l) => sum + l.result.kept, 0);
  figures.add(
    'tree.items10k.requests',
    `load ${LOADED_ROWS.toLocaleString('en')} queue items (${LISTS} lists of ${LIST_LIMIT.toLocaleString('en')}): requests`,
    loaded.reduce((sum, l) => sum + l.requests, 0),
    'requests',
    { budget: LOADED_ROWS / TREE_PAGE_SIZE, note: `${rows.toLocaleString('en')} rows kept` },
  );
  figures.timing('tree.items10k.heapMB', `heap for ${LOADED_ROWS.toLocaleString('en')} loaded rows`, heaps, 'MB');
  figures.timing(
    'tree.items10k.perRow',
    'heap per loaded row',
    heaps.map((mb) => Math.round(((mb * 1024) / rows) * 100) / 100),
    'KB/row',
    'goal ≤ 1.2 KB: items, nodes and what they keep, while the list is expanded',
  );

  gc();
  const before = heapMB();
  const all = await allItems('bench100k');
  const walked = await driver.walkItems(all, LARGE_QUEUE_ITEMS);
  gc();
  const listMB = heapMB() - before;
  figures.add(
    'tree.items100k.requests',
    'page one list through all 100,000 items (Load more, then the rows after these): requests',
    walked.requests,
    'requests',
    {
      budget: LARGE_QUEUE_ITEMS / TREE_PAGE_SIZE,
      note: `${walked.result.seen.toLocaleString('en')} distinct items seen, at most ${walked.result.most.toLocaleString('en')} rows at once`,
    },
  );
  figures.add('tree.items100k.s', 'page one list through all 100,000 items (one run)', round(walked.ms / 1000), 's');
  figures.add('tree.items100k.heapMB', "one list's heap after all 100,000 items", round(listMB, 100), 'MB', {
    note: `${walked.result.kept.toLocaleString('en')} rows kept (the limit is ${LIST_LIMIT.toLocaleString('en')})`,
  });
  if (!all.id) throw new Error('the list was let go before the reading');
}

const round = (value: number, by = 10) => Math.round(value * by) / by;
