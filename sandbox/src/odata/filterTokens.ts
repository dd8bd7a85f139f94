import { badRequest, ErrorCode } from '../server/errors';

/*
 * The $filter text read into tokens: strings with '' escaping, numbers, bare and typed datetimes and GUIDs, words,
 * parentheses and commas. Apart from the parser and evaluator (filter.ts); the path reader (odataPath.ts) reads a
 * key's literal with it too.
 */

export type Token =
  | { type: 'string'; value: string; pos: number }
  | { type: 'number'; value: number; pos: number }
  | { type: 'datetime'; value: string; pos: number }
  | { type: 'guid'; value: string; pos: number }
  | { type: 'word'; value: string; pos: number }
  | { type: '(' | ')' | ','; pos: number };

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})?)?/;
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?[mMdDfFlL]?/;
const WORD = /^[A-Za-z_][A-Za-z0-9_./@]*/;

/** A 400 that says where in the $filter text the problem is (1-based, as a person counts). */
export function invalidFilter(message: string, pos: number): never {
  throw badRequest(`Invalid $filter at position ${pos + 1}: ${message}`, ErrorCode.invalidQuery);
}

function readQuoted(text: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  for (;;) {
    if (i >= text.length) invalidFilter('unterminated string literal', start);
    const ch = text[i]!;
    if (ch === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i += 2;
        continue;
      }
      return { value, end: i + 1 };
    }
    value += ch;
    i++;
  }
}

/** The $filter text as tokens, each with its position; a literal of no known form is a 400 there. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ type: ch, pos: i });
      i++;
      continue;
    }
    if (ch === "'") {
      const { value, end } = readQuoted(text, i);
      tokens.push({ type: 'string', value, pos: i });
      i = end;
      continue;
    }
    const rest = text.slice(i);
    const typed = /^(datetime|datetimeoffset|guid)'/i.exec(rest);
    if (typed) {
      const { value, end } = readQuoted(text, i + typed[1]!.length);
      const kind = typed[1]!.toLowerCase() === 'guid' ? 'guid' : 'datetime';
      if (kind === 'guid' && !GUID.test(value)) invalidFilter(`'${value}' is not a GUID`, i);
      if (kind === 'datetime' && Number.isNaN(Date.parse(value))) invalidFilter(`'${value}' is not a datetime`, i);
      tokens.push({ type: kind, value, pos: i });
      i = end;
      continue;
    }
    const guid = GUID.exec(rest);
    if (guid && !/^[0-9a-fA-F]/.test(rest.slice(guid[0].length))) {
      tokens.push({ type: 'guid', value: guid[0], pos: i });
      i += guid[0].length;
      continue;
    }
    const datetime = DATETIME.exec(rest);
    if (datetime && datetime[1]) {
      if (Number.isNaN(Date.parse(datetime[0]))) invalidFilter(`'${datetime[0]}' is not a datetime`, i);
      tokens.push({ type: 'datetime', value: datetime[0], pos: i });
      i += datetime[0].length;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0].replace(/[mMdDfFlL]$/, '')), pos: i });
      i += number[0].length;
      continue;
    }
    const word = WORD.exec(rest);
    if (word) {
      tokens.push({ type: 'word', value: word[0], pos: i });
      i += word[0].length;
      continue;
    }
    invalidFilter(`unexpected character '${ch}'`, i);
  }
  return tokens;
}
