import type { IdeaField, IdeaSchema } from './schemas';

export interface FieldProblem {
  field: string;
  message: string;
}

function checkField(field: IdeaField, value: unknown): string | undefined {
  switch (field.type) {
    case 'text':
    case 'longText':
      if (typeof value !== 'string') return 'must be text';
      if (field.maxLength !== undefined && value.length > field.maxLength) return `must be at most ${field.maxLength} characters`;
      return field.type === 'text' && /[\r\n]/.test(value) ? 'must be a single line' : undefined;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.min !== undefined && value < field.min) return `must be at least ${field.min}`;
      return field.max !== undefined && value > field.max ? `must be at most ${field.max}` : undefined;
    case 'singleChoice':
      return typeof value === 'string' && field.options?.some((o) => o.value === value) ? undefined : 'must be one of the choices';
    case 'multipleChoice':
      if (!Array.isArray(value) || !value.every((v) => field.options?.some((o) => o.value === v))) return 'must be a list of the choices';
      if (new Set(value).size !== value.length) return 'lists a choice twice';
      return field.maxSelections !== undefined && value.length > field.maxSelections ? `allows at most ${field.maxSelections} choices` : undefined;
    case 'yesNo':
      return typeof value === 'boolean' ? undefined : 'must be yes or no';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'must be a date (YYYY-MM-DD)';
    case 'category':
    case 'user':
      return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? undefined : `must be a ${field.type} id`;
  }
}

/** The form's own rules, checked before submitting; unknown fields are refused as well. */
export function validateIdeaValues(form: IdeaSchema, values: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const known = new Set(form.fields.map((f) => f.key));
  for (const key of Object.keys(values)) if (!known.has(key)) problems.push({ field: key, message: 'is not a field of this form' });
  for (const field of form.fields) {
    const value = values[field.key];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) problems.push({ field: field.key, message: `${field.label} is required` });
      continue;
    }
    const message = checkField(field, value);
    if (message) problems.push({ field: field.key, message: `${field.label} ${message}` });
  }
  return problems;
}
