// Issue 31, failures across the tenant: messages with their changing parts folded, faulted jobs grouped by process
// and by what failed, newest first, with counts, first and last times and a sample job.
import assert from 'node:assert/strict';
import { groupFailures, type FaultedJob } from '../../../../src/core/faults/failureGroups';
import { MAX_NORMALISED_CHARS, normaliseMessage } from '../../../../src/core/faults/normaliseMessage';

describe('failure messages normalised', () => {
  for (const [message, expected] of [
    ['Invoice total is missing for INV-20431', 'Invoice total is missing for [id]'],
    ['Invoice total is missing for INV-20432', 'Invoice total is missing for [id]'],
    ['Order PO#7781 rejected, order ORD_55-3 held', 'Order [id] rejected, order [id] held'],
    ['Vendor ACME00123 not in master data', 'Vendor [id] not in master data'],
    [
      "Invoice number 'INV 7' is not of the form INV-<digits>",
      'Invoice number "[text]" is not of the form INV-<digits>',
    ],
    ["Could not find file 'C:\\Users\\robot\\AppData\\Local\\Temp\\inv_4711.pdf'.", 'Could not find file "[text]".'],
    ['Could not find file C:\\Users\\robot\\Temp\\inv 4711.pdf', 'Could not find file [path] [number].pdf'],
    ['Access to the path \\\\fileserver\\invoices\\2026\\11 is denied.', 'Access to the path [path] is denied.'],
    ['No such file: /var/robots/run-17/out.csv', 'No such file: [path]'],
    [
      'Queue item 3f2504e0-4f89-11d3-9a0c-0305e82c3301 was already processed',
      'Queue item [guid] was already processed',
    ],
    ['Job {3F2504E0-4F89-11D3-9A0C-0305E82C3301} timed out', 'Job [guid] timed out'],
    ['Timeout of 30000 ms reached after 3 retries', 'Timeout of [number] ms reached after [number] retries'],
    ['Amount 1,234.56 exceeds limit 1000', 'Amount [number] exceeds limit [number]'],
    ['Posting date 2026-11-27T00:40:12.123Z is in a closed period', 'Posting date [date] is in a closed period'],
    ['Posting date 11/27/2026 10:15 PM is in a closed period', 'Posting date [date] is in a closed period'],
    ['Login failed at 10:15:03', 'Login failed at [date]'],
    ['The process exited with code 0xE0434352', 'The process exited with code [hex]'],
    ['Hash mismatch: 9f86d081884c7d65 vs 2c26b46b68ffc68f', 'Hash mismatch: [hex] vs [hex]'],
    ['Request to https://erp.example/api/v2/orders?id=55 failed (503)', 'Request to [path] failed ([number])'],
    ['Message "Element not found" from selector', 'Message "[text]" from selector'],
    ['Win32Exception in UTF8 decoder, HTTP2 stream', 'Win32Exception in UTF8 decoder, HTTP2 stream'],
    ["Can't find the element; it isn't there", "Can't find the element; it isn't there"],
    ['  several\n   lines\r\n of text ', 'several lines of text'],
  ] as const)
    it(`${JSON.stringify(message)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(normaliseMessage(message), expected);
    });

  it(`keeps at most ${MAX_NORMALISED_CHARS} characters of a very long message`, () => {
    const folded = normaliseMessage(`Bad document ${'<row a="1"/>'.repeat(100_000)}`);
    assert.equal(folded.length, MAX_NORMALISED_CHARS + 1);
    assert.ok(folded.endsWith('…'));
  });
});

const info = (message: string, type = 'System.Exception') =>
  `Message: ${message}\n\nSource: Throw\n\nException Type: ${type}\n\nRemoteException wrapping ${type}: ${message}`;

let id = 0;
function faulted(process: string, infoText: string | null, end: string): FaultedJob {
  id++;
  return { Key: `job-${id}`, ReleaseName: process, Info: infoText, CreationTime: end, StartTime: end, EndTime: end };
}

describe('failure groups', () => {
  it('groups by process and normalised message, newest first, with counts, first/last times and the newest job', () => {
    const jobs = [
      faulted('Invoice.Processing', info('Invoice total is missing for INV-20431'), '2026-11-26T08:00:00Z'),
      faulted('Invoice.Processing', info('Invoice total is missing for INV-20432'), '2026-11-26T12:00:00Z'),
      faulted('Invoice.Processing', info('Invoice total is missing for INV-20433'), '2026-11-26T10:00:00Z'),
      faulted(
        'Invoice.Processing',
        info("Invoice number 'x' is refused", 'System.FormatException'),
        '2026-11-26T09:00:00Z',
      ),
      faulted('Payroll', 'System.Exception: Could not reach C:\\Share\\payroll.xlsx', '2026-11-26T13:00:00Z'),
      faulted('Payroll', 'System.Exception: Could not reach D:\\Other\\payroll.xlsx', '2026-11-26T07:00:00Z'),
    ];
    const groups = groupFailures(jobs);
    assert.deepEqual(
      groups.map((p) => [p.process, p.count, p.last]),
      [
        ['Payroll', 2, '2026-11-26T13:00:00Z'],
        ['Invoice.Processing', 4, '2026-11-26T12:00:00Z'],
      ],
    );
    const invoice = groups[1]!.groups;
    assert.deepEqual(
      invoice.map((g) => [g.message, g.exceptionType, g.count, g.first, g.last, g.sample.Key]),
      [
        [
          'Invoice total is missing for [id]',
          'System.Exception',
          3,
          '2026-11-26T08:00:00Z',
          '2026-11-26T12:00:00Z',
          jobs[1]!.Key,
        ],
        [
          'Invoice number "[text]" is refused',
          'System.FormatException',
          1,
          '2026-11-26T09:00:00Z',
          '2026-11-26T09:00:00Z',
          jobs[3]!.Key,
        ],
      ],
    );
    assert.deepEqual(
      groups[0]!.groups.map((g) => [g.message, g.count, g.sample.Key]),
      [['Could not reach [path]', 2, jobs[4]!.Key]],
    );
  });

  it('keeps jobs without Info, without a process or with text it cannot read, and times a job that never started', () => {
    const never: FaultedJob = { Key: 'never', ReleaseName: null, Info: null, CreationTime: '2026-11-26T05:00:00Z' };
    const odd = faulted('Odd', 'Job stopped with an unexpected exit code: 0xE0434352', 'not a time');
    const groups = groupFailures([never, odd]);
    assert.deepEqual(
      groups.map((p) => [p.process, p.count, p.groups.map((g) => [g.message, g.first])]),
      [
        ['', 1, [['', '2026-11-26T05:00:00Z']]],
        ['Odd', 1, [['Job stopped with an unexpected exit code: [hex]', 'not a time']]],
      ],
    );
    assert.deepEqual(groupFailures([]), []);
  });
});
