/**
 * Typed $filter expressions. The only way to put a value into a filter: every literal goes through `literal()`,
 * which escapes text (' → ''), validates GUIDs, numbers and dates, and every property path is checked, so user
 * input can never change the filter's structure.
 */
declare const FILTER: unique symbol;
export type Filter = string & { readonly [FILTER]: true };

export type Guid = { readonly guid: string };
export type Literal = string | number | boolean | null | Date | Guid;

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\/[A-Za-z_][A-Za-z0-9_]*)*$/;
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const make = (text: string) => text as Filter;

export function guid(value: string): Guid {
  if (!GUID.test(value)) throw new Error(`'${value}' is not a GUID.`);
  return { guid: value.toLowerCase() };
}

export function escapeString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function literal(value: Literal): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return escapeString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${value} cannot be used in a filter.`);
    return String(value);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('An invalid date cannot be used in a filter.');
    return value.toISOString();
  }
  if (typeof value === 'object' && typeof value.guid === 'string' && GUID.test(value.guid)) return value.guid;
  throw new Error('Unsupported filter value.');
}

export function path(name: string): string {
  if (!PATH.test(name)) throw new Error(`'${name}' is not a property path.`);
  return name;
}

const compare = (op: string) => (property: string, value: Literal): Filter => make(`${path(property)} ${op} ${literal(value)}`);

export const eq = compare('eq');
export const ne = compare('ne');
export const gt = compare('gt');
export const ge = compare('ge');
export const lt = compare('lt');
export const le = compare('le');

const call = (name: string) => (property: string, text: string): Filter => make(`${name}(${path(property)},${escapeString(text)})`);
export const contains = call('contains');
export const startsWith = call('startswith');
export const endsWith = call('endswith');

function join(op: 'and' | 'or', parts: (Filter | undefined)[]): Filter | undefined {
  const present = parts.filter((p): p is Filter => p !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return make(present.map((p) => `(${p})`).join(` ${op} `));
}

/** `and`/`or` skip undefined parts, so optional conditions compose without special cases. */
export const and = (...parts: (Filter | undefined)[]) => join('and', parts);
export const or = (...parts: (Filter | undefined)[]) => join('or', parts);
export const not = (part: Filter): Filter => make(`not (${part})`);

/** `property eq a or property eq b …` for a set of values (e.g. job states). */
export function anyOf(property: string, values: readonly Literal[]): Filter | undefined {
  return or(...values.map((v) => eq(property, v)));
}
