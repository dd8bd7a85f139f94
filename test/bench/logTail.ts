// Log tail: the tail exactly as the editor builds it (followLog: the level setting's default, the engine's intervals
// and page size, transient failures ridden out) following a sandbox job that logs at a steady rate, and once more
// under a fault mix (truncated and malformed pages, resets, 503s). Lag is the time from a line's timestamp (when the
// simulated robot wrote it; the sandbox materialises lines on its 100 ms tick) to the tail yielding it. Every
// `Processing step i` line the job wrote at that level must arrive exactly once.
import { followLog } from '../../src/core/logs/follow';
import { DEFAULT_TAIL_LEVEL } from '../../src/core/logs/logLines';
import type { OrchestratorClient } from '../../src/core/orchestrator/client';
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { admin, requiredInputsFor } from '@orchestrator-workbench/sandbox/test-helpers';
import { stepLogLevel } from '@orchestrator-workbench/sandbox/orchestrator/simulator';
import { TAIL_LINES_DUPLICATED, TAIL_LINES_LOST } from './budgets';
import { percentile, type Figures } from './figures';
import { countingClient } from './countingClient';

/** What the editor passes besides (logTail.ts): the level setting's default. */
const EDITOR_LEVEL = { minLevel: DEFAULT_TAIL_LEVEL };
/**
 * What a poor network and a busy service do to the log reads: pages cut off half way or garbled, connections reset,
 * 503s (the transport retries some itself; the tail reads again from its cursor after the rest).
 */
const FAULT_MIX = [
  { path: '*/odata/RobotLogs*', truncate: true, probability: 0.1 },
  { path: '*/odata/RobotLogs*', malformed: true, probability: 0.05 },
  { path: '*/odata/RobotLogs*', reset: true, probability: 0.05 },
  { path: '*/odata/RobotLogs*', status: 503, probability: 0.05 },
  { path: '*/odata/Jobs*', status: 503, probability: 0.05 },
];
const FOLLOW_SECONDS = 20;
const IDLE_SECONDS = 60;

async function startJob(client: OrchestratorClient) {
  const folders = await client.folders.list();
  const folder = { id: folders.items.find((f) => f.DisplayName === 'Shared')!.Id };
  const release = (await client.releases.list({ folder })).items[0]!;
  const input = requiredInputsFor(
    (await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`)).Input,
  );
  const [job] = await client.jobs.start(
    { ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments: JSON.stringify(input) },
    { folder },
  );
  return { folder, job: job! };
}

/** Follows a job logging `linesPerSecond` for FOLLOW_SECONDS to its end, with the fault mix when asked. */
async function follow(figures: Figures, linesPerSecond: number, faults = false): Promise<void> {
  const sandbox = await startSandbox({
    jobDurationMs: FOLLOW_SECONDS * 1000,
    pickupDelayMs: 50,
    logIntervalMs: 1000 / linesPerSecond,
    rateLimitPerMinute: 1_000_000,
  });
  try {
    const { client, requests } = await countingClient(sandbox, 50);
    const { folder, job } = await startJob(client);
    if (faults) await admin(sandbox, 'faults', { rules: FAULT_MIX });
    const before = requests();
    const started = performance.now();
    const lags: number[] = [];
    const steps: number[] = [];
    let troubles = 0;
    for await (const event of followLog(client, folder, { jobKey: job.Key }, EDITOR_LEVEL)) {
      if (event.kind === 'finished') break;
      if (event.kind === 'trouble') troubles++;
      if (event.kind !== 'lines') continue;
      const now = Date.now();
      for (const line of event.lines) {
        lags.push(now - Date.parse(line.TimeStamp));
        const step = /^Processing step (\d+) of /.exec(line.Message)?.[1];
        if (step !== undefined) steps.push(Number(step));
      }
    }
    const minutes = (performance.now() - started) / 60_000;
    const last = Math.max(...steps);
    // The job's first line is 'execution started'; its steps are numbered from 1.
    const expected = Array.from({ length: last }, (_, i) => i + 1).filter((i) => stepLogLevel(i) !== 'Trace');
    const delivered = new Set(steps);
    const lost = expected.filter((i) => !delivered.has(i)).length;
    const duplicated = steps.length - delivered.size;
    const id = `tail.${linesPerSecond}${faults ? '.faults' : ''}`;
    const at = `${linesPerSecond.toLocaleString('en')} lines/s${faults ? ' under faults' : ''}`;
    figures.add(
      `${id}.lines`,
      `tail at ${at} for ${FOLLOW_SECONDS} s: step lines delivered (Information and above)`,
      steps.length,
      'lines',
      {
        note: `${last.toLocaleString('en')} steps written in all levels${faults ? `; ${troubles} failed reads ridden out` : ''}`,
      },
    );
    figures.add(`${id}.lost`, `tail at ${at}: lines lost`, lost, 'lines', { budget: TAIL_LINES_LOST });
    figures.add(`${id}.duplicated`, `tail at ${at}: lines duplicated`, duplicated, 'lines', {
      budget: TAIL_LINES_DUPLICATED,
    });
    figures.add(`${id}.lag.p50`, `tail at ${at}: lag p50`, percentile(lags, 0.5), 'ms');
    figures.add(`${id}.lag.p95`, `tail at ${at}: lag p95`, percentile(lags, 0.95), 'ms', {
      note: `max ${Math.max(...lags)} ms`,
    });
    figures.add(
      `${id}.perMinute`,
      `tail at ${at}: requests while following (logs + job state)`,
      Math.round((requests() - before) / minutes),
      'requests/min',
    );
  } finally {
    await sandbox.close();
  }
}

/** Follows a running job that has stopped writing: what an open, quiet tail costs. */
async function idle(figures: Figures): Promise<void> {
  console.log(`  an idle tail for ${IDLE_SECONDS} s…`);
  const sandbox = await startSandbox({
    jobDurationMs: (IDLE_SECONDS + 30) * 1000,
    pickupDelayMs: 50,
    logIntervalMs: 3_600_000,
  });
  const controller = new AbortController();
  try {
    const { client, requests } = await countingClient(sandbox, 50);
    const { folder, job } = await startJob(client);
    const before = requests();
    const timer = setTimeout(() => controller.abort(), IDLE_SECONDS * 1000);
    try {
      for await (const event of followLog(
        client,
        folder,
        { jobKey: job.Key },
        { ...EDITOR_LEVEL, signal: controller.signal },
      ))
        if (event.kind === 'finished') break;
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
    }
    figures.add(
      'tail.idle.perMinute',
      `tail of a running job that writes nothing, first ${IDLE_SECONDS} s: requests`,
      Math.round((requests() - before) / (IDLE_SECONDS / 60)),
      'requests/min',
      { note: 'the interval doubles from 1 s to 15 s while quiet; each quiet poll also reads the job state' },
    );
  } finally {
    await sandbox.close();
  }
}

/** Following at 200 and 2,000 lines/s, and at 200 lines/s under the fault mix (timings: run alone). */
export async function followingTailFigures(figures: Figures): Promise<void> {
  await follow(figures, 200);
  await follow(figures, 2000);
  await follow(figures, 200, true);
}

/** A quiet tail's requests per minute (a count: the bench runs it alongside the editor session). */
export const idleTailFigures = idle;
