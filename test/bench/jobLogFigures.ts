// The job panel's log: JobLogWindow (what the panel's host reads through) on the large sandbox's 1,000,000-line log,
// over loopback. Time to the first lines and to either end, jumps into the middle (each places an anchor with a
// count), scrolling on from there, and what the window holds after reading all over the log.
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { eq } from '../../src/core/odata/filter';
import { JobLogWindow } from '../../src/core/logs/logWindow';
import { jobLogPages } from '../../src/core/logs/logPages';
import { countingClient } from './countingClient';
import type { Figures } from './figures';

const JUMPS = 12;

export async function jobLogFigures(figures: Figures): Promise<void> {
  const sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 });
  try {
    const { client, requests } = await countingClient(sandbox, 1_000_000);
    const shared = (await client.folders.list()).items.find((f) => f.DisplayName === 'Shared')!;
    const folder = { id: shared.Id };
    const job = (await client.jobs.list({ folder, query: { filter: eq('Info', 'Long history job'), top: 1 } }))
      .items[0]!;
    const open = () => new JobLogWindow(jobLogPages(client, folder), { jobKey: job.Key, minLevel: 'Verbose' });
    const timed = async (work: () => Promise<unknown>) => {
      const before = requests();
      const at = performance.now();
      await work();
      return { ms: performance.now() - at, requests: requests() - before };
    };

    const first: number[] = [];
    const end: number[] = [];
    for (let run = 0; run < 3; run++) {
      const window = open();
      first.push((await timed(async () => window.read(0, 200))).ms);
      end.push((await timed(async () => window.read(999_800, 1_000_000))).ms);
    }
    figures.timing('joblog.first', 'Job log, 1,000,000 lines: count and first 200 lines', first);
    figures.timing('joblog.end', 'Job log: the last 200 lines', end);

    const window = open();
    await window.read(0, 200);
    const jumps: number[] = [];
    const jumpRequests: number[] = [];
    for (let i = 1; i <= JUMPS; i++) {
      const at = Math.round((i / (JUMPS + 1)) * 1_000_000);
      const jump = await timed(async () => window.read(at, at + 200));
      jumps.push(jump.ms);
      jumpRequests.push(jump.requests);
    }
    figures.timing('joblog.jump', 'Job log: a jump into the middle (anchor, then the page)', jumps);
    figures.add('joblog.jumpRequests', 'Job log: requests per jump (most)', Math.max(...jumpRequests), 'requests');
    const before = requests();
    for (let at = 500_200; at < 520_200; at += 200) await window.read(at, at + 200);
    figures.add(
      'joblog.scrollRequests',
      'Job log: requests for 100 pages scrolled on',
      requests() - before,
      'requests',
    );
    figures.add(
      'joblog.held',
      'Job log: lines the window holds after the jumps and 100 pages',
      window.cachedLines,
      'lines',
    );
  } finally {
    await sandbox.close();
  }
}
