import { hash32 } from '../server/clock';
import type { LogRow, VirtualLog } from './state';
import { LOG_LEVELS } from './sets';

/**
 * A job log of `count` lines computed from the line index, never stored (README, "The 1,000,000-line log"). Levels
 * repeat with a period of PERIOD lines, so the number of lines at or above a level before any index, and the k-th such
 * line, are arithmetic: a page costs O(page) whatever the log's length, and so does a level-filtered one.
 */
export const PERIOD = 1000;
/** Positions in each period holding an Error line: a business exception caught per invoice, and the last but one. */
const ERROR_AT = new Set([417, PERIOD - 2]);

function levelAt(position: number): number {
  if (position === 0 || position === PERIOD - 1) return LOG_LEVELS.indexOf('Information');
  if (ERROR_AT.has(position)) return LOG_LEVELS.indexOf('Error');
  const h = hash32(`level ${position}`) % 100;
  return LOG_LEVELS.indexOf(h < 5 ? 'Warning' : h < 25 ? 'Trace' : 'Information');
}

const LEVEL_OF = Uint8Array.from({ length: PERIOD }, (_, p) => levelAt(p));
/** For each minimum level: the positions of one period at or above it, in order. */
const POSITIONS = LOG_LEVELS.map((_, min) => [...LEVEL_OF.keys()].filter((p) => LEVEL_OF[p]! >= min));
/** For each minimum level: how many of a period's positions before p are at or above it (p = 0…PERIOD). */
const BEFORE = LOG_LEVELS.map((_, min) => {
  const counts = new Uint16Array(PERIOD + 1);
  for (let p = 0; p < PERIOD; p++) counts[p + 1] = counts[p]! + (LEVEL_OF[p]! >= min ? 1 : 0);
  return counts;
});

/** How many of the first `index` lines are at or above level `min` (an index into LOG_LEVELS). */
export function countBefore(min: number, index: number): number {
  const perPeriod = POSITIONS[min]!.length;
  return Math.floor(index / PERIOD) * perPeriod + BEFORE[min]![index % PERIOD]!;
}

/** The line index of the k-th line (from 0) at or above level `min`. */
export function indexOfMatch(min: number, k: number): number {
  const positions = POSITIONS[min]!;
  return Math.floor(k / positions.length) * PERIOD + positions[k % positions.length]!;
}

/** The first line whose TimeStamp is after `ms` (TimeStamp gt), or `count` when none is. */
export function firstAfter(log: VirtualLog, ms: number): number {
  if (ms < log.startMs) return 0;
  return Math.min(log.count, Math.floor((ms - log.startMs) / log.stepMs) + 1);
}

const invoice = (n: number) => `INV-${20_000 + (n % 80_000)}`;

/** Line `index` of the log: its level, time and text follow from the index alone. */
export function hugeLogRow(log: VirtualLog, processName: string, index: number): LogRow {
  const level = LOG_LEVELS[LEVEL_OF[index % PERIOD]!]!;
  const h = hash32(index);
  const item = Math.floor(index / 4);
  const base = {
    Id: log.firstId + index,
    Level: level,
    TimeStamp: new Date(log.startMs + index * log.stepMs).toISOString(),
  };
  if (index === 0) return { ...base, Message: `${processName} execution started`, FileName: 'Main' };
  if (index === log.count - 1) return { ...base, Message: `${processName} execution ended`, FileName: 'Main' };
  if (index === log.count - 2 && log.finalError)
    return { ...base, Message: log.finalError.message, FileName: log.finalError.fileName };
  if (level === 'Error')
    return {
      ...base,
      Message: `Throw 'Total missing': Invoice total is missing for ${invoice(item)}`,
      FileName: 'Process Invoice',
    };
  if (level === 'Warning')
    return {
      ...base,
      Message: `Vendor V-${1000 + (h % 9000)} is not in the master data; defaults used`,
      FileName: 'Process Invoice',
    };
  if (level === 'Trace')
    return {
      ...base,
      Message: `Read Invoice: ${1 + (h % 12)} line items parsed for ${invoice(item)}`,
      FileName: 'Main',
    };
  return {
    ...base,
    Message: `Line ${index + 1}: processing invoice ${invoice(item)} (${item + 1} of ${Math.ceil(log.count / 4)})`,
    FileName: 'Main',
  };
}
