// The figures only the real editor can give: activation inside code-server (each new workbench window is a new
// extension host, so each run activates afresh) and a two-minute working session's requests by route.
import { join } from 'node:path';
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { launchBrowser } from '../harness/browser';
import { startEditor } from '../harness/editor';
import { runSuite } from '../harness/suiteRunner';
import { bundleRunner } from '../integration/bundle';
import { RATE_LIMITED_PER_MINUTE_BUDGET, SERVICE_RATE_LIMIT_PER_MINUTE } from './budgets';
import type { Figures } from './figures';
import { BENCH_LINE } from './editor/report';
import type { ActivationCost } from '../../src/ctx';
import { jobPanelFigures, type JobPanelReport } from './jobPanelFigures';

const ACTIVATION_RUNS = 5;

interface SessionReport {
  minutes: number;
  watched: number;
  stillWatched: number;
  visible: { explorer: boolean; ideas: boolean };
  expanded: string[];
  counts: Record<string, number>;
}

/** `alongside` runs while the two-minute session idles (work whose figures are counts or ratios, not times alone). */
export async function editorFigures(
  figures: Figures,
  extensionPath: string,
  alongside: () => Promise<void>,
): Promise<void> {
  const activationSuite = await bundleRunner('bench-activation', join(__dirname, 'editor', 'activation.ts'));
  const sessionSuite = await bundleRunner('bench-session', join(__dirname, 'editor', 'session.ts'));
  const jobPanelSuite = await bundleRunner('bench-job-panel', join(__dirname, 'editor', 'jobPanel.ts'));
  // Jobs run past the session so both stay watched throughout.
  const sandbox = await startSandbox({ jobDurationMs: 240_000 });
  const connection = {
    kind: 'cloud',
    serviceUrl: sandbox.url,
    identityUrl: `${sandbox.url}/identity`,
    account: 'sandbox',
    tenant: 'main',
    loginHint: 'developer',
    prompt: 'none',
    label: 'Sandbox',
  };
  const editor = await startEditor({
    name: 'bench',
    smokeTestDriver: true,
    settings: { 'orchestrator.connections': [connection] },
    env: {
      ...(process.env.BENCH_SESSION_MS ? { BENCH_SESSION_MS: process.env.BENCH_SESSION_MS } : {}),
      ORCHESTRATOR_SANDBOX_URL: sandbox.url,
      ORCHESTRATOR_SANDBOX_IDEAS: JSON.stringify({ token: sandbox.ideasToken, appKey: sandbox.ideasAppKey }),
    },
  });
  const browser = await launchBrowser();
  try {
    const run = async <T>(suiteDir: string, what: string): Promise<T> => {
      let found: T | undefined;
      const code = await runSuite(browser.context, editor, {
        suiteDir,
        extensionPath,
        onLine: (line) => {
          if (line.startsWith(BENCH_LINE)) found = JSON.parse(line.slice(BENCH_LINE.length)) as T;
          else console.log(`    ${line}`);
        },
      });
      if (code !== 0 || !found) throw new Error(`The editor's ${what} run failed (exit ${code}).`);
      return found;
    };
    const activations: ActivationCost[] = [];
    for (let i = 0; i < ACTIVATION_RUNS; i++)
      activations.push((await run<{ activation: ActivationCost }>(activationSuite, 'activation')).activation);
    figures.timing(
      'editor.activate.ms',
      'activate() in code-server (production bundle; recorded by the extension)',
      activations.map((a) => round(a.activateMs)),
    );
    figures.timing(
      'editor.ready.ms',
      'activation until stored sessions are loaded, in code-server',
      activations.map((a) => round(a.readyMs)),
    );
    figures.add(
      'editor.activation.requests',
      'requests during activation, in code-server',
      Math.max(...activations.map((a) => a.requestsBeforeReady)),
      'requests',
      { budget: 0 },
    );

    console.log('  the job panel on the 1,000,000-line log: five opens, then jumps and scrolling in one panel…');
    jobPanelFigures(figures, (await run<{ jobPanel: JobPanelReport }>(jobPanelSuite, 'job panel')).jobPanel);

    console.log(
      '  a 2-minute session in code-server: both trees visible, Jobs and a queue expanded, two jobs watched…',
    );
    const [{ session }] = await Promise.all([run<{ session: SessionReport }>(sessionSuite, 'session'), alongside()]);
    console.log(`    expanded rows: ${session.expanded.join(', ')}`);
    if (!session.visible.explorer || !session.visible.ideas)
      throw new Error(`Both trees must be visible during the session: ${JSON.stringify(session.visible)}`);
    if (session.watched !== 2 || session.stillWatched !== 2)
      throw new Error(
        `Two jobs must be watched throughout: started ${session.watched}, at the end ${session.stillWatched}`,
      );
    const perMinute = (match: (route: string) => boolean) =>
      round(
        Object.entries(session.counts)
          .filter(([route]) => match(route))
          .reduce((sum, [, n]) => sum + n, 0) / session.minutes,
      );
    const get = (set: string) => (route: string) => route === `GET /sandbox/main/odata/${set}`;
    const jobs = perMinute(get('Jobs'));
    const items = perMinute(get('QueueItems'));
    figures.add(
      'session.rateLimited.perMinute',
      `session: GET Jobs + GET QueueItems (rate-limited, ${SERVICE_RATE_LIMIT_PER_MINUTE}/min/tenant)`,
      round(jobs + items),
      'requests/min',
      {
        budget: RATE_LIMITED_PER_MINUTE_BUDGET,
        note: `Jobs ${jobs}, QueueItems ${items}: ${round(((jobs + items) / SERVICE_RATE_LIMIT_PER_MINUTE) * 100)}% of the tenant's limit`,
      },
    );
    figures.add(
      'session.jobByKey.perMinute',
      'session: GET Jobs(<key>) (watching, not rate-limited)',
      perMinute((route) => route === 'GET /sandbox/main/odata/Jobs(…)'),
      'requests/min',
    );
    figures.add(
      'session.all.perMinute',
      'session: every request',
      perMinute(() => true),
      'requests/min',
      {
        note: Object.entries(session.counts)
          .map(([route, n]) => `${route.replace('/sandbox/main', '')} ${n}`)
          .join(', '),
      },
    );
  } finally {
    await browser.close();
    await editor.stop();
    await sandbox.close();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;
