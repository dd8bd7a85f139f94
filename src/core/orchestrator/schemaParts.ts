import * as z from 'zod/mini';
import { t } from '../l10n';
import { withFastCheck } from '../odata/fastCheckHints';

// The service writes its times as ISO 8601 with a real calendar date, e.g. 2026-01-31T09:00:00.1234567Z: such text
// Date.parse always reads, and a compiled pattern tells it in a fraction of Date.parse's time (a listing checks three
// of them per row). Anything else (another layout, a 30 February) is left to the refine below, which decides.
const ISO_DATE_TIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The number written by the digits of `text` from `start` to `end` (the pattern has made sure they are digits). */
function digits(text: string, start: number, end: number): number {
  let number = 0;
  for (let i = start; i < end; i++) number = number * 10 + text.charCodeAt(i) - 48;
  return number;
}

/** True only for an ISO 8601 date-time on a day its month has: text Date.parse surely reads. */
export function isCalendarDateTime(value: unknown): boolean {
  // test() and the digits read in place: exec()'s match array cost as much as the pattern itself.
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return false;
  const day = digits(value, 8, 10);
  if (day <= 28) return true;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!);
}

/** A date-time the service sends as text. */
export const datetime = withFastCheck(
  z.string().check(z.refine((s) => !Number.isNaN(Date.parse(s)), t('not a datetime'))),
  isCalendarDateTime,
);
/** A field the spec marks null-able, which some responses also omit. */
export const nullable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
