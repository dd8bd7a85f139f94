// The queue items in the tree, on the large sandbox's 100,000-item queue: the first rows (requests, time), the heap
// per loaded row (10 lists of LIST_LIMIT rows: one list never holds more), and one list's heap after the user paged
// through all 100,000 items (bounded: the rows after these replace the rows shown). Measured in a child process
// (queueItemChild.ts) whose heap holds only the tree's side.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { RunningSandbox } from '@orchestrator-workbench/sandbox';
import { LARGE_QUEUE_ITEMS, QUEUE_ITEMS_EXPAND_REQUESTS, TREE_PAGE_SIZE } from './budgets';
import type { Figures } from './figures';
import type { RowReadings, WalkReadings } from './queueItemChild';

/** Readings from a child with only the tree's side in its heap (`--walk`: the 100,000-item walk). */
function readInChild<T>(sandbox: RunningSandbox, args: string[] = []): Promise<T> {
  const child = fork(join(__dirname, 'queueItemChild.ts'), args, {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_SANDBOX: JSON.stringify({ ...sandbox, close: undefined }) },
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message: { readings?: T; error?: string }) =>
      message.readings ? resolve(message.readings) : reject(new Error(message.error)),
    );
    child.on('exit', (code) => reject(new Error(`the queue-item child ended (${code}) without readings`)));
  });
}

export async function queueItemFigures(figures: Figures, sandbox: RunningSandbox): Promise<void> {
  // Side by side (each heap is its own): the walk's 2,000 requests take the longest.
  const [{ listLimit, lists, first, heaps, rows, requests }, walked] = await Promise.all([
    readInChild<RowReadings>(sandbox),
    readInChild<WalkReadings>(sandbox, ['--walk']),
  ]);
  const count = (n: number) => n.toLocaleString('en');
  figures.add(
    'tree.items100k.first.requests',
    'expand All Items of the 100,000-item queue: requests',
    Math.max(...first.map((f) => f.requests)),
    'requests',
    { budget: QUEUE_ITEMS_EXPAND_REQUESTS, note: `${first[0]!.rows} rows and the count` },
  );
  figures.timing(
    'tree.items100k.first.ms',
    'expand All Items of the 100,000-item queue (the sandbox sorts 100,000 items)',
    first.map((f) => Math.round(f.ms)),
  );
  figures.add(
    'tree.items10k.requests',
    `load ${count(lists * listLimit)} queue items (${lists} lists of ${count(listLimit)}): requests`,
    requests,
    'requests',
    { budget: (lists * listLimit) / TREE_PAGE_SIZE, note: `${count(rows)} rows kept` },
  );
  figures.timing(
    'tree.items10k.heapMB',
    `heap for ${count(rows)} loaded rows`,
    heaps.map((mb) => round(mb)),
    'MB',
  );
  figures.timing(
    'tree.items10k.perRow',
    'heap per loaded row',
    heaps.map((mb) => round((mb * 1024) / rows, 100)),
    'KB/row',
    'goal ≤ 1.2 KB: the rows, what they keep and their share of the tree; kept while the list is expanded',
  );
  figures.add(
    'tree.items100k.requests',
    'page one list through all 100,000 items (Load more, then the rows after these): requests',
    walked.requests,
    'requests',
    {
      budget: LARGE_QUEUE_ITEMS / TREE_PAGE_SIZE,
      note: `${count(walked.seen)} distinct items seen, at most ${count(walked.most)} rows at once`,
    },
  );
  figures.add('tree.items100k.s', 'page one list through all 100,000 items (one run)', round(walked.ms / 1000), 's');
  figures.add('tree.items100k.heapMB', "one list's heap after all 100,000 items", round(walked.heapMB, 100), 'MB', {
    note: `${count(walked.kept)} rows kept (the limit is ${count(listLimit)})`,
  });
}

const round = (value: number, by = 10) => Math.round(value * by) / by;
