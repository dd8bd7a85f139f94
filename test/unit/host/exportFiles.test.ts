import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExportFiles } from '../../../src/host/commands/exportFiles';
import { writeQueueItems, type ExportFormat } from '../../../src/core/orchestrator/queueItemsExport';
import type { QueueItem } from '../../../src/core/orchestrator/schemas';
import { queueItemOf } from '../core/queueItemOf';

describe('Export Items files', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'export-files-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const items = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) =>
      queueItemOf(from + i, { Reference: `r${from + i}`, SpecificContent: { [`k${(from + i) % 3}`]: from + i } }),
    );

  /** As the command does: write, put in place when complete, remove what is left either way. */
  async function exportTo(target: string, pages: AsyncIterable<QueueItem[]>, format: ExportFormat) {
    const files = new ExportFiles(target);
    try {
      await writeQueueItems({ pages, format, out: await files.out(), spool: () => files.spool() });
      await files.commit();
    } finally {
      await files.dispose();
    }
  }

  it('writes beside the target and puts the file in its place only when complete, leaving nothing else', async () => {
    const target = join(dir, 'out.csv');
    async function* pages() {
      yield items(2);
      assert.equal(existsSync(target), false, 'no file under the target name while it is written');
      yield items(2, 2);
    }
    await exportTo(target, pages(), 'csv');
    assert.deepEqual(await readdir(dir), ['out.csv']);
    assert.equal(
      await readFile(target, 'utf8'),
      'Reference,Priority,DeferDate,DueDate,k0,k1,k2\r\nr0,Normal,,,0,,\r\nr1,Normal,,,,1,\r\nr2,Normal,,,,,2\r\nr3,Normal,,,3,,\r\n',
    );
  });

  it('leaves no half file and the older file untouched when the export stops', async () => {
    const target = join(dir, 'out.json');
    await writeFile(target, 'older');
    const stop = new AbortController();
    async function* pages() {
      yield items(2);
      stop.abort();
      stop.signal.throwIfAborted();
    }
    await assert.rejects(exportTo(target, pages(), 'json'), /abort/i);
    assert.deepEqual(await readdir(dir), ['out.json']);
    assert.equal(await readFile(target, 'utf8'), 'older');
  });
});
