import assert from 'node:assert/strict';
import {
  argumentFields,
  buildInputArguments,
  fieldKind,
  fieldText,
  parseField,
} from '../../../src/core/orchestrator/argumentFields';
import { formatDuration, jobDuration, watchJob } from '../../../src/core/orchestrator/jobWatch';
import { formatLogLine, LineWindow, localTimestamp } from '../../../src/core/logs/logLines';
import type { Job } from '../../../src/core/orchestrator/schemas';

const declared = [
  { name: 'in_Name', type: 'System.String', required: true, hasDefault: false },
  { name: 'in_Count', type: 'System.Int32', required: false, hasDefault: true },
  { name: 'in_Flag', type: 'System.Boolean' },
  { name: 'in_When', type: 'System.DateTime' },
  { name: 'in_Rate', type: 'System.Double' },
  { name: 'in_Big', type: 'System.Int64' },
  { name: 'in_List', type: 'System.String[]' },
  { name: 'in_Map', type: 'System.Collections.Generic.Dictionary`2[System.String,System.Object]' },
];

describe('start job: typed argument fields', () => {
  const fields = argumentFields(declared);
  const field = (name: string) => fields.find((f) => f.name === name)!;

  it('types each field from its fully qualified type', () => {
    assert.deepEqual(
      fields.map((f) => f.kind),
      ['text', 'integer', 'boolean', 'datetime', 'number', 'integer', 'json', 'json'],
    );
    assert.equal(fieldKind('System.TimeSpan'), 'duration');
    assert.equal(field('in_Name').mandatory, true);
    assert.equal(field('in_Count').mandatory, false, 'has a default');
    assert.equal(argumentFields(declared, new Set(['in_Name']))[0]!.mandatory, false, 'the process already gives it');
  });

  it('parses valid text into the value sent', () => {
    const ok: [string, string, unknown][] = [
      ['in_Name', '  spaced text  ', '  spaced text  '],
      ['in_Count', '42', 42],
      ['in_Count', '-7', -7],
      ['in_Flag', 'TRUE', true],
      ['in_Flag', 'false', false],
      ['in_When', '2026-01-31T09:00:00Z', '2026-01-31T09:00:00Z'],
      ['in_Rate', '12.5', 12.5],
      ['in_Big', '9007199254740991', 9007199254740991],
      ['in_List', '["a","b"]', ['a', 'b']],
      ['in_Map', '{"k": 1}', { k: 1 }],
    ];
    for (const [name, text, value] of ok)
      assert.deepEqual(parseField(field(name), text), { ok: true, value }, `${name} ${text}`);
    assert.deepEqual(parseField(field('in_Count'), ''), { ok: true, omitted: true });
  });

  it('refuses each kind of invalid value, naming the argument', () => {
    const bad: [string, string, RegExp][] = [
      ['in_Name', '', /in_Name is required/],
      ['in_Count', '4.5', /whole number/],
      ['in_Count', '1e3', /whole number/],
      ['in_Count', '0x10', /whole number/],
      ['in_Count', '2147483648', /out of range/],
      ['in_Count', 'ten', /whole number/],
      ['in_Flag', 'yes', /true or false/],
      ['in_Flag', '1', /true or false/],
      ['in_When', 'tomorrow', /date and time/],
      ['in_When', '2026-13-45T99:00:00Z', /date and time/],
      ['in_Rate', 'NaN', /number/],
      ['in_Rate', 'Infinity', /number/],
      ['in_Rate', '12,5', /number/],
      ['in_Big', '9007199254740993', /whole number/],
      ['in_List', 'a, b', /not valid JSON/],
      ['in_List', '"a"', /must be a list/],
      ['in_List', '["a", 1]', /in_List\[1\] must be text/],
      ['in_Map', '[1]', /JSON object/],
      ['in_Map', '{"k": ', /not valid JSON/],
    ];
    for (const [name, text, message] of bad) {
      const parsed = parseField(field(name), text);
      assert.ok(!parsed.ok, `${name} ${JSON.stringify(text)} was accepted`);
      assert.match(parsed.problem, message, `${name} ${JSON.stringify(text)}`);
      assert.match(parsed.problem, new RegExp(name.replace(/[[\]]/g, '\\$&')));
    }
  });

  it('shows a value back as the text that parses to it', () => {
    for (const [name, value] of [
      ['in_Name', 'x'],
      ['in_Count', 3],
      ['in_Flag', true],
      ['in_List', ['a']],
    ] as const) {
      assert.deepEqual(parseField(field(name), fieldText(field(name), value)), { ok: true, value });
    }
    assert.equal(fieldText(field('in_Count'), undefined), '');
  });

  it('builds the InputArguments text, leaving empty fields out, and reports every problem at once', () => {
    assert.deepEqual(buildInputArguments(fields, { in_Name: 'Ann', in_Count: '', in_Flag: 'true' }), {
      ok: true,
      json: '{"in_Name":"Ann","in_Flag":true}',
      values: { in_Name: 'Ann', in_Flag: true },
    });
    const bad = buildInputArguments(fields, { in_Count: 'x', in_Nope: '1' });
    assert.ok(!bad.ok);
    assert.deepEqual(
      bad.problems.map((p) => p.split(' ')[0]),
      ['in_Nope', 'in_Name', 'in_Count'],
    );
    const big = buildInputArguments(fields, { in_Name: 'x'.repeat(10_000) });
    assert.ok(!big.ok && /limit is 10,000/.test(big.problems.join()));
  });
});

