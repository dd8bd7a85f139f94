import { badRequest, ErrorCode, HttpError } from '../server/errors';
import { parseFilter, type FilterNode } from '../odata/filter';
import { hash32 } from '../server/clock';
import type { LogRow, LogSegment } from './state';
import { LOG_LEVELS } from './sets';

/** The search-index store keeps only the first 10,000 entries of any query within reach. */
export const MAX_RESULT_WINDOW = 10_000;

interface LogQuery {
  robotName?: string;
  jobKey?: string;
  machineId?: number;
  minLevel?: number;
  after?: number;
}

const SUPPORTED = 'RobotName eq, JobKey eq, MachineId eq, Level ge, TimeStamp gt (joined with and)';

/** Only the filter forms the search-index store supports; anything else is a 400 naming them. */
function analyse(node: FilterNode, query: LogQuery): void {
  if (node.kind === 'logical' && node.op === 'and') {
    analyse(node.left, query);
    analyse(node.right, query);
    return;
  }
  const unsupported = () =>
    badRequest(`Unsupported robot-log filter. Supported forms: ${SUPPORTED}.`, ErrorCode.invalidQuery);
  if (node.kind !== 'compare' || node.left.kind !== 'path' || node.right.kind !== 'literal') throw unsupported();
  // Property names are case-insensitive, as everywhere in the service (README, Beyond the spec).
  const field = node.left.segments.join('/').toLowerCase();
  const value = node.right.value;
  if (field === 'robotname' && node.op === 'eq' && typeof value === 'string') query.robotName = value;
  else if (
    field === 'jobkey' &&
    node.op === 'eq' &&
    (typeof value === 'string' || (value && typeof value === 'object' && 'guid' in value))
  )
    query.jobKey = typeof value === 'string' ? value : value.guid;
  else if (field === 'machineid' && node.op === 'eq' && typeof value === 'number') query.machineId = value;
  else if (field === 'level' && node.op === 'ge' && typeof value === 'string') {
    const level = LOG_LEVELS.indexOf(value);
    if (level < 0) throw badRequest(`Level '${value}' is not one of ${LOG_LEVELS.join(', ')}.`, ErrorCode.invalidQuery);
    query.minLevel = level;
  } else if (field === 'timestamp' && node.op === 'gt' && value && typeof value === 'object' && 'datetime' in value)
    query.after = value.datetime;
  else throw unsupported();
}

function virtualRow(segment: LogSegment, index: number): LogRow {
  const v = segment.virtual!;
  const h = hash32(index);
  const level = h % 100 < 2 ? 'Error' : h % 100 < 10 ? 'Warning' : h % 100 < 30 ? 'Trace' : 'Information';
  return {
    Id: v.firstId + index,
    Level: level,
    TimeStamp: new Date(v.startMs + index * v.stepMs).toISOString(),
    Message: `History line ${index + 1}: processed item ${h % 100000}`,
  };
}

function* rowsOf(segment: LogSegment, descending: boolean): Generator<LogRow> {
  const count = segment.rows ? segment.rows.length : segment.virtual!.count;
  for (let n = 0; n < count; n++) {
    const i = descending ? count - 1 - n : n;
    yield segment.rows ? segment.rows[i]! : virtualRow(segment, i);
  }
}

/** Merges the per-job sequences (each already in time order) into one ordered stream. */
function* merged(segments: LogSegment[], descending: boolean): Generator<[LogRow, LogSegment]> {
  const heads = segments.map((segment) => ({
    segment,
    iterator: rowsOf(segment, descending),
    current: undefined as LogRow | undefined,
  }));
  for (const head of heads) head.current = head.iterator.next().value ?? undefined;
  for (;;) {
    let best: (typeof heads)[number] | undefined;
    for (const head of heads) {
      if (!head.current) continue;
      if (!best || (descending ? head.current.Id > best.current!.Id : head.current.Id < best.current!.Id)) best = head;
    }
    if (!best) return;
    yield [best.current!, best.segment];
    best.current = best.iterator.next().value ?? undefined;
  }
}

export function queryLogs(segments: LogSegment[], params: URLSearchParams, contextUrl: string) {
  for (const key of params.keys()) {
    if (key.startsWith('$') && !['$top', '$skip', '$filter', '$orderby', '$count'].includes(key))
      throw badRequest(`The query option '${key}' is not supported on RobotLogs.`, ErrorCode.invalidQuery);
  }
  const int = (name: string, fallback: number) => {
    const text = params.get(name);
    if (text === null) return fallback;
    if (!/^\d+$/.test(text)) throw badRequest(`${name} must be a non-negative integer.`, ErrorCode.invalidQuery);
    return Number(text);
  };
  const top = int('$top', 100);
  const skip = int('$skip', 0);
  if (top > 1000)
    throw badRequest(
      `The limit of '1000' for Top query has been exceeded. The value from the incoming request is '${top}'.`,
      ErrorCode.invalidQuery,
    );
  if (skip + top > MAX_RESULT_WINDOW) {
    throw new HttpError(
      400,
      ErrorCode.maxResultWindow,
      `Result window is too large, skip + take must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${skip + top}]. The pagination depth is limited by the max_result_window index setting.`,
    );
  }
  const query: LogQuery = {};
  const filterText = params.get('$filter');
  if (filterText) analyse(parseFilter(filterText), query);
  const order = params.get('$orderby')?.trim();
  if (order && !/^(TimeStamp|Id)( (asc|desc))?$/i.test(order))
    throw badRequest('RobotLogs can be ordered by TimeStamp or Id only.', ErrorCode.invalidQuery);
  const descending = /desc$/i.test(order ?? '');

  const chosen = segments.filter(
    (s) =>
      (!query.jobKey || s.JobKey.toLowerCase() === query.jobKey.toLowerCase()) &&
      (!query.robotName || s.RobotName === query.robotName) &&
      (query.machineId === undefined || s.MachineId === query.machineId),
  );
  const matches = (row: LogRow) =>
    (query.minLevel === undefined || LOG_LEVELS.indexOf(row.Level) >= query.minLevel) &&
    (query.after === undefined || Date.parse(row.TimeStamp) > query.after);
  const rowFilter = query.minLevel !== undefined || query.after !== undefined;
  const counting = params.get('$count') === 'true';
  // Without a row-level filter the total is known from the segment sizes, so a page never scans the whole history.
  const mustScanForCount = counting && rowFilter;
  const value: Record<string, unknown>[] = [];
  let seen = 0;
  for (const [row, segment] of merged(chosen, descending)) {
    if (!matches(row)) continue;
    seen++;
    if (seen > skip && value.length < top) {
      value.push({
        ...row,
        RawMessage: JSON.stringify({
          message: row.Message,
          level: row.Level,
          timeStamp: row.TimeStamp,
          jobId: segment.JobKey,
          processName: segment.ProcessName,
        }),
        ProcessName: segment.ProcessName,
        WindowsIdentity: segment.WindowsIdentity,
        JobKey: segment.JobKey,
        RobotName: segment.RobotName,
        MachineId: segment.MachineId,
      });
    } else if (!mustScanForCount && value.length >= top) break;
  }
  const total = rowFilter ? seen : chosen.reduce((sum, s) => sum + (s.rows ? s.rows.length : s.virtual!.count), 0);
  return {
    '@odata.context': `${contextUrl}/$metadata#RobotLogs`,
    ...(counting ? { '@odata.count': total } : {}),
    value,
  };
}
