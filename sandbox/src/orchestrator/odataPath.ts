import { badRequest, ErrorCode, notFound } from '../server/errors';
import { tokenize } from '../odata/filterTokens';

/** A parsed OData resource path: `Set`, `Set(key)`, `Set/ns.Op(params)` or `Set(key)/ns.Op`. */
export interface ODataPath {
  set: string;
  key?: string | number;
  operation?: { namespace: string; name: string; params: Record<string, string | number | boolean | null> };
}

const SEGMENT = /^([A-Za-z][A-Za-z0-9]*)(?:\((.*)\))?$/s;

function parseLiteral(text: string, where: string): string | number | boolean | null {
  const tokens = tokenize(text);
  const token = tokens[0];
  if (tokens.length !== 1 || !token) throw badRequest(`Invalid value '${text}' in ${where}.`, ErrorCode.invalidQuery);
  switch (token.type) {
    case 'string':
    case 'guid':
    case 'datetime':
      return token.value;
    case 'number':
      return token.value;
    case 'word':
      if (token.value === 'true' || token.value === 'false') return token.value === 'true';
      if (token.value === 'null') return null;
      break;
    default:
      break; // punctuation is never a value
  }
  throw badRequest(`Invalid value '${text}' in ${where}.`, ErrorCode.invalidQuery);
}

/** Splits `a='x,y',b=2` at top-level commas, respecting quotes. */
function splitParams(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current);
  return parts;
}

export function parseODataPath(rawSegments: string[]): ODataPath {
  const segments = rawSegments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw badRequest(`The path segment '${s}' is not valid percent-encoding.`);
    }
  });
  const [first, second, ...rest] = segments;
  if (!first || rest.length > 0) throw notFound(`No OData resource at '/odata/${segments.join('/')}'.`);
  const match = SEGMENT.exec(first);
  if (!match) throw notFound(`No OData resource named '${first}'.`);
  const path: ODataPath = { set: match[1]! };
  if (match[2] !== undefined && match[2] !== '')
    path.key = parseLiteral(match[2], `the key of ${path.set}`) as string | number;
  if (second) {
    const open = second.indexOf('(');
    const qualified = open >= 0 ? second.slice(0, open) : second;
    const dot = qualified.lastIndexOf('.');
    if (dot < 0) throw notFound(`'${second}' is not an operation of ${path.set}: operations are namespace-qualified.`);
    if (open >= 0 && !second.endsWith(')')) throw badRequest(`Unbalanced parentheses in '${second}'.`);
    const params: Record<string, string | number | boolean | null> = {};
    if (open >= 0) {
      for (const part of splitParams(second.slice(open + 1, -1))) {
        const eq = part.indexOf('=');
        if (eq < 0) throw badRequest(`Operation parameter '${part}' must be name=value.`, ErrorCode.invalidQuery);
        params[part.slice(0, eq).trim()] = parseLiteral(
          part.slice(eq + 1).trim(),
          `parameter ${part.slice(0, eq).trim()}`,
        );
      }
    }
    path.operation = { namespace: qualified.slice(0, dot), name: qualified.slice(dot + 1), params };
  }
  return path;
}
