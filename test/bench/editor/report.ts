// The extension-host side of the editor bench reports one JSON line through the suite console prefix.
import { SUITE_LINE_PREFIX } from '../../harness/suiteLine';

export const BENCH_LINE = 'bench ';

export function report(figures: Record<string, unknown>): void {
  console.log(`${SUITE_LINE_PREFIX}${BENCH_LINE}${JSON.stringify(figures)}`);
}

/** Runs the measurement; a failure is printed through the prefix too (the runner shows it), then fails the run. */
export async function measure(work: () => Promise<Record<string, unknown>>): Promise<void> {
  try {
    report(await work());
  } catch (error) {
    console.log(`${SUITE_LINE_PREFIX}failed: ${(error as Error).stack ?? String(error)}`);
    throw error;
  }
}
