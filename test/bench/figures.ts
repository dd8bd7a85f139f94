// The bench's figures: each is a count, a ratio, a size or a timing; timings carry every run so the table shows the
// median with min/max. Printed as one table and written as JSON (.test-artifacts/bench/results.json, ignored) to
// compare runs; `--baseline` records the committed baseline (test/bench/baseline.json) on purpose.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';

export type Unit = 'requests' | 'requests/min' | 'rows' | 'lines' | 'ms' | 's' | 'min' | 'KiB' | 'MB' | 'KB/row' | '×';

export interface Figure {
  /** Stable id, so runs of different commits can be compared (`tree.expandTenant.requests`). */
  id: string;
  label: string;
  unit: Unit;
  /** The median for timings, else the one value. */
  value: number;
  /** Every run of a timing (the table shows min–max). */
  runs?: number[];
  /** A count budget the tests also check: the value must not exceed it. */
  budget?: number;
  note?: string;
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The value below which `p` (0–1) of the samples fall (nearest rank). */
export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};

export class Figures {
  readonly all: Figure[] = [];

  /** A count, size or ratio. */
  add(id: string, label: string, value: number, unit: Unit, extra: Pick<Figure, 'budget' | 'note'> = {}): void {
    this.push({ id, label, unit, value, ...extra });
  }

  /** A timing (or a heap size) from several runs: the median, with every run kept. */
  timing(id: string, label: string, runs: number[], unit: 'ms' | 's' | 'MB' | 'KB/row' = 'ms', note?: string): void {
    this.push({ id, label, unit, value: median(runs), runs, ...(note ? { note } : {}) });
  }

  /** A ratio measured in several runs (turns): the median, with every run kept. */
  ratio(id: string, label: string, runs: number[], note?: string): void {
    this.push({ id, label, unit: '×', value: median(runs), runs, ...(note ? { note } : {}) });
  }

  private push(figure: Figure): void {
    this.all.push(figure);
    console.log(
      `  ${figure.label}: ${format(figure)}${figure.budget !== undefined ? ` (budget ${formatNumber(figure.budget)})` : ''}`,
    );
  }

  /** In section order (some sections run side by side and record in between each other). */
  sorted(): Figure[] {
    const order = ['bundle.', 'node.', 'tree.', 'joblog.', 'queue100k.', 'tail.', 'editor.', 'session.'];
    const rank = (figure: Figure) => order.findIndex((prefix) => figure.id.startsWith(prefix));
    return this.all
      .map((figure, index) => ({ figure, index }))
      .sort((a, b) => rank(a.figure) - rank(b.figure) || a.index - b.index)
      .map((entry) => entry.figure);
  }

  /** Figures over their budget (the bench fails on them, as the tests would). */
  overBudget(): Figure[] {
    return this.all.filter((f) => f.budget !== undefined && f.value > f.budget);
  }
}

const formatNumber = (value: number) =>
  Number.isInteger(value)
    ? value.toLocaleString('en')
    : value.toLocaleString('en', { maximumFractionDigits: value < 10 ? 2 : 1 });

export function format(figure: Pick<Figure, 'value' | 'unit' | 'runs'>): string {
  const value = `${formatNumber(figure.value)} ${figure.unit}`;
  if (!figure.runs || figure.runs.length < 2) return value;
  return `${value} (${formatNumber(Math.min(...figure.runs))}–${formatNumber(Math.max(...figure.runs))}, ${figure.runs.length} runs)`;
}

/** Each run's results: outside the tracked tree, so a bench run leaves the clone clean. */
export const RESULTS_FILE = join(__dirname, '..', '..', '.test-artifacts', 'bench', 'results.json');
/** The recorded baseline CONTRIBUTING.md's figures come from; written only with `--baseline`. */
export const BASELINE_FILE = join(__dirname, 'baseline.json');

export interface Results {
  date: string;
  commit: string;
  machine: { cpus: number; cpu: string; memoryGB: number; node: string };
  seconds: number;
  figures: Figure[];
}

/** The last run on this machine, else the committed baseline. */
export function previousResults(): Results | undefined {
  for (const file of [RESULTS_FILE, BASELINE_FILE]) {
    if (!existsSync(file)) continue;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Results;
    } catch {
      // unreadable: try the next
    }
  }
  return undefined;
}

export function writeResults(figures: Figure[], seconds: number, file = RESULTS_FILE): Results {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout: the figures still count
  }
  const results: Results = {
    date: new Date().toISOString(),
    commit,
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    seconds: Math.round(seconds),
    figures,
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

/** One Markdown table: figure, value (median, min–max, runs), budget, and the previous run's value. */
export function table(figures: Figure[], previous?: Results): string {
  const before = new Map(previous?.figures.map((f) => [f.id, f]));
  const lines = [
    `| figure | value | budget | previous${previous ? ` (${previous.commit})` : ''} |`,
    '| --- | --- | --- | --- |',
  ];
  for (const figure of figures) {
    const old = before.get(figure.id);
    const budget =
      figure.budget === undefined
        ? ''
        : `≤ ${formatNumber(figure.budget)}${figure.value > figure.budget ? ' **OVER**' : ''}`;
    lines.push(
      `| ${figure.label}${figure.note ? ` — ${figure.note}` : ''} | ${format(figure)} | ${budget} | ${old ? `${formatNumber(old.value)} ${old.unit}` : ''} |`,
    );
  }
  return lines.join('\n');
}
