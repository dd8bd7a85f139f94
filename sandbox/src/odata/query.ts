import { badRequest, ErrorCode } from '../server/errors';
import { compileFilter, filterPaths, parseFilter, type EnumOrders } from './filter';

/**
 * How an entity set looks to the query engine. Records are stored in their JSON shape; keys starting with `$` are
 * internal (relations, flags) and never leave the sandbox. Navigation properties are computed on demand.
 */
export interface EntitySetDef<R extends object> {
  readonly name: string;
  /** The spec's field table: $select, $orderby and $filter may only name these (or navigation paths). */
  readonly fields: readonly string[];
  readonly navigation?: Record<string, (record: R) => object | null | undefined>;
  readonly enumOrders?: EnumOrders;
  /** Largest $top accepted; larger is a 400. */
  readonly maxTop?: number;
  /** Page size when $top is absent. */
  readonly defaultTop?: number;
  /** Fields the JSON never shows (e.g. secrets) or shows masked. */
  readonly present?: (record: R) => Record<string, unknown>;
}

export interface QueryOptions {
  top?: number;
  skip: number;
  filter?: (record: object) => boolean;
  orderby: { path: string[]; desc: boolean }[];
  select?: string[];
  expand: string[];
  count: boolean;
}

const DEFAULT_MAX_TOP = 1000;

function parseNonNegativeInt(name: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw badRequest(`$${name} must be a non-negative integer, got '${value}'.`, ErrorCode.invalidQuery);
  return Number(value);
}

/** The declared name a property is spelled with, whatever the caller's case (real services match them so). */
function canonicalName<R extends object>(set: EntitySetDef<R>, name: string): string | undefined {
  if (set.fields.includes(name) || set.navigation?.[name]) return name;
  const lower = name.toLowerCase();
  return (
    set.fields.find((f) => f.toLowerCase() === lower) ??
    Object.keys(set.navigation ?? {}).find((n) => n.toLowerCase() === lower)
  );
}

/** Checks a property path and rewrites its head to the declared spelling (in place: the filter's nodes share it). */
function checkPath<R extends object>(set: EntitySetDef<R>, path: string[], option: string): void {
  const [head] = path;
  if (head === undefined) throw badRequest(`Empty property path in ${option}.`, ErrorCode.invalidQuery);
  const name = canonicalName(set, head);
  // A navigation property, a field, or a complex field's member such as ProcessingException/Reason.
  if (name !== undefined) {
    path[0] = name;
    return;
  }
  throw badRequest(
    `Could not find a property named '${path.join('/')}' on type '${set.name}' (in ${option}).`,
    ErrorCode.invalidQuery,
  );
}

// Runs for every record of a collection on every request (100,000 queue items at large scale): no allocation.
export function resolvePath<R extends object>(set: EntitySetDef<R>, record: R, segments: string[]): unknown {
  const head = segments[0]!;
  const navigate = set.navigation?.[head];
  let value: unknown = navigate ? navigate(record) : (record as Record<string, unknown>)[head];
  for (let i = 1; i < segments.length; i++) {
    if (value === null || value === undefined || typeof value !== 'object') return null;
    const object = value as Record<string, unknown>;
    const segment = segments[i]!;
    value = segment in object ? object[segment] : memberIgnoringCase(object, segment);
  }
  return value;
}

/** Members below the first segment are not declared: matched case-insensitively only when the exact name misses. */
function memberIgnoringCase(object: Record<string, unknown>, name: string): unknown {
  const lower = name.toLowerCase();
  for (const key in object) if (key.toLowerCase() === lower) return object[key];
  return undefined;
}

const KNOWN_OPTIONS = new Set(['$top', '$skip', '$filter', '$orderby', '$select', '$expand', '$count', '$format']);

