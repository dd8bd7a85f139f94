import assert from 'node:assert/strict';
import { parseQueueItemsCsv } from '../../../src/core/orchestrator/queueItemsCsv';
import { parseQueueItemsFile } from '../../../src/core/orchestrator/queueItemsFile';
import {
  csvCell,
  keyColumn,
  writeQueueItems,
  type ExportFormat,
  type ExportSpool,
} from '../../../src/core/orchestrator/queueItemsExport';
import type { QueueItem } from '../../../src/core/orchestrator/schemas';
import { queueItemOf as item } from './queueItemOf';

/** Runs the export into memory, recording each write: what the file holds, and how many items were held at once. */
async function exported(format: ExportFormat, pageList: QueueItem[][]) {
  const writes: string[] = [];
  const spooled: string[] = [];
  let pagesRead = 0;
  async function* pages() {
    for (const page of pageList) {
      pagesRead++;
      yield page;
    }
  }
  const spool: ExportSpool = {
    write: async (text) => void spooled.push(text),
    async *lines() {
      for (const line of spooled.join('').split('\n')) if (line) yield line;
    },
  };
  const progress: number[] = [];
  const count = await writeQueueItems({
    pages: pages(),
    format,
    out: { write: async (text) => void writes.push(text) },
    spool: async () => spool,
    progress: (n) => progress.push(n),
  });
  return { text: writes.join(''), writes, count, progress, pagesRead, spooled };
}

const PAGES = [
  [
    item(1, { Reference: 'A,1', Priority: 'High', SpecificContent: { Note: 'He said "hi"', Amount: 1.5 } }),
    item(2, { Reference: null, DueDate: '2026-02-01T00:00:00Z', SpecificContent: { Note: 'two\nlines', Paid: true } }),
  ],
  // A key first met on the last page still gets its column; a key named like an item field keeps its own.
  [item(3, { Reference: 'c', Priority: 'Low', SpecificContent: { Amount: 3, Reference: 'inner', Late: 'x' } })],
];

describe('Export Items writer', () => {
  it('writes CSV with the fields, then every SpecificContent key in first-seen order, page by page', async () => {
    const { text, count, progress, pagesRead } = await exported('csv', PAGES);
    assert.equal(count, 3);
    assert.deepEqual(progress, [2, 3], 'progress after each page');
    assert.equal(pagesRead, 2);
    assert.equal(
      text,
      'Reference,Priority,DeferDate,DueDate,Note,Amount,Paid,SpecificContent.Reference,Late\r\n' +
        '"A,1",High,,,"He said ""hi""",1.5,,,\r\n' +
        ',Normal,,2026-02-01T00:00:00Z,"two\nlines",,true,,\r\n' +
        'c,Low,,,,3,,inner,x\r\n',
    );
  });

  it('writes CSV that Bulk Add reads back as the same items', async () => {
    const { text } = await exported('csv', PAGES);
    const back = parseQueueItemsCsv(text, 'Orders');
    assert.ok(!('problems' in back), 'problems' in back ? back.problems.join(' | ') : '');
    assert.deepEqual(back.items, [
      { Reference: 'A,1', Priority: 'High', SpecificContent: { Note: 'He said "hi"', Amount: 1.5 } },
      { Priority: 'Normal', DueDate: '2026-02-01T00:00:00Z', SpecificContent: { Note: 'two\nlines', Paid: true } },
      { Reference: 'c', Priority: 'Low', SpecificContent: { Amount: 3, Reference: 'inner', Late: 'x' } },
    ]);
  });

  it('writes JSON that Bulk Add reads back, one page per write', async () => {
    const { text, writes } = await exported('json', PAGES);
    assert.equal(writes.length, 4, 'the opening, one write per page, the close');
    const back = parseQueueItemsFile(text, 'Orders');
    assert.ok(!('problems' in back));
    assert.deepEqual(back.items[1], {
      Priority: 'Normal',
      DueDate: '2026-02-01T00:00:00Z',
      SpecificContent: { Note: 'two\nlines', Paid: true },
    });
    assert.equal((await exported('json', [])).text, '[]\n', 'an empty export is an empty array');
    const empty = await exported('csv', []);
    assert.equal(empty.text, 'Reference,Priority,DeferDate,DueDate\r\n');
  });

  it('quotes only cells that need it and names clashing keys', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell(' padded'), '" padded"');
    assert.equal(csvCell('a"b'), '"a""b"');
    assert.equal(csvCell('a\r\nb'), '"a\r\nb"');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(false), 'false');
    assert.equal(keyColumn('Vendor'), 'Vendor');
    assert.equal(keyColumn('priority'), 'SpecificContent.priority');
    assert.equal(keyColumn('SpecificContent.x'), 'SpecificContent.SpecificContent.x');
  });
});
