// Export Items of the large sandbox's 100,000-item queue (rate limit lifted): requests, time and heap, CSV and JSON,
// measured in a child process (exportChild.ts) so the sandbox's own heap stays out of the readings.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { LARGE_QUEUE_ITEMS, LARGE_QUEUE_REQUEST_BUDGET } from './budgets';
import type { Figures } from './figures';
import type { ExportReading } from './exportChild';

function readInChild(serviceUrl: string, token: string): Promise<ExportReading[]> {
  const child = fork(join(__dirname, 'exportChild.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_SERVICE_URL: serviceUrl, BENCH_TOKEN: token },
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message: { readings?: ExportReading[]; error?: string }) =>
      message.readings ? resolve(message.readings) : reject(new Error(message.error)),
    );
    child.on('exit', (code) => reject(new Error(`the export child ended (${code}) without readings`)));
  });
}

export async function exportFigures(figures: Figures): Promise<void> {
  const sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 });
  try {
    const tokens = await signIn(sandbox, 'admin');
    const readings = await readInChild(sandbox.url, tokens.access_token);
    const wrong = readings.find((r) => r.items !== LARGE_QUEUE_ITEMS);
    if (wrong) throw new Error(`Expected ${LARGE_QUEUE_ITEMS} items, the ${wrong.format} export wrote ${wrong.items}`);
    for (const format of ['csv', 'json'] as const) {
      const runs = readings.filter((r) => r.format === format);
      const name = format.toUpperCase();
      figures.add(
        `export100k.${format}.requests`,
        `export 100,000 items as ${name}: requests`,
        runs[0]!.requests,
        'requests',
        {
          budget: LARGE_QUEUE_REQUEST_BUDGET,
          note: 'pages of 100, the count with the first',
        },
      );
      figures.timing(
        `export100k.${format}.s`,
        `export 100,000 items as ${name} (rate limit lifted)`,
        runs.map((r) => round(r.seconds, 100)),
        's',
      );
      figures.timing(
        `export100k.${format}.peakHeapMB`,
        `export as ${name}: most heap growth, read after each page`,
        runs.map((r) => round(r.peakHeapMB)),
        'MB',
        `file ${round(runs[0]!.fileMB)} MB; streaming: one page held at a time`,
      );
      figures.timing(
        `export100k.${format}.afterHeapMB`,
        `export as ${name}: heap kept once written (after a collection)`,
        runs.map((r) => round(r.afterHeapMB)),
        'MB',
      );
    }
    figures.add(
      'export100k.atBudget.min',
      'the same export at the default budget of 50 requests/min',
      Math.ceil(LARGE_QUEUE_REQUEST_BUDGET / 50),
      'min',
    );
  } finally {
    await sandbox.close();
  }
}

const round = (value: number, by = 10) => Math.round(value * by) / by;