export function parseQuery<R extends object>(set: EntitySetDef<R>, params: URLSearchParams): QueryOptions {
  for (const key of params.keys()) {
    if (key.startsWith('$') && !KNOWN_OPTIONS.has(key))
      throw badRequest(`The query option '${key}' is not supported.`, ErrorCode.invalidQuery);
  }
  const maxTop = set.maxTop ?? DEFAULT_MAX_TOP;
  const topText = params.get('$top');
  const top = topText === null ? undefined : parseNonNegativeInt('top', topText);
  if (top !== undefined && top > maxTop) {
    throw badRequest(
      `The limit of '${maxTop}' for Top query has been exceeded. The value from the incoming request is '${top}'.`,
      ErrorCode.invalidQuery,
    );
  }
  const skipText = params.get('$skip');
  const skip = skipText === null ? 0 : parseNonNegativeInt('skip', skipText);

  let filter: QueryOptions['filter'];
  const filterText = params.get('$filter');
  if (filterText !== null) {
    const ast = parseFilter(filterText);
    for (const path of filterPaths(ast)) checkPath(set, path, '$filter');
    filter = compileFilter(
      ast,
      (entity, segments) => resolvePath(set, entity as R, segments),
      set.enumOrders,
    ) as QueryOptions['filter'];
  }

  const orderby: QueryOptions['orderby'] = [];
  const orderText = params.get('$orderby');
  if (orderText !== null) {
    for (const part of orderText.split(',')) {
      const match = /^\s*([A-Za-z_][\w/]*)(?:\s+(asc|desc))?\s*$/i.exec(part);
      if (!match) throw badRequest(`Invalid $orderby clause '${part.trim()}'.`, ErrorCode.invalidQuery);
      const path = match[1]!.split('/');
      checkPath(set, path, '$orderby');
      orderby.push({ path, desc: match[2]?.toLowerCase() === 'desc' });
    }
  }

  let select: string[] | undefined;
  const selectText = params.get('$select');
  if (selectText !== null) {
    select = selectText
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    select = select.map((field) => {
      const path = [field];
      checkPath(set, path, '$select');
      return path[0]!;
    });
  }

  const expand: string[] = [];
  const expandText = params.get('$expand');
  if (expandText !== null) {
    for (const name of expandText
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const navigation = canonicalName(set, name);
      if (navigation === undefined || !set.navigation?.[navigation])
        throw badRequest(
          `'${name}' is not a navigation property of '${set.name}' and cannot be expanded.`,
          ErrorCode.invalidQuery,
        );
      expand.push(navigation);
    }
  }

  const countText = params.get('$count');
  if (countText !== null && countText !== 'true' && countText !== 'false')
    throw badRequest(`$count must be true or false.`, ErrorCode.invalidQuery);
  return { top, skip, filter, orderby, select, expand, count: countText === 'true' };
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'en', { sensitivity: 'base' });
  return (a as number) < (b as number) ? -1 : 1;
}

/** The JSON form of one record: internal `$` keys dropped, expansions added, $select applied. */
export function present<R extends object>(
  set: EntitySetDef<R>,
  record: R,
  options: Pick<QueryOptions, 'select' | 'expand'>,
): Record<string, unknown> {
  const base = set.present ? set.present(record) : (record as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    if (key.startsWith('$')) continue;
    if (options.select && !options.select.includes(key)) continue;
    out[key] = value;
  }
  for (const name of options.expand) {
    const related = set.navigation![name]!(record);
    // A collection-valued navigation (an asset's RobotValues) is a list of entities.
    out[name] = Array.isArray(related)
      ? related.map((r: object) => stripInternal(r))
      : related
        ? stripInternal(related)
        : null;
  }
  return out;
}

export function stripInternal(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !key.startsWith('$')));
}

export interface CollectionResult {
  '@odata.context': string;
  '@odata.count'?: number;
  value: Record<string, unknown>[];
}

/** Applies filter, order, paging and projection to an in-memory collection, the way the service pages. */
export function queryCollection<R extends object>(
  set: EntitySetDef<R>,
  records: Iterable<R>,
  params: URLSearchParams,
  contextUrl: string,
  alwaysCount = false,
): CollectionResult {
  const options = parseQuery(set, params);
  if (alwaysCount) options.count = true;
  let rows: R[] = [];
  for (const record of records) if (!options.filter || options.filter(record)) rows.push(record);
  /** Large collections are stored in Id order: when the rows already are in the asked order (or exactly its reverse),
   * an O(n) check and reverse replace an O(n log n) sort on every page request. */
  const storedOrder = (): 'asked' | 'reversed' | undefined => {
    const [only] = options.orderby;
    if (options.orderby.length !== 1 || !only) return undefined;
    let asked = true;
    let reversed = true;
    let previous = rows.length > 0 ? resolvePath(set, rows[0]!, only.path) : undefined;
    for (let i = 1; i < rows.length && (asked || reversed); i++) {
      const current = resolvePath(set, rows[i]!, only.path);
      const c = compareValues(previous, current);
      previous = current;
      if (only.desc ? c < 0 : c > 0) asked = false;
      if (c === 0 || (only.desc ? c > 0 : c < 0)) reversed = false;
    }
    return asked ? 'asked' : reversed ? 'reversed' : undefined;
  };
  const order = options.orderby.length > 0 ? storedOrder() : 'asked';
  if (order === 'reversed') rows.reverse();
  else if (order === undefined) {
    rows = rows
      .map((record) => ({ record, keys: options.orderby.map((o) => resolvePath(set, record, o.path)) }))
      .sort((x, y) => {
        for (let i = 0; i < options.orderby.length; i++) {
          const c = compareValues(x.keys[i], y.keys[i]);
          if (c !== 0) return options.orderby[i]!.desc ? -c : c;
        }
        return 0;
      })
      .map((entry) => entry.record);
  }
  const total = rows.length;
  const top = options.top ?? set.defaultTop ?? set.maxTop ?? DEFAULT_MAX_TOP;
  const page = rows.slice(options.skip, options.skip + top);
  return {
    '@odata.context': `${contextUrl}/$metadata#${set.name}`,
    ...(options.count ? { '@odata.count': total } : {}),
    value: page.map((record) => present(set, record, options)),
  };
}

export function single<R extends object>(
  set: EntitySetDef<R>,
  record: R,
  params: URLSearchParams,
  contextUrl: string,
): Record<string, unknown> {
  const options = parseQuery(set, params);
  return { '@odata.context': `${contextUrl}/$metadata#${set.name}/$entity`, ...present(set, record, options) };
}
