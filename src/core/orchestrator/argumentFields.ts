import type { ArgumentEntry } from './schemas';
import { checkArgumentValue, checkInputArgumentsText } from './validation';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

/** How a declared input argument is typed in: the control and the parsing follow its .NET type. */
export type FieldKind = 'text' | 'char' | 'integer' | 'number' | 'boolean' | 'datetime' | 'duration' | 'json';

export interface ArgumentField {
  readonly name: string;
  readonly type: string;
  readonly kind: FieldKind;
  /** Required and without a default: an empty answer is refused. */
  readonly mandatory: boolean;
  readonly hasDefault: boolean;
  /** A short hint of what to type, shown as the prompt. */
  readonly hint: string;
}

const INTEGER_TYPES = new Set(['System.Int16', 'System.Int32', 'System.Int64', 'System.Byte']);
const NUMBER_TYPES = new Set(['System.Double', 'System.Single', 'System.Decimal']);

export function fieldKind(type: string): FieldKind {
  const t = type.trim();
  if (t === 'System.String') return 'text';
  if (t === 'System.Char') return 'char';
  if (INTEGER_TYPES.has(t)) return 'integer';
  if (NUMBER_TYPES.has(t)) return 'number';
  if (t === 'System.Boolean') return 'boolean';
  if (t === 'System.DateTime' || t === 'System.DateTimeOffset') return 'datetime';
  if (t === 'System.TimeSpan') return 'duration';
  return 'json'; // arrays, dictionaries and anything else: a JSON value
}

const HINTS: Record<FieldKind, string> = {
  text: t('Text, typed as is (no quotes).'),
  char: t('One character.'),
  integer: t('A whole number, e.g. 42.'),
  number: 'A number, e.g. 12.5.',
  boolean: t('true or false.'),
  datetime: t('A date and time in ISO 8601, e.g. 2026-01-31T09:00:00Z.'),
  duration: 'A duration, e.g. 01:30:00.',
  json: t('A JSON value, e.g. ["a", "b"] or {"key": "value"}.'),
};

/** `provided`: names the process (release) already gives a value, so the job need not. */
export function argumentFields(
  declared: readonly ArgumentEntry[],
  provided: ReadonlySet<string> = new Set(),
): ArgumentField[] {
  return declared.map((d) => {
    const kind = fieldKind(d.type);
    return {
      name: d.name,
      type: d.type,
      kind,
      mandatory: Boolean(d.required) && !d.hasDefault && !provided.has(d.name),
      hasDefault: Boolean(d.hasDefault),
      hint: HINTS[kind],
    };
  });
}

/** What the user typed for one field: a value to send, nothing (empty: the default or the process's value), or a problem. */
export type ParsedField = { ok: true; value: unknown } | { ok: true; omitted: true } | { ok: false; problem: string };

/**
 * Turns the text typed for a field into its JSON value and checks it with the same validator the client uses before
 * sending. Text is taken literally; numbers must be plain decimal (no "1e3", "0x10", " 5 " tricks); JSON kinds must
 * parse.
 */
export function parseField(field: ArgumentField, text: string): ParsedField {
  if (text === '')
    return field.mandatory
      ? { ok: false, problem: t('{0} is required ({1}).', field.name, field.type) }
      : { ok: true, omitted: true };
  let value: unknown;
  switch (field.kind) {
    case 'text':
    case 'char':
    case 'datetime':
    case 'duration':
      value = field.kind === 'text' || field.kind === 'char' ? text : text.trim();
      break;
    case 'integer':
      if (!/^-?\d+$/.test(text.trim()))
        return { ok: false, problem: t('{0} must be a whole number ({1}).', field.name, field.type) };
      value = Number(text.trim());
      break;
    case 'number':
      if (!/^-?\d+(\.\d+)?$/.test(text.trim()))
        return { ok: false, problem: t('{0} must be a number such as 12.5 ({1}).', field.name, field.type) };
      value = Number(text.trim());
      break;
    case 'boolean':
      if (!/^(true|false)$/i.test(text.trim()))
        return { ok: false, problem: t('{0} must be true or false.', field.name) };
      value = text.trim().toLowerCase() === 'true';
      break;
    case 'json':
      try {
        value = JSON.parse(text) as unknown;
      } catch (error) {
        return {
          ok: false,
          problem: t('{0} is not valid JSON ({1}): {2}', field.name, field.type, errorMessage(error)),
        };
      }
  }
  const problem = checkArgumentValue(field.name, field.type, value);
  return problem ? { ok: false, problem } : { ok: true, value };
}

/** The text a value is shown as in its field (the inverse of parseField). */
export function fieldText(field: ArgumentField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'json' || typeof value !== 'string') return JSON.stringify(value);
  return value;
}

/**
 * Every field's text → the InputArguments JSON text of a job, or the problems (one per bad field, then the size).
 * Omitted fields are left out so the process's own values and the package's defaults apply.
 */
export function buildInputArguments(
  fields: readonly ArgumentField[],
  texts: Readonly<Record<string, string>>,
): { ok: true; json: string; values: Record<string, unknown> } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(texts))
    if (!known.has(name)) problems.push(t('{0} is not an input argument of this process.', name));
  for (const field of fields) {
    const parsed = parseField(field, texts[field.name] ?? '');
    if (!parsed.ok) problems.push(parsed.problem);
    else if ('value' in parsed) values[field.name] = parsed.value;
  }
  const json = JSON.stringify(values);
  const size = checkInputArgumentsText(json);
  if (size) problems.push(size);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, json, values };
}
