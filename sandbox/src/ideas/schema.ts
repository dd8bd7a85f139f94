import type { FieldError } from '../server/errors';

/**
 * The idea schema the sandbox serves at GET /idea-schema, and its validator for POST /idea-from-schema.
 * Field types: text, longText, number, singleChoice, multipleChoice, yesNo, date, category, user.
 */
export type IdeaFieldType =
  'text' | 'longText' | 'number' | 'singleChoice' | 'multipleChoice' | 'yesNo' | 'date' | 'category' | 'user';

export interface IdeaField {
  key: string;
  label: string;
  type: IdeaFieldType;
  required: boolean;
  helpText?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  options?: { value: string; label: string }[];
  maxSelections?: number;
}

export interface IdeaSchema {
  version: number;
  title: string;
  fields: IdeaField[];
}

export const IDEA_SCHEMA: IdeaSchema = {
  version: 3,
  title: 'Submit an automation idea',
  fields: [
    {
      key: 'name',
      label: 'Idea name',
      type: 'text',
      required: true,
      maxLength: 120,
      helpText: 'A short, descriptive title.',
    },
    { key: 'description', label: 'Description', type: 'longText', required: true, maxLength: 5000 },
    {
      key: 'category',
      label: 'Category',
      type: 'category',
      required: true,
      helpText: 'The area of the business the idea belongs to.',
    },
    { key: 'hoursSavedPerMonth', label: 'Hours saved per month', type: 'number', required: false, min: 0, max: 10000 },
    {
      key: 'frequency',
      label: 'How often does it run?',
      type: 'singleChoice',
      required: true,
      options: [
        { value: 'daily', label: 'Daily' },
        { value: 'weekly', label: 'Weekly' },
        { value: 'monthly', label: 'Monthly' },
      ],
    },
    {
      key: 'applications',
      label: 'Applications involved',
      type: 'multipleChoice',
      required: false,
      maxSelections: 3,
      options: [
        { value: 'sap', label: 'SAP' },
        { value: 'excel', label: 'Excel' },
        { value: 'outlook', label: 'Outlook' },
        { value: 'salesforce', label: 'Salesforce' },
      ],
    },
    { key: 'rulesBased', label: 'Is the process rules-based?', type: 'yesNo', required: true },
    { key: 'targetDate', label: 'Target go-live date', type: 'date', required: false },
    {
      key: 'processOwner',
      label: 'Process owner',
      type: 'user',
      required: false,
      helpText: 'Who owns the process today.',
    },
  ],
};

export interface LookupContext {
  categoryIds: ReadonlySet<number>;
  userIds: ReadonlySet<number>;
}

/** Checks submitted values against the schema; answers one error per bad field (and one per unknown field). */
export function validateIdea(values: Record<string, unknown>, lookups: LookupContext): FieldError[] {
  const errors: FieldError[] = [];
  const known = new Set(IDEA_SCHEMA.fields.map((f) => f.key));
  for (const key of Object.keys(values))
    if (!known.has(key)) errors.push({ field: key, message: `Unknown field '${key}'.` });
  for (const field of IDEA_SCHEMA.fields) {
    const value = values[field.key];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
      if (field.required) errors.push({ field: field.key, message: `${field.label} is required.` });
      continue;
    }
    const error = checkValue(field, value, lookups);
    if (error) errors.push({ field: field.key, message: error });
  }
  return errors;
}

function checkValue(field: IdeaField, value: unknown, lookups: LookupContext): string | undefined {
  switch (field.type) {
    case 'text':
    case 'longText':
      if (typeof value !== 'string') return `${field.label} must be text.`;
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return `${field.label} must be at most ${field.maxLength} characters.`;
      if (field.type === 'text' && /[\r\n]/.test(value)) return `${field.label} must be a single line.`;
      return undefined;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${field.label} must be a number.`;
      if (field.min !== undefined && value < field.min) return `${field.label} must be at least ${field.min}.`;
      if (field.max !== undefined && value > field.max) return `${field.label} must be at most ${field.max}.`;
      return undefined;
    case 'singleChoice':
      return typeof value === 'string' && field.options!.some((o) => o.value === value)
        ? undefined
        : `${field.label} must be one of ${field.options!.map((o) => o.value).join(', ')}.`;
    case 'multipleChoice':
      if (
        !Array.isArray(value) ||
        !value.every((v) => typeof v === 'string' && field.options!.some((o) => o.value === v))
      ) {
        return `${field.label} must be a list of ${field.options!.map((o) => o.value).join(', ')}.`;
      }
      if (new Set(value).size !== value.length) return `${field.label} lists a choice twice.`;
      if (field.maxSelections !== undefined && value.length > field.maxSelections)
        return `${field.label} allows at most ${field.maxSelections} choices.`;
      return undefined;
    case 'yesNo':
      return typeof value === 'boolean' ? undefined : `${field.label} must be true or false.`;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : `${field.label} must be a date (YYYY-MM-DD).`;
    case 'category':
      return typeof value === 'number' && lookups.categoryIds.has(value)
        ? undefined
        : `${field.label} must be one of the existing categories.`;
    case 'user':
      return typeof value === 'number' && lookups.userIds.has(value)
        ? undefined
        : `${field.label} must be one of the existing users.`;
  }
}
