// The extension-host side of the editor bench reports one JSON line through the suite console prefix.
import { SUITE_LINE_PREFIX } from '../../harness/suiteLine';

export const BENCH_LINE = 'bench ';

export function report(figures: Record<string, unknown>): void {
  console.log(`${SUITE_LINE_PREFIX}${BENCH_LINE}${JSON.stringify(figures)}`);
}
