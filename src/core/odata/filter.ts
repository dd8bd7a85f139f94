import { formatNumber, t } from '../l10n';

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
  if (!GUID.test(value)) throw new Error(t("'{0}' is not a GUID.", value));
  return { guid: value.toLowerCase() };
}

/**
 * The longest text literal a filter takes. The spec names no limit on a query's length, but the address carries it:
 * servers refuse a long request line with 431 (the sandbox's Node server from 16 KB of headers; IIS and proxies
 * earlier). 2,000 characters is far beyond any name or reference the service holds (references are at most 128).
 */
export const FILTER_TEXT_MAX = 2_000;
/** Non-Latin text grows up to nine-fold when percent-encoded: the encoded literal is bounded too, well below 16 KB. */
export const FILTER_TEXT_ENCODED_MAX = 8_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** An input that cannot be sent (the request would fail with "URI malformed" or 431): refused before sending. */
export class UnsendableInputError extends Error {
  override readonly name = 'UnsendableInputError';
}

/**
 * Why `value` cannot go into a request's address, naming `field` in the message; undefined when it can. A lone half of
 * a surrogate pair (a broken copy and paste) cannot be encoded at all.
 */
export function unsendableText(value: string, field: string, max = FILTER_TEXT_MAX): string | undefined {
  if (LONE_SURROGATE.test(value))
    return t(
      'The {0} contains a broken character (half of an emoji or other symbol, often left by copy and paste). Remove it and try again.',
      field,
    );
  if (value.length > max)
    return t(
      'The {0} is too long to send: {1} characters, at most {2}.',
      field,
      formatNumber(value.length),
      formatNumber(max),
    );
  const encoded = encodeURIComponent(value).length;
  if (encoded > FILTER_TEXT_ENCODED_MAX)
    return t(
      'The {0} is too long to send once encoded for the address ({1} characters, at most {2}; non-Latin characters take up to nine). Shorten it.',
      field,
      formatNumber(encoded),
      formatNumber(FILTER_TEXT_ENCODED_MAX),
    );
  return undefined;
}

/** Throws UnsendableInputError when `value` cannot be sent; see unsendableText. */
export function assertSendable(value: string, field: string, max?: number): string {
  const problem = unsendableText(value, field, max);
  if (problem) throw new UnsendableInputError(problem);
  return value;
}

/** A quoted text literal (' → ''); `field` names the value in the refusal of text that cannot be sent. */
export function escapeString(value: string, field = t('filter text')): string {
  return `'${assertSendable(value, field).replace(/'/g, "''")}'`;
}

export function literal(value: Literal, field?: string): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return escapeString(value, field);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(t('{0} cannot be used in a filter.', value));
    return String(value);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error(t('An invalid date cannot be used in a filter.'));
    return value.toISOString();
  }
  if (typeof value === 'object' && typeof value.guid === 'string' && GUID.test(value.guid)) return value.guid;
  throw new Error(t('Unsupported filter value.'));
}

export function path(name: string): string {
  if (!PATH.test(name)) throw new Error(t("'{0}' is not a property path.", name));
  return name;
}

const compare =
  (op: string) =>
  (property: string, value: Literal): Filter =>
    make(`${path(property)} ${op} ${literal(value, property)}`);

export const eq = compare('eq');
export const ne = compare('ne');
export const gt = compare('gt');
export const ge = compare('ge');
export const lt = compare('lt');
export const le = compare('le');

const call =
  (name: string) =>
  (property: string, text: string): Filter =>
    make(`${name}(${path(property)},${escapeString(text, property)})`);
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
// l10n: code (OData)
export const not = (part: Filter): Filter => make(`not (${part})`);

/** `property eq a or property eq b …` for a set of values (e.g. job states). */
export function anyOf(property: string, values: readonly Literal[]): Filter | undefined {
  return or(...values.map((v) => eq(property, v)));
}
