import { validateIdeaValues, type FieldProblem, type KnownIds } from '../core/ideas/validation';
import type { Choice, FormField, FormLookups, IdeaSummary, RawValues } from './protocol/ideaForm';
import { formatNumber, t } from '../core/l10n';

// The idea form as both sides see it: which control each field gets, how typed text becomes a value, and the checks.
// The webview checks as the user types; the host runs the very same code again before sending (never trusting the
// webview), and the service checks once more.

export type ControlKind = 'textfield' | 'textarea' | 'number' | 'select' | 'multiselect' | 'yesNo' | 'date';

export interface Control {
  kind: ControlKind;
  /** The choices of a select (single choice, category, user, yes/no). */
  choices?: Choice[];
}

const YES_NO: Choice[] = [
  { value: 'true', label: t('Yes') },
  { value: 'false', label: t('No') },
];
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** The control a field is edited with; category and user fields fall back to an id box when no list is known. */
export function controlOf(field: FormField, lookups: FormLookups): Control {
  switch (field.type) {
    case 'text':
      return { kind: 'textfield' };
    case 'longText':
      return { kind: 'textarea' };
    case 'number':
      return { kind: 'number' };
    case 'date':
      return { kind: 'date' };
    case 'yesNo':
      return { kind: 'yesNo', choices: YES_NO };
    case 'singleChoice':
      return { kind: 'select', choices: field.options ?? [] };
    case 'multipleChoice':
      return { kind: 'multiselect', choices: field.options ?? [] };
    case 'category':
      return lookups.categories ? { kind: 'select', choices: lookups.categories } : { kind: 'number' };
    case 'user':
      return lookups.users ? { kind: 'select', choices: lookups.users } : { kind: 'number' };
  }
}

/** A line of help under a field: its own help text and its limits. */
export function limitsOf(field: FormField): string {
  const parts: string[] = [];
  if (field.helpText) parts.push(field.helpText);
  if (field.maxLength !== undefined) parts.push(t('At most {0} characters.', formatNumber(field.maxLength)));
  if (field.type === 'number' && (field.min !== undefined || field.max !== undefined)) {
    parts.push(
      field.min !== undefined && field.max !== undefined
        ? t('From {0} to {1}.', field.min, field.max)
        : field.min !== undefined
          ? t('At least {0}.', field.min)
          : t('At most {0}.', field.max!),
    );
  }
  if (field.type === 'multipleChoice' && field.maxSelections !== undefined)
    parts.push(t('Choose up to {0}.', field.maxSelections));
  if (field.type === 'date') parts.push(t('A date as YYYY-MM-DD.'));
  return parts.join(' ');
}

type Read = { value?: unknown; problem?: string };

/** Typed text → the value the service takes; empty → no value. A problem names what is wrong with the text itself. */
export function readValue(field: FormField, raw: RawValues[string] | undefined): Read {
  if (Array.isArray(raw))
    return field.type === 'multipleChoice'
      ? { value: raw.length ? raw : undefined }
      : { problem: t('{0} takes one value', field.label) };
  const textValue = raw ?? '';
  if (field.type === 'multipleChoice')
    return textValue === '' ? {} : { problem: t('{0} must be a list of the choices', field.label) };
  if (field.type === 'text' || field.type === 'longText') return { value: textValue === '' ? undefined : textValue };
  const trimmed = textValue.trim();
  if (trimmed === '') return {};
  switch (field.type) {
    case 'number':
      return DECIMAL.test(trimmed)
        ? { value: Number(trimmed) }
        : { problem: t('{0} must be a number like 12 or 4.5', field.label) };
    case 'category':
    case 'user':
      return /^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed))
        ? { value: Number(trimmed) }
        : {
            problem:
              field.type === 'category'
                ? t('{0} must be the number of a category', field.label)
                : t('{0} must be the number of a user', field.label),
          };
    case 'yesNo':
      return trimmed === 'true' || trimmed === 'false'
        ? { value: trimmed === 'true' }
        : { problem: t('{0} must be yes or no', field.label) };
    default:
      return { value: trimmed };
  }
}

/** A value from the service → what the control shows. */
export function rawOf(field: FormField, value: unknown): RawValues[string] {
  if (value === undefined || value === null) return field.type === 'multipleChoice' ? [] : '';
  if (field.type === 'multipleChoice') return Array.isArray(value) ? value.map(String) : [];
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
}

export function rawValuesOf(fields: readonly FormField[], values: Record<string, unknown>): RawValues {
  return Object.fromEntries(fields.map((field) => [field.key, rawOf(field, values[field.key])]));
}

const idsOf = (choices: Choice[] | undefined): ReadonlySet<number> | undefined =>
  choices ? new Set(choices.map((c) => Number(c.value))) : undefined;

export interface ReadForm {
  values: Record<string, unknown>;
  problems: FieldProblem[];
}

/** Reads every field (unknown keys are refused) and checks the values by the form's rules; one problem per field. */
export function readForm(fields: readonly FormField[], raw: RawValues, lookups: FormLookups): ReadForm {
  const values: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(raw))
    if (!byKey.has(key)) problems.push({ field: key, message: t('is not a field of this form') });
  for (const field of fields) {
    const read = readValue(field, raw[field.key]);
    if (read.problem) problems.push({ field: field.key, message: read.problem });
    else if (read.value !== undefined) values[field.key] = read.value;
  }
  const known: KnownIds = { categoryIds: idsOf(lookups.categories), userIds: idsOf(lookups.users) };
  const unreadable = new Set(problems.map((p) => p.field));
  const checked = validateIdeaValues({ fields }, values, known).filter((p) => !unreadable.has(p.field));
  // A field whose text could not be read is missing from `values`: its reading problem says more than "is required".
  return { values, problems: [...problems, ...checked] };
}

/** The fields an edit changed (cleared ones as null), for a PATCH that touches nothing else. */
export function changedValues(
  fields: readonly FormField[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const field of fields) {
    const was = before[field.key] ?? null;
    const now = after[field.key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changed[field.key] = now;
  }
  return changed;
}

/**
 * Whether typed values say something other than the service's values: only then are they a draft worth keeping
 * (and worth announcing as "restored"). Text is compared as the value it reads as ("4.50" is 4.5); text that cannot
 * be read, and keys that are no field, always differ.
 */
export function differsFromService(
  fields: readonly FormField[],
  service: Record<string, unknown>,
  raw: RawValues,
): boolean {
  const byKey = new Set(fields.map((f) => f.key));
  if (Object.keys(raw).some((key) => !byKey.has(key))) return true;
  return fields.some((field) => {
    const typed = raw[field.key] ?? rawOf(field, undefined);
    if (JSON.stringify(typed) === JSON.stringify(rawOf(field, service[field.key]))) return false;
    const read = readValue(field, typed);
    return (
      read.problem !== undefined || JSON.stringify(read.value ?? null) !== JSON.stringify(service[field.key] ?? null)
    );
  });
}

/**
 * The panel's heading: the idea's name, and under it its phase, status and number — "Idea · Awaiting Review · #100" —
 * never the service's word "automation"; a new idea's form says what the form is.
 */
export function ideaHeading(idea: IdeaSummary | undefined, formTitle: string): { title: string; subtitle?: string } {
  if (!idea) return { title: formTitle };
  return {
    title: idea.name.trim() || ideaNameFallback(idea.id),
    subtitle: t('{0} · {1} · #{2}', idea.phase, idea.status, idea.id),
  };
}

/** What an idea is called when its name is not known. */
export const ideaNameFallback = (id: number) => t('Idea #{0}', id);
