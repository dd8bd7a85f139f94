// Listing all 100,000 items of the large queue with the client, next to a bare fetch loop over exactly the same
// pages (same URLs and headers, JSON parsed, nothing validated): the physical floor on this machine. Both run in a
// child process (listingChild.ts, bundled as the host is), taking turns every 20 pages, so the CPU counted is the client's alone (the
// sandbox serving the pages runs here) and machine noise falls on both alike. The CPU ratio is the client's overhead (paging,
// validation, scheduling, the transport); the wall-time ratio is shown next to it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { buildListingChild } from '../harness/build';
import { LARGE_QUEUE_ITEMS, LARGE_QUEUE_REQUEST_BUDGET } from './budgets';
import { BENCH_OUT } from './bundles';
import { median, type Figures } from './figures';
import type { ListingChildResult, ListingTurn } from './listingChild';

/** Alternations of client and bare loop (each lists 100,000 items). */
const TURNS = Number(process.env.BENCH_LISTING_TURNS ?? 5);

function runChild(serviceUrl: string, token: string): Promise<ListingChildResult> {
  // Bundled and minified as the extension ships, not run through tsx (whose transform names every function as it is
  // made): the CPU measured is that of the code users run, on both sides of the comparison.
  const child = buildListingChild(join(BENCH_OUT, 'listing'));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', child],
      {
        env: { ...process.env, BENCH_SERVICE_URL: serviceUrl, BENCH_TOKEN: token, BENCH_TURNS: String(TURNS) },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`listingChild failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as ListingChildResult);
      },
    );
  });
}

export async function queueListingFigures(figures: Figures): Promise<void> {
  const sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 });
  try {
    const tokens = await signIn(sandbox, 'admin');
    const { turns, validation } = await runChild(sandbox.url, tokens.access_token);
    const of = (kind: ListingTurn['kind']) => turns.filter((turn) => turn.kind === kind);
    const clientRuns = of('client');
    const bareRuns = of('bare');
    const wrong = turns.find((turn) => turn.items !== LARGE_QUEUE_ITEMS);
    if (wrong) throw new Error(`Expected ${LARGE_QUEUE_ITEMS} items, the ${wrong.kind} listing read ${wrong.items}`);
    const cpu = (turn: ListingTurn) => turn.userMs + turn.systemMs;
    figures.add(
      'queue100k.requests',
      'list all 100,000 items of the large queue: requests',
      clientRuns[0]!.requests,
      'requests',
      {
        budget: LARGE_QUEUE_REQUEST_BUDGET,
        note: '$top 100 is the cap on QueueItems; the count comes with the first page',
      },
    );
    figures.timing(
      'queue100k.client.s',
      'list 100,000 items with the client (rate limit lifted)',
      clientRuns.map((r) => round(r.seconds, 100)),
      's',
    );
    figures.timing(
      'queue100k.bare.s',
      'the same pages with a bare fetch loop (the floor)',
      bareRuns.map((r) => round(r.seconds, 100)),
      's',
    );
    figures.add(
      'queue100k.ratio',
      'client ÷ bare fetch loop, wall time',
      round(median(clientRuns.map((r) => r.seconds)) / median(bareRuns.map((r) => r.seconds)), 100),
      '×',
    );
    for (const [kind, runs] of [
      ['client', clientRuns],
      ['bare', bareRuns],
    ] as const) {
      const who = kind === 'client' ? 'the client' : 'the bare loop';
      figures.timing(
        `queue100k.cpu.${kind}.user.ms`,
        `CPU of ${who}: user`,
        runs.map((r) => Math.round(r.userMs)),
      );
      figures.timing(
        `queue100k.cpu.${kind}.system.ms`,
        `CPU of ${who}: system`,
        runs.map((r) => Math.round(r.systemMs)),
      );
    }
    figures.ratio(
      'queue100k.cpu.ratio',
      'client ÷ bare fetch loop, CPU (user + system, per listing)',
      clientRuns.map((run, i) => round(cpu(run) / cpu(bareRuns[i]!), 100)),
      `in a child process, turns of 20 pages, ${TURNS} listings each; goal ≤ 1.1×`,
    );
    figures.timing(
      'queue100k.validate.zod.ms',
      'validate the 100,000 rows with zod alone',
      validation.zodMs.map(Math.round),
    );
    figures.timing(
      'queue100k.validate.ms',
      'validate the 100,000 rows as the client does (fast path, zod for the rest)',
      validation.parseCollectionMs.map(Math.round),
    );
    figures.add(
      'queue100k.atBudget.min',
      'the same listing at the default budget of 50 requests/min',
      Math.ceil(clientRuns[0]!.requests / 50),
      'min',
      { note: 'whole-queue reads belong to Export, not to the tree' },
    );
  } finally {
    await sandbox.close();
  }
}

const round = (value: number, by = 10) => Math.round(value * by) / by;
