import { ArgumentEntrySchema, type ArgumentEntry } from './schemas';
import { formatNumber, t } from '../l10n';
import { checkInputArgumentsText, LIMITS, utf16Length } from './limits';

export { checkInputArgumentsText, checkTextLimit, LIMITS, utf16Length } from './limits';

// Checks made before anything is sent, mirroring the spec's limits, so the user hears what is wrong with their
// input instead of a service error. Each returns a message naming the field or argument, or undefined.

const INT32 = [-(2 ** 31), 2 ** 31 - 1] as const;

/** Checks one value against a .NET type name from a package's argument declarations. */
export function checkArgumentValue(name: string, type: string, value: unknown): string | undefined {
  const typeName = type.trim();
  if (value === null || value === undefined) return undefined;
  const arrayOf = /^(.*)\[\]$/.exec(typeName);
  if (arrayOf) {
    if (!Array.isArray(value)) return t('{0} must be a list ({1}).', name, typeName);
    for (let i = 0; i < value.length; i++) {
      const problem = checkArgumentValue(`${name}[${i}]`, arrayOf[1]!, value[i]);
      if (problem) return problem;
    }
    return undefined;
  }
  switch (typeName) {
    case 'System.String':
    case 'System.Char':
      if (typeof value !== 'string') return t('{0} must be text ({1}).', name, typeName);
      if (typeName === 'System.Char' && value.length !== 1) return t('{0} must be a single character.', name);
      return undefined;
    case 'System.Boolean':
      return typeof value === 'boolean' ? undefined : t('{0} must be true or false.', name);
    case 'System.Int32':
    case 'System.Int16':
    case 'System.Byte':
      if (typeof value !== 'number' || !Number.isInteger(value))
        return t('{0} must be a whole number ({1}).', name, typeName);
      return value < INT32[0] || value > INT32[1] ? t('{0} is out of range for {1}.', name, typeName) : undefined;
    case 'System.Int64':
      return typeof value === 'number' && Number.isSafeInteger(value)
        ? undefined
        : t('{0} must be a whole number ({1}).', name, typeName);
    case 'System.Double':
    case 'System.Single':
    case 'System.Decimal':
      return typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : t('{0} must be a number ({1}).', name, typeName);
    case 'System.DateTime':
    case 'System.DateTimeOffset':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : t('{0} must be a date and time (ISO 8601, e.g. 2026-01-31T09:00:00Z).', name);
    case 'System.TimeSpan':
      return typeof value === 'string' && /^-?(\d+\.)?\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
        ? undefined
        : t('{0} must be a duration such as 01:30:00.', name);
    default:
      if (
        typeName.startsWith('System.Collections.Generic.Dictionary') &&
        (typeof value !== 'object' || Array.isArray(value))
      )
        return t('{0} must be a JSON object ({1}).', name, typeName);
      return undefined; // other types: any JSON value, checked by the service
  }
}

/** Parses a package's declared arguments (Arguments.Input / Output text). */
export function parseArgumentDeclarations(text: string | null | undefined): ArgumentEntry[] {
  if (!text) return [];
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) throw new Error(t('Argument declarations must be a JSON array.'));
  return parsed.map((entry, i) => {
    const result = ArgumentEntrySchema.safeParse(entry);
    if (!result.success) throw new Error(t('Argument declaration {0} is malformed.', i + 1));
    return result.data;
  });
}

/** Checks job or release input values against the declared inputs: names, required ones, types, total size. */
export function checkInputValues(
  declared: readonly ArgumentEntry[],
  values: Record<string, unknown>,
  options: { requireAll?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const byName = new Map(declared.map((d) => [d.name.toLowerCase(), d]));
  for (const [name, value] of Object.entries(values)) {
    const declaration = byName.get(name.toLowerCase());
    if (!declaration) {
      problems.push(t('{0} is not an input argument of this process.', name));
      continue;
    }
    const problem = checkArgumentValue(name, declaration.type, value);
    if (problem) problems.push(problem);
  }
  if (options.requireAll !== false) {
    for (const d of declared)
      if (d.required && !d.hasDefault && (values[d.name] === undefined || values[d.name] === null))
        problems.push(t('{0} is required.', d.name));
  }
  const size = checkInputArgumentsText(JSON.stringify(values));
  if (size) problems.push(size);
  return problems;
}

/** SetArguments entries: identifiers, unique names, a type; outputs carry no `required`. */
export function checkArgumentDeclarations(
  entries: readonly ArgumentEntry[],
  which: 'Input' | 'Output',
): string | undefined {
  const seen = new Set<string>();
  for (const [i, entry] of entries.entries()) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(entry.name))
      return t("{0} argument {1}: '{2}' is not a valid name.", which, i + 1, entry.name);
    if (seen.has(entry.name.toLowerCase())) return t("{0} argument '{1}' is declared twice.", which, entry.name);
    seen.add(entry.name.toLowerCase());
    if (!/^[\w.`,[\]\s]+$/.test(entry.type))
      return t("{0} argument '{1}': '{2}' is not a type name.", which, entry.name, entry.type);
  }
  return undefined;
}

export interface QueueItemInput {
  Name: string;
  Priority?: 'High' | 'Normal' | 'Low';
  Reference?: string | null;
  DeferDate?: string | null;
  DueDate?: string | null;
  SpecificContent?: Record<string, string | number | boolean | null>;
}

export function checkQueueItem(item: QueueItemInput): string | undefined {
  if (!item.Name?.trim()) return t('The queue name is required.');
  if (item.Priority !== undefined && !['High', 'Normal', 'Low'].includes(item.Priority))
    return t('Priority must be High, Normal or Low.');
  for (const field of ['DeferDate', 'DueDate'] as const) {
    const value = item[field];
    if (value !== undefined && value !== null && Number.isNaN(Date.parse(value)))
      return t('{0} must be a date and time.', field);
  }
  if (item.DeferDate && item.DueDate && Date.parse(item.DueDate) < Date.parse(item.DeferDate))
    return t('DueDate must not be before DeferDate.');
  for (const [key, value] of Object.entries(item.SpecificContent ?? {})) {
    if (value !== null && typeof value === 'object')
      return t('SpecificContent.{0} must be text, a number, true/false or null.', key);
  }
  const size = utf16Length(JSON.stringify(item.SpecificContent ?? {}));
  if (size > LIMITS.specificContentChars)
    return t(
      'SpecificContent is {0} characters; the limit is {1}.',
      formatNumber(size),
      formatNumber(LIMITS.specificContentChars),
    );
  return undefined;
}
