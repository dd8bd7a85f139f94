import { badRequest, ErrorCode } from '../server/errors';
import { invalidFilter, tokenize } from './filterTokens';

/**
 * $filter parser and evaluator: eq ne gt ge lt le, and or not, parentheses, contains/startswith/endswith,
 * paths (Robot/Id), and literals: 'strings' with '' escaping, numbers, true/false/null, bare ISO datetimes,
 * datetime'…', bare GUIDs and guid'…'; beyond the spec, `in` with a list of literals (`State in ('Running','Pending')`,
 * OData 4.01), which real services accept. Anything else is a 400 with the position of the problem.
 */
export type Literal = string | number | boolean | null | { datetime: number; text: string } | { guid: string };

export type FilterNode =
  | { kind: 'literal'; value: Literal }
  | { kind: 'path'; segments: string[] }
  | { kind: 'compare'; op: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le'; left: FilterNode; right: FilterNode }
  | { kind: 'logical'; op: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'in'; left: FilterNode; values: Literal[] }
  | { kind: 'call'; name: 'contains' | 'startswith' | 'endswith'; args: FilterNode[] };

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const FUNCTIONS = new Set(['contains', 'startswith', 'endswith']);

export function parseFilter(text: string): FilterNode {
  const tokens = tokenize(text);
  let index = 0;
  const peek = () => tokens[index];
  const endPos = text.length;
  const isWord = (value: string) => {
    const token = peek();
    return token?.type === 'word' && token.value.toLowerCase() === value;
  };
  const expect = (type: '(' | ')' | ',') => {
    const token = peek();
    if (token?.type !== type) invalidFilter(`expected '${type}'`, token?.pos ?? endPos);
    index++;
  };

  const parseOr = (): FilterNode => {
    let left = parseAnd();
    while (isWord('or')) {
      index++;
      left = { kind: 'logical', op: 'or', left, right: parseAnd() };
    }
    return left;
  };
  const parseAnd = (): FilterNode => {
    let left = parseUnary();
    while (isWord('and')) {
      index++;
      left = { kind: 'logical', op: 'and', left, right: parseUnary() };
    }
    return left;
  };
  const parseUnary = (): FilterNode => {
    if (isWord('not')) {
      index++;
      return { kind: 'not', operand: parseUnary() };
    }
    const left = parsePrimary();
    if (isWord('in')) return parseIn(left);
    const token = peek();
    if (token?.type === 'word' && COMPARISONS.has(token.value.toLowerCase())) {
      index++;
      const right = parsePrimary();
      return { kind: 'compare', op: token.value.toLowerCase() as 'eq', left, right };
    }
    return left;
  };
  const parseIn = (left: FilterNode): FilterNode => {
    const at = peek()!.pos;
    index++;
    expect('(');
    const values: Literal[] = [];
    for (;;) {
      const item = parsePrimary();
      if (item.kind !== 'literal') invalidFilter("'in' takes a list of literals", at);
      values.push(item.value);
      if (peek()?.type !== ',') break;
      index++;
    }
    expect(')');
    return { kind: 'in', left, values };
  };
  const parsePrimary = (): FilterNode => {
    const token = peek();
    if (!token) invalidFilter('unexpected end of expression', endPos);
    index++;
    switch (token.type) {
      case '(': {
        const inner = parseOr();
        expect(')');
        return inner;
      }
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'number':
        return { kind: 'literal', value: token.value };
      case 'datetime':
        return { kind: 'literal', value: { datetime: Date.parse(token.value), text: token.value } };
      case 'guid':
        return { kind: 'literal', value: { guid: token.value.toLowerCase() } };
      case 'word': {
        const lower = token.value.toLowerCase();
        if (lower === 'true' || lower === 'false') return { kind: 'literal', value: lower === 'true' };
        if (lower === 'null') return { kind: 'literal', value: null };
        if (peek()?.type === '(') {
          if (!FUNCTIONS.has(lower)) invalidFilter(`unknown function '${token.value}'`, token.pos);
          index++;
          const args = [parseOr()];
          while (peek()?.type === ',') {
            index++;
            args.push(parseOr());
          }
          expect(')');
          if (args.length !== 2) invalidFilter(`${lower}() takes 2 arguments`, token.pos);
          return { kind: 'call', name: lower as 'contains', args };
        }
        if (COMPARISONS.has(lower) || lower === 'and' || lower === 'or' || lower === 'in')
          invalidFilter(`unexpected operator '${token.value}'`, token.pos);
        return { kind: 'path', segments: token.value.split('/') };
      }
      default:
        return invalidFilter(`unexpected '${token.type}'`, token.pos);
    }
  };

  if (tokens.length === 0) invalidFilter('empty expression', 0);
  const node = parseOr();
  if (index < tokens.length) invalidFilter('unexpected trailing input', tokens[index]!.pos);
  return node;
}

/** Resolves a path on an entity; the entity set supplies navigation properties that are not stored inline. */
export type PathResolver = (entity: object, segments: string[]) => unknown;

/** Enum-valued properties compare by declared order (e.g. log Level), not alphabetically. */
export type EnumOrders = Record<string, readonly string[]>;

function comparable(value: unknown, literal: Literal, enumOrder?: readonly string[]): [unknown, unknown] {
  if (literal !== null && typeof literal === 'object') {
    if ('datetime' in literal) return [typeof value === 'string' ? Date.parse(value) : value, literal.datetime];
    return [typeof value === 'string' ? value.toLowerCase() : value, literal.guid];
  }
  if (enumOrder && typeof value === 'string' && typeof literal === 'string') {
    const l = enumOrder.indexOf(literal);
    if (l < 0)
      throw badRequest(
        `'${literal}' is not a valid value; expected one of ${enumOrder.join(', ')}.`,
        ErrorCode.invalidQuery,
      );
    return [enumOrder.indexOf(value), l];
  }
  if (typeof value === 'string' && typeof literal === 'string') return [value.toLowerCase(), literal.toLowerCase()];
  return [value, literal];
}

export function compileFilter(
  node: FilterNode,
  resolve: PathResolver,
  enumOrders: EnumOrders = {},
): (entity: object) => boolean {
  // A filter runs once per record (100,000 at large scale): look each comparison's enum order up once, not per record.
  const enumOrderOf = new Map<FilterNode, readonly string[] | undefined>();
  const enumOrderFor = (n: FilterNode & { kind: 'compare' }) => {
    if (!enumOrderOf.has(n)) {
      const pathNode = n.left.kind === 'path' ? n.left : n.right.kind === 'path' ? n.right : undefined;
      enumOrderOf.set(n, pathNode ? enumOrders[pathNode.segments.join('/')] : undefined);
    }
    return enumOrderOf.get(n);
  };
  const evaluate = (n: FilterNode, entity: object): unknown => {
    switch (n.kind) {
      case 'literal':
        return n.value;
      case 'path':
        return resolve(entity, n.segments);
      case 'not':
        return !truthy(evaluate(n.operand, entity));
      case 'logical':
        return n.op === 'and'
          ? truthy(evaluate(n.left, entity)) && truthy(evaluate(n.right, entity))
          : truthy(evaluate(n.left, entity)) || truthy(evaluate(n.right, entity));
      case 'call': {
        const [haystack, needle] = n.args.map((arg) => evaluate(arg, entity));
        if (typeof haystack !== 'string' || typeof needle !== 'string') return false;
        const h = haystack.toLowerCase();
        const s = needle.toLowerCase();
        return n.name === 'contains' ? h.includes(s) : n.name === 'startswith' ? h.startsWith(s) : h.endsWith(s);
      }
      case 'in': {
        const value = evaluate(n.left, entity);
        return n.values.some((literal) => {
          const [left, right] = comparable(value, literal);
          return (left ?? null) === (right ?? null);
        });
      }
      case 'compare': {
        const enumOrder = enumOrderFor(n);
        let left = evaluate(n.left, entity);
        let right = evaluate(n.right, entity);
        if (n.right.kind === 'literal') [left, right] = comparable(left, n.right.value, enumOrder);
        else if (n.left.kind === 'literal') [right, left] = comparable(right, n.left.value, enumOrder);
        if (n.op === 'eq') return (left ?? null) === (right ?? null);
        if (n.op === 'ne') return (left ?? null) !== (right ?? null);
        if (left === null || left === undefined || right === null || right === undefined) return false;
        const l = left as number | string;
        const r = right as number | string;
        return n.op === 'gt' ? l > r : n.op === 'ge' ? l >= r : n.op === 'lt' ? l < r : l <= r;
      }
    }
  };
  return (entity) => truthy(evaluate(node, entity));
}

function truthy(value: unknown): boolean {
  return value === true;
}

/** Every property path the filter mentions, so the entity set can reject unknown ones with a clear message. */
export function filterPaths(node: FilterNode): string[][] {
  switch (node.kind) {
    case 'path':
      return [node.segments];
    case 'compare':
    case 'logical':
      return [...filterPaths(node.left), ...filterPaths(node.right)];
    case 'not':
      return filterPaths(node.operand);
    case 'in':
      return filterPaths(node.left);
    case 'call':
      return node.args.flatMap(filterPaths);
    default:
      return [];
  }
}
