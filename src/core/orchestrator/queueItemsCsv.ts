import { parse } from 'csv-parse/sync';
import { checkQueueItem } from './validation';
import { checkItemCount, ITEM_COLUMNS, SPECIFIC_PREFIX, type FileItem, type ItemColumn } from './queueItemsFile';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

export type CellType = 'integer' | 'number' | 'boolean' | 'date-time' | 'text';

/** Where a column goes and, for SpecificContent, the type its cells were read as. */
export interface CsvColumn {
  header: string;
  /** An item field, or the SpecificContent key. */
  target: { field: ItemColumn } | { key: string };
  type: CellType;
}

export interface CsvPreview {
  columns: CsvColumn[];
  items: FileItem[];
}

const INTEGER = /^-?(0|[1-9]\d*)$/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const BOOLEAN = /^(true|false)$/i;
/** ISO 8601 with a time (the form the service writes and takes); a date alone stays text. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const isDateTime = (cell: string) => DATE_TIME.test(cell) && !Number.isNaN(Date.parse(cell));

/**
 * The type of a SpecificContent column, from all its non-empty cells: integer when every one is a whole number
 * without leading zeros (safe in JavaScript), number when every one is a decimal number, boolean when every one is
 * true/false (any case), date-time when every one is an ISO 8601 date and time, text otherwise (and for a column with
 * no value at all). One cell that does not fit makes the whole column text, so "00123" or "12a" is never half read.
 */
export function columnType(cells: readonly string[]): CellType {
  const filled = cells.filter((c) => c !== '');
  if (filled.length === 0) return 'text';
  if (filled.every((c) => INTEGER.test(c) && Number.isSafeInteger(Number(c)))) return 'integer';
  if (filled.every((c) => NUMBER.test(c) && Number.isFinite(Number(c)))) return 'number';
  if (filled.every((c) => BOOLEAN.test(c))) return 'boolean';
  if (filled.every(isDateTime)) return 'date-time';
  return 'text';
}

const valueOf = (cell: string, type: CellType): string | number | boolean => {
  if (type === 'integer' || type === 'number') return Number(cell);
  if (type === 'boolean') return cell.toLowerCase() === 'true';
  return cell; // date-time and text are sent as written
};

/** Reads the header: item fields by name (any case), every other column a SpecificContent key. */
function readHeader(header: readonly string[]): { columns: Omit<CsvColumn, 'type'>[] } | { problem: string } {
  const seen = new Set<string>();
  const columns: Omit<CsvColumn, 'type'>[] = [];
  for (const [i, raw] of header.entries()) {
    const name = raw.trim();
    if (!name) return { problem: t('Row 1, column {0}: the header has no name for this column.', i + 1) };
    const field = ITEM_COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase());
    const target: CsvColumn['target'] = field
      ? { field }
      : { key: name.startsWith(SPECIFIC_PREFIX) ? name.slice(SPECIFIC_PREFIX.length) : name };
    const id = 'field' in target ? target.field.toLowerCase() : `${SPECIFIC_PREFIX}${target.key}`;
    if (seen.has(id)) return { problem: t('Row 1, column {0}: {1} appears twice in the header.', i + 1, name) };
    seen.add(id);
    columns.push({ header: name, target });
  }
  return { columns };
}

const PRIORITIES = ['High', 'Normal', 'Low'] as const;

/**
 * Reads a Bulk Add CSV file: a header row, then one item per row (quoted fields may hold commas, quotes and line
 * breaks; a BOM and CRLF line ends are fine; blank lines are skipped). Name, Reference, Priority, DeferDate and
 * DueDate (any case) are the item's fields; every other column is a SpecificContent key whose type is inferred per
 * column (columnType); an empty cell leaves the field or key out. Rows are numbered as a spreadsheet shows them (the
 * header is row 1). Answers the items and what each column became, or every problem with its row and column.
 */
export function parseQueueItemsCsv(text: string, queueName: string): CsvPreview | { problems: string[] } {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    return { problems: [t('The file is not valid CSV: {0}', errorMessage(error))] };
  }
  const [header, ...records] = rows;
  if (!header) return { problems: [t('The file holds no header row.')] };
  if (records.length === 0) return { problems: [t('The file holds no items.')] };
  const tooMany = checkItemCount(records.length);
  if (tooMany) return { problems: [tooMany] };
  const read = readHeader(header);
  if ('problem' in read) return { problems: [read.problem] };
  const problems: string[] = [];
  records.forEach((record, i) => {
    if (record.length !== header.length)
      problems.push(t('Row {0}: {1} column(s), but the header has {2}.', i + 2, record.length, header.length));
  });
  if (problems.length) return { problems };
  const columns: CsvColumn[] = read.columns.map((column, c) => ({
    ...column,
    type: 'key' in column.target ? columnType(records.map((r) => r[c]!)) : 'text',
  }));
  const items: FileItem[] = [];
  records.forEach((record, i) => {
    const item = itemOf(record, columns, queueName, (column, problem) =>
      problems.push(t('Row {0}, column {1}: {2}', i + 2, column, problem)),
    );
    if (!item) return;
    const problem = checkQueueItem({ ...item, Name: queueName });
    if (problem) problems.push(t('Row {0}: {1}', i + 2, problem));
    else items.push(item);
  });
  return problems.length ? { problems } : { columns, items };
}

/** One row as an item; undefined (with `problem` told) when a cell cannot be what its column is. */
function itemOf(
  record: readonly string[],
  columns: readonly CsvColumn[],
  queueName: string,
  problem: (column: string, message: string) => void,
): FileItem | undefined {
  const item: FileItem = {};
  const content: Record<string, string | number | boolean> = {};
  let good = true;
  const refuse = (column: string, message: string) => ((good = false), problem(column, message));
  columns.forEach((column, c) => {
    const cell = record[c]!;
    if (cell === '') return;
    const { target } = column;
    if ('key' in target) content[target.key] = valueOf(cell, column.type);
    else if (target.field === 'Name') {
      if (cell.trim().toLowerCase() !== queueName.toLowerCase())
        refuse(column.header, t("names queue '{0}', not '{1}'.", cell, queueName));
    } else if (target.field === 'Priority') {
      const priority = PRIORITIES.find((p) => p.toLowerCase() === cell.trim().toLowerCase());
      if (priority) item.Priority = priority;
      else refuse(column.header, t("'{0}' is not High, Normal or Low.", cell));
    } else if (target.field === 'DeferDate' || target.field === 'DueDate') {
      if (isDateTime(cell.trim())) item[target.field] = cell.trim();
      else refuse(column.header, t("'{0}' is not a date and time (ISO 8601, e.g. 2026-01-31T09:00:00Z).", cell));
    } else item.Reference = cell;
  });
  if (Object.keys(content).length) item.SpecificContent = content;
  return good ? item : undefined;
}
