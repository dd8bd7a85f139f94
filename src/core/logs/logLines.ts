import type { RobotLog } from '../orchestrator/schemas';
import { t } from '../l10n';

/** The service's log levels, lowest first. */
export const LOG_LEVELS = ['Verbose', 'Trace', 'Information', 'Warning', 'Error', 'Fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Tails show this level and above unless the `orchestrator.logs.minimumLevel` setting says otherwise. */
export const DEFAULT_TAIL_LEVEL: LogLevel = 'Information';

export const isLogLevel = (value: unknown): value is LogLevel =>
  typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);

/**
 * Service level → the tag the editor's `log` language colours (trace, debug, info, warning, error). Fatal keeps its
 * own word inside the error tag so it can still be searched for.
 */
const TAGS: Record<LogLevel, string> = {
  Verbose: 'trace',
  Trace: 'debug',
  Information: 'info',
  Warning: 'warning',
  Error: 'error',
  Fatal: 'error',
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-11-21 10:15:03.120` in the machine's time zone: robots log in UTC, people read local time. */
export function localTimestamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** One log line as shown: local time, level tag, message (multi-line messages indented so each entry stays one block). */
export function formatLogLine(line: Pick<RobotLog, 'TimeStamp' | 'Level' | 'Message'>): string {
  const tag = isLogLevel(line.Level) ? TAGS[line.Level] : 'info';
  const fatal = line.Level === 'Fatal' ? 'FATAL ' : '';
  return `${localTimestamp(line.TimeStamp)} [${tag}] ${fatal}${line.Message.replace(/\r?\n/g, '\n    ')}`;
}

/**
 * The last `cap` lines of a tail. Appending past the cap drops the oldest lines and counts them, so the view can say
 * how many were dropped instead of silently losing them.
 */
export class LineWindow {
  private lines: string[] = [];
  dropped = 0;

  constructor(readonly cap: number) {
    if (!Number.isInteger(cap) || cap < 1) throw new Error(t('A line cap is a whole number of at least 1.'));
  }

  /** Returns true when older lines were dropped (the view must be rewritten rather than appended to). */
  push(lines: readonly string[]): boolean {
    this.lines.push(...lines);
    const over = this.lines.length - this.cap;
    if (over <= 0) return false;
    // Drop a tenth more than needed so a steady stream does not rewrite the view on every line.
    const drop = Math.min(this.lines.length, over + Math.floor(this.cap / 10));
    this.lines.splice(0, drop);
    this.dropped += drop;
    return true;
  }

  all(): readonly string[] {
    return this.lines;
  }

  get size(): number {
    return this.lines.length;
  }
}
