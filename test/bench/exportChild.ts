// A child process of the bench (exportFigures.ts forks it with --expose-gc): Export Items of the large sandbox's
// 100,000-item queue, CSV and JSON, through the client and the files the command uses, in a heap of its own (the
// sandbox stays in the parent). The heap is read after every page: streaming means it stays flat, not 100,000 items.
import { stat, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from '../../src/core/odata/filter';
import { pages } from '../../src/core/odata/paging';
import { writeQueueItems, type ExportFormat } from '../../src/core/orchestrator/queueItemsExport';
import { ExportFiles } from '../../src/host/commands/exportFiles';
import { QUEUE_ITEMS_PER_REQUEST } from './budgets';
import { clientWithToken } from './countingClient';

export interface ExportReading {
  format: ExportFormat;
  items: number;
  requests: number;
  seconds: number;
  /** The most the heap grew above where it started, read after each page (no collection forced). */
  peakHeapMB: number;
  /** The heap after a full collection once the file is written, above where it started. */
  afterHeapMB: number;
  fileMB: number;
}

function heapMB(collect: boolean): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  if (collect) gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function exportOnce(format: ExportFormat, dir: string): Promise<ExportReading> {
  const { client, requests } = clientWithToken(process.env.BENCH_SERVICE_URL!, process.env.BENCH_TOKEN!, 1_000_000);
  const folders = await client.folders.list();
  const folder = { id: folders.items.find((f) => f.DisplayName === 'Invoices')!.Id };
  const queue = (await client.queues.list({ folder, query: { filter: eq('Name', 'InvoicesToProcess') } })).items[0]!;
  const before = requests();
  const target = join(dir, `export.${format}`);
  const files = new ExportFiles(target);
  const start = heapMB(true);
  let peak = start;
  const started = performance.now();
  const items = pages(
    (top, skip, count, signal) =>
      client.queues.items.list({
        folder,
        signal,
        query: { top, skip, count, filter: eq('QueueDefinitionId', queue.Id), orderBy: [{ path: 'Id' }] },
      }),
    { pageSize: QUEUE_ITEMS_PER_REQUEST },
  );
  let written: number;
  try {
    written = await writeQueueItems({
      pages: items,
      format,
      out: await files.out(),
      spool: () => files.spool(),
      progress: () => void (peak = Math.max(peak, heapMB(false))),
    });
    await files.commit();
  } finally {
    await files.dispose();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    format,
    items: written,
    requests: requests() - before,
    seconds,
    peakHeapMB: peak - start,
    afterHeapMB: heapMB(true) - start,
    fileMB: (await stat(target)).size / 2 ** 20,
  };
}

async function main(): Promise<ExportReading[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-export-'));
  try {
    const readings: ExportReading[] = [];
    for (let run = 0; run < Number(process.env.BENCH_EXPORT_RUNS ?? 1); run++)
      for (const format of ['csv', 'json'] as const) readings.push(await exportOnce(format, dir));
    return readings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.send)
  main().then(
    (readings) => process.send!({ readings }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: String((error as Error).stack ?? error) }, () => process.exit(1)),
  );
