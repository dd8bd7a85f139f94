import type { QueueItem } from './schemas';
import { ITEM_COLUMNS, SPECIFIC_PREFIX, type FileItem } from './queueItemsFile';

export type ExportFormat = 'csv' | 'json';

/** Where the export writes: text appended in order. */
export interface ExportSink {
  write(text: string): Promise<void>;
}

/** A scratch file for the CSV export: lines written, then read back in order. */
export interface ExportSpool extends ExportSink {
  lines(): AsyncIterable<string>;
}

/** The item as Bulk Add reads it (nulls left out), so an exported file goes back in as it came out. */
export function exportRecord(item: QueueItem): FileItem {
  const record: FileItem = {};
  if (item.Reference) record.Reference = item.Reference;
  if (item.Priority === 'High' || item.Priority === 'Normal' || item.Priority === 'Low')
    record.Priority = item.Priority;
  if (item.DeferDate) record.DeferDate = item.DeferDate;
  if (item.DueDate) record.DueDate = item.DueDate;
  if (item.SpecificContent && Object.keys(item.SpecificContent).length) record.SpecificContent = item.SpecificContent;
  return record;
}

/** One CSV cell (RFC 4180): quoted when it holds a quote, a comma, a line break or edge spaces; empty for null. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A SpecificContent key's column: its name, or `SpecificContent.<key>` where the name would read as an item field. */
export function keyColumn(key: string): string {
  const clashes =
    key.startsWith(SPECIFIC_PREFIX) || ITEM_COLUMNS.some((c) => c.toLowerCase() === key.trim().toLowerCase());
  return clashes || key.trim() !== key || key === '' ? `${SPECIFIC_PREFIX}${key}` : key;
}

const FIELD_COLUMNS = ['Reference', 'Priority', 'DeferDate', 'DueDate'] as const;
const CRLF = '\r\n';

export interface ExportRun {
  pages: AsyncIterable<QueueItem[]>;
  format: ExportFormat;
  out: ExportSink;
  /** The CSV export's scratch file (JSON writes straight to `out`). */
  spool: () => Promise<ExportSpool>;
  /** After each page: the items read so far. */
  progress?: (items: number) => void;
  signal?: AbortSignal;
}

/**
 * Writes the items page by page, never holding more than one page. JSON: an array of Bulk Add items. CSV: the
 * columns Reference, Priority, DeferDate, DueDate, then every SpecificContent key in the order first met across all
 * items (keyColumn names them); since a key may first appear on the last page, the rows go to a scratch file (one
 * JSON line each) while the pages are read, and the CSV is written from it once the key set is known: no request is
 * made twice. Answers how many items were written.
 */
export async function writeQueueItems(run: ExportRun): Promise<number> {
  const { pages, format, out, progress, signal } = run;
  let count = 0;
  if (format === 'json') {
    await out.write('[');
    for await (const page of pages) {
      const lines = page.map((item, i) => `${count + i ? ',' : ''}\n${JSON.stringify(exportRecord(item))}`);
      await out.write(lines.join(''));
      count += page.length;
      progress?.(count);
    }
    await out.write(count ? '\n]\n' : ']\n');
    return count;
  }
  const spool = await run.spool();
  const keys = new Map<string, true>();
  for await (const page of pages) {
    const records = page.map(exportRecord);
    for (const record of records) for (const key of Object.keys(record.SpecificContent ?? {})) keys.set(key, true);
    await spool.write(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    count += page.length;
    progress?.(count);
  }
  const columns = [...keys.keys()];
  await out.write([...FIELD_COLUMNS, ...columns.map(keyColumn)].map(csvCell).join(',') + CRLF);
  const batch: string[] = [];
  for await (const line of spool.lines()) {
    signal?.throwIfAborted();
    const record: FileItem = JSON.parse(line);
    batch.push(csvRow(record, columns));
    if (batch.length >= 1000) await out.write(batch.splice(0).join(''));
  }
  if (batch.length) await out.write(batch.join(''));
  return count;
}

function csvRow(record: FileItem, keys: readonly string[]): string {
  const cells = [
    ...FIELD_COLUMNS.map((field) => csvCell(record[field])),
    ...keys.map((key) => csvCell(record.SpecificContent?.[key])),
  ];
  return cells.join(',') + CRLF;
}
