import assert from 'node:assert/strict';
import { columnType, parseQueueItemsCsv } from '../../../src/core/orchestrator/queueItemsCsv';
import { BULK_ADD_LIMITS, checkFileSize, parseQueueItemsFile } from '../../../src/core/orchestrator/queueItemsFile';

const read = (text: string) => {
  const result = parseQueueItemsCsv(text, 'Orders');
  assert.ok(!('problems' in result), 'problems' in result ? result.problems.join(' | ') : '');
  return result;
};
const problems = (text: string) => {
  const result = parseQueueItemsCsv(text, 'Orders');
  assert.ok('problems' in result, `expected problems for ${JSON.stringify(text)}`);
  return result.problems;
};

describe('Bulk Add from CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, a BOM and CRLF line ends', () => {
    const text =
      '\uFEFFReference,Note,Amount\r\n' +
      '"A,1","He said ""hi""",1.5\r\n' +
      '"B\r\n2","line one\nline two",2\r\n' +
      '\r\n' + // a blank line is skipped
      'C,,3\r\n';
    const { items, columns } = read(text);
    assert.deepEqual(items, [
      { Reference: 'A,1', SpecificContent: { Note: 'He said "hi"', Amount: 1.5 } },
      { Reference: 'B\r\n2', SpecificContent: { Note: 'line one\nline two', Amount: 2 } },
      { Reference: 'C', SpecificContent: { Amount: 3 } },
    ]);
    assert.equal(columns[0]!.header, 'Reference', 'the BOM is not part of the first column name');
    assert.deepEqual(read('\uFEFF"Reference",N\n"a",1\n').items, [{ Reference: 'a', SpecificContent: { N: 1 } }]);
    assert.deepEqual(
      columns.map((c) => [c.header, 'field' in c.target ? c.target.field : `SC.${c.target.key}`, c.type]),
      [
        ['Reference', 'Reference', 'text'],
        ['Note', 'SC.Note', 'text'],
        ['Amount', 'SC.Amount', 'number'],
      ],
    );
  });

  it('maps the item fields by name in any case, the rest (and SpecificContent.<key>) to SpecificContent', () => {
    const { items } = read(
      'name,REFERENCE,priority,DeferDate,DueDate,SpecificContent.Reference,Vendor\n' +
        'orders,r1,high,2026-01-01T09:00:00Z,2026-01-02T09:00:00+01:00,inner,ACME\n' +
        ',r2,,,,,\n',
    );
    assert.deepEqual(items, [
      {
        Reference: 'r1',
        Priority: 'High',
        DeferDate: '2026-01-01T09:00:00Z',
        DueDate: '2026-01-02T09:00:00+01:00',
        SpecificContent: { Reference: 'inner', Vendor: 'ACME' },
      },
      { Reference: 'r2' },
    ]);
  });

  it('infers one type per column: integer, number, boolean, date-time, else text', () => {
    assert.equal(columnType(['1', '-20', '']), 'integer');
    assert.equal(columnType(['1', '2.5', '1e3']), 'number');
    assert.equal(columnType(['TRUE', 'false']), 'boolean');
    assert.equal(columnType(['2026-01-01T00:00:00Z', '2026-02-01T10:30']), 'date-time');
    assert.equal(columnType(['00123', '5']), 'text', 'a leading zero keeps the column text');
    assert.equal(columnType(['12', '12a']), 'text', 'one cell that does not fit makes the column text');
    assert.equal(columnType(['2026-01-01']), 'text', 'a date without a time is text');
    assert.equal(columnType(['9007199254740993']), 'number', 'beyond a safe integer');
    assert.equal(columnType(['', '']), 'text');
    const { items, columns } = read('Count,Paid,Zip,When\n3,true,01234,2026-01-01T00:00:00Z\n4,FALSE,9,\n');
    assert.deepEqual(
      columns.map((c) => c.type),
      ['integer', 'boolean', 'text', 'date-time'],
    );
    assert.deepEqual(items, [
      { SpecificContent: { Count: 3, Paid: true, Zip: '01234', When: '2026-01-01T00:00:00Z' } },
      { SpecificContent: { Count: 4, Paid: false, Zip: '9' } },
    ]);
  });

  it('names the row and column of every bad row, and reads no items then', () => {
    const bad = problems(
      'Reference,Priority,DueDate\n' +
        'ok,Low,\n' + // row 2
        'x,Urgent,\n' + // row 3: priority
        'y,High,tomorrow\n' + // row 4: date
        'z,Normal,2026-13-45T00:00:00Z\n', // row 5: not a real date
    );
    assert.deepEqual(bad, [
      "Row 3, column Priority: 'Urgent' is not High, Normal or Low.",
      "Row 4, column DueDate: 'tomorrow' is not a date and time (ISO 8601, e.g. 2026-01-31T09:00:00Z).",
      "Row 5, column DueDate: '2026-13-45T00:00:00Z' is not a date and time (ISO 8601, e.g. 2026-01-31T09:00:00Z).",
    ]);
    assert.deepEqual(problems('Reference,Amount\na,1\nb,2,3\nc\n'), [
      'Row 3: 3 column(s), but the header has 2.',
      'Row 4: 1 column(s), but the header has 2.',
    ]);
    assert.deepEqual(problems('Name,Reference\nOther,a\n'), ["Row 2, column Name: names queue 'Other', not 'Orders'."]);
    assert.match(
      problems('DeferDate,DueDate\n2026-02-01T00:00:00Z,2026-01-01T00:00:00Z\n')[0]!,
      /^Row 2: DueDate must not be before DeferDate/,
    );
    assert.match(problems('Reference,"unclosed\na,b\n')[0]!, /^The file is not valid CSV/);
    assert.match(problems('Reference,,Amount\na,b,1\n')[0]!, /^Row 1, column 2: the header has no name/);
    assert.match(problems('Amount,Amount\n1,2\n')[0]!, /^Row 1, column 2: Amount appears twice/);
    assert.match(problems('Reference,reference\n1,2\n')[0]!, /^Row 1, column 2: reference appears twice/);
    assert.match(problems('Reference\n')[0]!, /no items/);
    assert.match(problems('')[0]!, /no header row/);
  });

  it('caps the rows and the file size as for JSON files', () => {
    const rows = Array.from({ length: BULK_ADD_LIMITS.items + 1 }, (_, i) => `r${i}`);
    assert.match(problems(`Reference\n${rows.join('\n')}\n`)[0]!, /holds 10,001 items; at most 10,000/);
    const json = parseQueueItemsFile(JSON.stringify(rows.map((Reference) => ({ Reference }))), 'Orders');
    assert.ok('problems' in json && /at most 10,000/.test(json.problems[0]!));
    assert.equal(read(`Reference\n${rows.slice(1).join('\n')}\n`).items.length, BULK_ADD_LIMITS.items);
    assert.equal(checkFileSize(BULK_ADD_LIMITS.fileBytes), undefined);
    assert.match(checkFileSize(BULK_ADD_LIMITS.fileBytes + 1)!, /at most 4,194,304 are read/);
  });
});