describe('job watch', () => {
  const job = (State: string, extra: Partial<Job> = {}): Job =>
    ({ Id: 1, Key: 'k', State, CreationTime: '2026-01-01T00:00:00Z', ...extra }) as Job;

  it('yields each state change once and ends at a final state, backing off while nothing changes', async () => {
    const states = ['Pending', 'Pending', 'Running', 'Running', 'Running', 'Successful', 'Running'];
    const waits: number[] = [];
    let reads = 0;
    const seen: string[] = [];
    for await (const j of watchJob(async () => job(states[reads++]!), {
      sleep: async (ms) => void waits.push(ms),
      minIntervalMs: 1000,
      maxIntervalMs: 2000,
    }))
      seen.push(j.State);
    assert.deepEqual(seen, ['Pending', 'Running', 'Successful']);
    assert.equal(reads, 6, 'no read after the final state');
    assert.deepEqual(waits, [1000, 1500, 1000, 1500, 2000]);
  });

  it('rides out failed reads but gives up after several in a row', async () => {
    let reads = 0;
    const seen: string[] = [];
    for await (const j of watchJob(
      async () => {
        if (++reads <= 2) throw new Error('reset');
        return job('Faulted');
      },
      { sleep: async () => undefined },
    ))
      seen.push(j.State);
    assert.deepEqual(seen, ['Faulted']);
    await assert.rejects(async () => {
      for await (const _ of watchJob(async () => Promise.reject(new Error('down')), {
        sleep: async () => undefined,
        maxFailures: 3,
      }));
    }, /down/);
  });

  it('says how long a job ran', () => {
    assert.equal(
      jobDuration({
        CreationTime: '2026-01-01T00:00:00Z',
        StartTime: '2026-01-01T00:00:02Z',
        EndTime: '2026-01-01T00:01:07Z',
      }),
      '1 min 5 s',
    );
    assert.equal(
      jobDuration({ CreationTime: '2026-01-01T00:00:00Z', StartTime: null, EndTime: '2026-01-01T00:00:01Z' }),
      '1 s',
    );
    assert.equal(formatDuration(2 * 3600_000 + 3 * 60_000), '2 h 3 min');
    assert.equal(formatDuration(120_000), '2 min');
  });
});

describe('log lines', () => {
  it('shows local time, the level tag the log language colours, and the message', () => {
    const at = '2026-03-04T05:06:07.089Z';
    const d = new Date(at);
    assert.equal(
      localTimestamp(at),
      `${d.getFullYear()}-03-0${d.getDate()} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:07.089`,
    );
    assert.match(formatLogLine({ TimeStamp: at, Level: 'Information', Message: 'hi' }), / \[info\] hi$/);
    assert.match(formatLogLine({ TimeStamp: at, Level: 'Trace', Message: 'x' }), /\[debug\] x/);
    assert.match(formatLogLine({ TimeStamp: at, Level: 'Fatal', Message: 'x' }), /\[error\] FATAL x/);
    assert.match(formatLogLine({ TimeStamp: at, Level: 'Weird', Message: 'a\nb' }), /\[info\] a\n {4}b$/);
  });

  it('keeps the last lines under the cap and counts what it dropped', () => {
    const window = new LineWindow(10);
    assert.equal(window.push(['1', '2', '3']), false);
    assert.equal(window.push(Array.from({ length: 9 }, (_, i) => String(i + 4))), true);
    assert.equal(window.dropped, 3);
    assert.deepEqual(window.all(), ['4', '5', '6', '7', '8', '9', '10', '11', '12']);
    assert.throws(() => new LineWindow(0), /at least 1/);
  });
});
