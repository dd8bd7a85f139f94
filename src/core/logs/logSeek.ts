import { t } from '../l10n';

/**
 * A point in a job's log the service can start a read from: every line after `timeMs` (`TimeStamp gt`) begins at
 * line `index` of the log (in the window's order and scope). Counting the lines after a moment is the only way a real
 * service tells where a moment falls: its search index refuses `$skip` beyond 10,000 lines and takes no other filter
 * on time.
 */
export interface LogAnchor {
  timeMs: number;
  index: number;
}

/** More lines than one read can skip share a single millisecond: the lines around `index` cannot be reached. */
export class UnreachableLines extends Error {
  constructor(readonly index: number) {
    super(
      t(
        'The service cannot show these lines: more than {0} lines of this log share one moment, and it reads at most that many past a moment.',
        10_000,
      ),
    );
  }
}

/** Seeking stops after this many counts: interpolation lands in one or two; halving a year of milliseconds takes 35. */
const MAX_COUNTS = 80;

/**
 * Finds an anchor at most `reach` lines before line `target`, so that one read of the lines after it, skipping
 * `target - anchor.index`, returns the target. Known anchors (sorted by time) bound the search; new ones are added.
 * `count(timeMs)` answers how many lines of the scope come after that moment. Steps alternate between interpolation
 * (logs are written at a roughly even pace: one count usually lands) and halving the gap (bursts), so the search
 * always ends.
 */
export async function seekAnchor(
  anchors: LogAnchor[],
  target: number,
  reach: number,
  total: number,
  count: (timeMs: number) => Promise<number>,
): Promise<LogAnchor> {
  for (let step = 0; ; step++) {
    const below = anchors.findLast((a) => a.index <= target);
    const above = anchors.find((a) => a.index > target);
    if (below && target - below.index <= reach) return below;
    if (!below || !above) throw new Error(t('The start and end of this log are not known yet.'));
    if (above.timeMs - below.timeMs <= 1 || step >= MAX_COUNTS) throw new UnreachableLines(target);
    const aim = target - reach / 2;
    const share = (aim - below.index) / (above.index - below.index);
    const guess =
      step % 2 === 0
        ? below.timeMs + (above.timeMs - below.timeMs) * share
        : below.timeMs + (above.timeMs - below.timeMs) / 2;
    const timeMs = Math.min(above.timeMs - 1, Math.max(below.timeMs + 1, Math.round(guess)));
    insertAnchor(anchors, { timeMs, index: total - (await count(timeMs)) });
  }
}

/** Keeps anchors sorted by time (and so by index: lines after a later moment are never more). */
export function insertAnchor(anchors: LogAnchor[], anchor: LogAnchor): void {
  const at = anchors.findIndex((a) => a.timeMs >= anchor.timeMs);
  if (at < 0) anchors.push(anchor);
  else if (anchors[at]!.timeMs === anchor.timeMs) anchors[at] = anchor;
  else anchors.splice(at, 0, anchor);
}
