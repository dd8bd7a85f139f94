import { displayLocale, t } from '../l10n';

// How a time from a service reads: the service writes UTC (`2026-11-26T14:03:00Z`); the user reads local time in the
// display language, and how long ago.

/** "3 min ago", "2 h ago", "5 d ago": short, for descriptions. A time ahead of the clock (skew) reads as now. */
export function relativeTime(iso: string | null | undefined, now: number): string {
  if (!iso) return '';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return t('{0} s ago', seconds);
  if (seconds < 3600) return t('{0} min ago', Math.floor(seconds / 60));
  if (seconds < 86_400) return t('{0} h ago', Math.floor(seconds / 3600));
  return t('{0} d ago', Math.floor(seconds / 86_400));
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A service's time for a tooltip: local date and time in the display language, then how long ago —
 * "26 Nov 2026, 15:03 (3 min ago)"; a time more than a minute ahead says only its date and time. No time: undefined
 * (the row shows "—"); text that is not a time comes back as it is (still escaped by the tooltip). `timeZone` is for
 * tests; the editor's machine's zone otherwise.
 */
export function localTime(iso: string | null | undefined, now: number, timeZone?: string): string | undefined {
  if (!iso) return undefined;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const key = `${displayLocale() ?? ''}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format)
    formats.set(
      key,
      (format = new Intl.DateTimeFormat(displayLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone })),
    );
  const local = format.format(at);
  return at - now > 60_000 ? local : t('{0} ({1})', local, relativeTime(iso, now));
}
