import assert from 'node:assert/strict';
import { prepareFastPath } from '../../../src/core/odata/envelope';
import { fastCheck } from '../../../src/core/odata/schemaFastPath';
import { datetime, isCalendarDateTime } from '../../../src/core/orchestrator/schemaParts';
import { seeded } from './seeded';

const two = (n: number) => String(n).padStart(2, '0');

/** Date-times as a service writes them, with every part now and then out of range or in another layout. */
function dateText(random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // One part in 25 just out of range.
  const near = (low: number, high: number) =>
    random() < 0.04 ? pick([low - 1, high + 1]) : Math.floor(low + random() * (high - low + 1));
  const year =
    random() < 0.9 ? pick(['2026', '2024', '1900', '2000', '2100', '0000', '9999']) : pick(['+002026', '26', '20266']);
  const date = `${year}-${two(near(1, 12))}-${two(random() < 0.5 ? near(27, 31) : near(1, 31))}`;
  const seconds = random() < 0.8 ? `:${two(near(0, 59))}` : '';
  const fraction = seconds && random() < 0.6 ? `.${'1234567891'.slice(0, Math.floor(random() * 11))}` : '';
  const time = `${two(near(0, 24))}:${two(near(0, 59))}${seconds}${fraction}`;
  const zone = pick(['Z', 'Z', '', 'z', `+${two(near(0, 23))}:${two(near(0, 59))}`, '-05:30', '+0200', '+05']);
  const text = `${date}${pick(['T', 'T', 'T', ' ', 't'])}${time}${zone}`;
  // Some texts lose or gain a character, or are not dates at all.
  const mutation = random();
  if (mutation < 0.05) return text.slice(0, Math.floor(random() * text.length));
  if (mutation < 0.1) return `${text}${pick([' ', 'x', '0', '\n'])}`;
  if (mutation < 0.12) return pick(['', 'yesterday', 'Thu, 01 Jan 2026 10:00:00 GMT', '1', 'NaN', '2026']);
  return text;
}

describe('Date-time fast check', () => {
  before(() => prepareFastPath());

  it('passes only text Date.parse reads, and agrees with zod on 20,000 generated date-times', () => {
    const random = seeded(1129);
    const check = fastCheck(datetime);
    let surely = 0;
    let refused = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = dateText(random);
      const parsed = datetime.safeParse(text);
      if (isCalendarDateTime(text)) {
        surely++;
        assert.ok(!Number.isNaN(Date.parse(text)), `the pattern passed ${JSON.stringify(text)}, Date.parse refuses it`);
      }
      assert.equal(check(text), parsed.success, `fast check and zod differ on ${JSON.stringify(text)}`);
      if (!parsed.success) refused++;
    }
    assert.ok(surely > 4_000 && refused > 2_000, `${surely} passed by the pattern, ${refused} refused by zod`);
  });

  it('reads a service’s date-time without Date.parse, and still asks it about other layouts', () => {
    const check = fastCheck(datetime);
    const parse = Date.parse;
    let calls = 0;
    Date.parse = (text: string) => (calls++, parse(text));
    try {
      for (const text of ['2026-01-31T09:00:00.1234567Z', '2024-02-29T23:59:59Z', '2026-04-30T00:00:00+02:00'])
        assert.ok(check(text), text);
      assert.equal(calls, 0);
      assert.ok(check('2026-01-31 09:00:00Z'), 'another layout Date.parse reads');
      assert.ok(!check('2026-01-31T09:00:00Zx'));
      assert.ok(!check(20260131));
      assert.equal(calls, 2, 'the two texts the pattern does not pass went to the refine');
    } finally {
      Date.parse = parse;
    }
  });
});
