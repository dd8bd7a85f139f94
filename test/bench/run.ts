// `npm run bench`: measures against the sandbox on loopback, prints one table and writes .test-artifacts/bench/results.json
// (compared with the previous run there, else with the committed test/bench/baseline.json; `-- --baseline` records
// a new baseline). Counts have budgets (test/bench/budgets.ts, also checked by tests);
// timings are medians of several runs with min/max and are never asserted. `-- --only=<section>[,<section>]` runs
// some sections (the production build always runs): node, tree, job, failures, upload, export, queue, tail, editor (BENCH_SESSION_MS shortens the editor session while working
// on the bench; the figures are then per minute of that shorter session).
import { relative } from 'node:path';
import { productionBundles } from './bundles';
import { nodeActivationFigures } from './activationFigures';
import { treeFigures } from './treeFigures';
import { queueListingFigures } from './queueListing';
import { followingTailFigures, idleTailFigures } from './logTail';
import { jobLogFigures } from './jobLogFigures';
import { failureFigures } from './failureFigures';
import { uploadFigures } from './uploadFigures';
import { editorFigures } from './editorBench';
import { exportFigures } from './exportFigures';
import { BASELINE_FILE, Figures, previousResults, RESULTS_FILE, table, writeResults } from './figures';
import { installCleanup } from '../harness/processes';

const SECTIONS = ['node', 'tree', 'job', 'failures', 'upload', 'queue', 'tail', 'editor', 'export'] as const;

async function main(): Promise<number> {
  installCleanup();
  const only = process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${SECTIONS.join(', ')}.`);
    return 2;
  }
  const wanted = (name: (typeof SECTIONS)[number]) => !only || only.includes(name);
  const started = performance.now();
  const figures = new Figures();
  const section = async (name: (typeof SECTIONS)[number], title: string, work: () => Promise<void>) => {
    if (!wanted(name)) return;
    const at = performance.now();
    console.log(`\n${title}`);
    await work();
    console.log(`  (${((performance.now() - at) / 1000).toFixed(0)} s)`);
  };

  console.log('Building the production bundles…');
  const extensionPath = productionBundles(figures);
  await section('node', 'Activation in Node, production bundle, vscode stubbed:', () =>
    nodeActivationFigures(figures, extensionPath),
  );
  await section('tree', 'The Orchestrator tree on the large sandbox (real node code, vscode stubbed):', () =>
    treeFigures(figures),
  );
  await section('job', "The job panel's log: 1,000,000 lines on the large sandbox, read by line number:", () =>
    jobLogFigures(figures),
  );
  await section('failures', 'The Failures row on the large sandbox (real node code, vscode stubbed):', () =>
    failureFigures(figures),
  );
  await section('upload', 'Upload of a 20 MB package (multipart form data) to the sandbox:', () =>
    uploadFigures(figures),
  );
  await section('export', 'Export Items of the 100,000-item queue (rate limit lifted), CSV and JSON:', () =>
    exportFigures(figures),
  );
  await section(
    'tail',
    'Log tail at 200 and 2,000 lines/s, and at 200 under faults (built as the editor builds it):',
    () => followingTailFigures(figures),
  );
  // Counts and a ratio of alternating runs: these run while the editor session idles (it only counts requests),
  // which keeps the whole bench under five minutes.
  const alongside = async () => {
    await Promise.all([
      wanted('queue') ? queueListingFigures(figures) : undefined,
      wanted('tail') ? idleTailFigures(figures) : undefined,
    ]);
  };
  if (wanted('editor'))
    await section(
      'editor',
      'In code-server (production bundle), then a 2-minute session alongside the 100,000-item listing and an idle tail:',
      () => editorFigures(figures, extensionPath, alongside),
    );
  else
    await section(
      wanted('queue') ? 'queue' : 'tail',
      'The 100,000-item listing (rate limit lifted) and an idle tail:',
      alongside,
    );

  const seconds = (performance.now() - started) / 1000;
  const previous = previousResults();
  console.log(`\n${table(figures.sorted(), previous)}\n`);
  if (!only) {
    const file = process.argv.includes('--baseline') ? BASELINE_FILE : RESULTS_FILE;
    writeResults(figures.sorted(), seconds, file);
    console.log(`Written to ${relative(process.cwd(), file)}. bench finished in ${seconds.toFixed(0)} s.`);
  } else {
    console.log(`Only ${only.join(', ')}: results left as they were. ${seconds.toFixed(0)} s.`);
  }
  const over = figures.overBudget();
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((f) => `${f.label} ${f.value} > ${f.budget}`).join('; ')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
