import { badRequest, ErrorCode, HttpError } from '../server/errors';
import { parseFilter, type FilterNode } from '../odata/filter';
import type { LogRow, LogSegment } from './state';
import { LOG_LEVELS } from './sets';
import { countBefore, firstAfter, hugeLogRow, indexOfMatch } from './hugeLog';

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

/** One job's matching lines in the requested order, each reachable by its position without reading the others. */
interface Source {
  segment: LogSegment;
  total: number;
  at(k: number): LogRow;
}

function sourceOf(segment: LogSegment, query: LogQuery, descending: boolean): Source {
  const pick = <T>(list: { length: number; [k: number]: T }, total: number, k: number) =>
    list[descending ? total - 1 - k : k]!;
  if (segment.virtual) {
    const log = segment.virtual;
    const min = query.minLevel ?? 0;
    const from = query.after === undefined ? 0 : firstAfter(log, query.after);
    const base = countBefore(min, from);
    const total = countBefore(min, log.count) - base;
    return {
      segment,
      total,
      at: (k) => hugeLogRow(log, segment.ProcessName, indexOfMatch(min, base + (descending ? total - 1 - k : k))),
    };
  }
  const rows = segment.rows!.filter(
    (row) =>
      (query.minLevel === undefined || LOG_LEVELS.indexOf(row.Level) >= query.minLevel) &&
      (query.after === undefined || Date.parse(row.TimeStamp) > query.after),
  );
  return { segment, total: rows.length, at: (k) => pick(rows, rows.length, k) };
}

/**
 * Rows `skip`…`skip + top` of the sources merged in order. One source is read at those positions only; several are
 * merged from their starts, which the 10,000-entry window bounds.
 */
function page(sources: Source[], skip: number, top: number, before: (a: LogRow, b: LogRow) => boolean) {
  const out: [LogRow, LogSegment][] = [];
  if (sources.length === 1) {
    const [only] = sources;
    for (let k = skip; k < Math.min(only!.total, skip + top); k++) out.push([only!.at(k), only!.segment]);
    return out;
  }
  const heads: { source: Source; next: number; row: LogRow | undefined }[] = sources.map((source) => ({
    source,
    next: 0,
    row: source.at(0),
  }));
  for (let seen = 0; out.length < top; seen++) {
    let best: (typeof heads)[number] | undefined;
    for (const head of heads) if (head.row && (!best || before(head.row, best.row!))) best = head;
    if (!best?.row) break;
    if (seen >= skip) out.push([best.row, best.source.segment]);
    best.next++;
    best.row = best.next < best.source.total ? best.source.at(best.next) : undefined;
  }
  return out;
}

/** The record as the service answers it; RawMessage carries the fields real robots write (README, Robot logs). */
function present(row: LogRow, segment: LogSegment) {
  return {
    Id: row.Id,
    Level: row.Level,
    TimeStamp: row.TimeStamp,
    Message: row.Message,
    RawMessage: JSON.stringify({
      message: row.Message,
      level: row.Level,
      logType: 'Default',
      timeStamp: row.TimeStamp,
      fileName: row.FileName ?? 'Main',
      jobId: segment.JobKey,
      processName: segment.ProcessName,
      processVersion: segment.ProcessVersion ?? '1.0.0',
      robotName: segment.RobotName,
      machineId: segment.MachineId,
      organizationUnitId: segment.folderId,
    }),
    ProcessName: segment.ProcessName,
    WindowsIdentity: segment.WindowsIdentity,
    JobKey: segment.JobKey,
    RobotName: segment.RobotName,
    MachineId: segment.MachineId,
  };
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
  const sources = chosen.map((segment) => sourceOf(segment, query, descending)).filter((s) => s.total > 0);
  const byTime = /^TimeStamp/i.test(order ?? '');
  const key = (row: LogRow): [string | number, number] => [byTime ? row.TimeStamp : row.Id, row.Id];
  const before = (a: LogRow, b: LogRow) => {
    const [ka, ia] = key(a);
    const [kb, ib] = key(b);
    const ascending = ka < kb || (ka === kb && ia < ib);
    return descending ? !ascending && (ka !== kb || ia !== ib) : ascending;
  };
  const value = page(sources, skip, top, before).map(([row, segment]) => present(row, segment));
  return {
    '@odata.context': `${contextUrl}/$metadata#RobotLogs`,
    ...(params.get('$count') === 'true' ? { '@odata.count': sources.reduce((sum, s) => sum + s.total, 0) } : {}),
    value,
  };
}
