import type { IdeaField } from './schemas';
import { t } from '../l10n';

export interface FieldProblem {
  field: string;
  message: string;
}

/** The rules of a field the checks need (the form's own field type, or the protocol's copy of it). */
export type FieldRules = Pick<
  IdeaField,
  'key' | 'label' | 'type' | 'required' | 'maxLength' | 'min' | 'max' | 'options' | 'maxSelections'
>;

/** Ids that exist on the service; when known, a category or user field must name one of them (as the service checks). */
export interface KnownIds {
  categoryIds?: ReadonlySet<number>;
  userIds?: ReadonlySet<number>;
}

function checkField(field: FieldRules, value: unknown, known: KnownIds): string | undefined {
  switch (field.type) {
    case 'text':
    case 'longText':
      if (typeof value !== 'string') return t('must be text');
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return t('must be at most {0} characters', field.maxLength);
      return field.type === 'text' && /[\r\n]/.test(value) ? t('must be a single line') : undefined;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return t('must be a number');
      if (field.min !== undefined && value < field.min) return t('must be at least {0}', field.min);
      return field.max !== undefined && value > field.max ? t('must be at most {0}', field.max) : undefined;
    case 'singleChoice':
      return typeof value === 'string' && field.options?.some((o) => o.value === value)
        ? undefined
        : t('must be one of the choices');
    case 'multipleChoice':
      if (!Array.isArray(value) || !value.every((v) => field.options?.some((o) => o.value === v)))
        return t('must be a list of the choices');
      if (new Set(value).size !== value.length) return t('lists a choice twice');
      return field.maxSelections !== undefined && value.length > field.maxSelections
        ? t('allows at most {0} choices', field.maxSelections)
        : undefined;
    case 'yesNo':
      return typeof value === 'boolean' ? undefined : t('must be yes or no');
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : t('must be a date (YYYY-MM-DD)');
    case 'category':
    case 'user': {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
        return field.type === 'category' ? t('must be one of the categories') : t('must be one of the users');
      const ids = field.type === 'category' ? known.categoryIds : known.userIds;
      if (!ids || ids.has(value)) return undefined;
      return field.type === 'category' ? t('must be an existing category') : t('must be an existing user');
    }
  }
}

/** The form's own rules, checked before submitting; unknown fields are refused as well. */
export function validateIdeaValues(
  form: { fields: readonly FieldRules[] },
  values: Record<string, unknown>,
  known: KnownIds = {},
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const fields = new Map(form.fields.map((f) => [f.key, f]));
  for (const key of Object.keys(values))
    if (!fields.has(key)) problems.push({ field: key, message: t('is not a field of this form') });
  for (const field of form.fields) {
    const value = values[field.key];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) problems.push({ field: field.key, message: t('{0} is required', field.label) });
      continue;
    }
    const message = checkField(field, value, known);
    if (message) problems.push({ field: field.key, message: `${field.label} ${message}` });
  }
  return problems;
}
