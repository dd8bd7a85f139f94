import { ArgumentEntrySchema, type ArgumentEntry } from '../orchestrator/schemas';
import {
  checkArgumentDeclarations,
  checkInputArgumentsText,
  checkInputValues,
  parseArgumentDeclarations,
} from '../orchestrator/validation';
import { firstSyntaxError } from './jsonLocations';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

// The text of the editable documents and the checks made on save, before anything is sent. Pure: the file system
// provider in the host only moves these texts between the editor and the service.

export interface PackageArguments {
  Input: ArgumentEntry[];
  Output: ArgumentEntry[];
}

/** Where in the document a problem is: a JSON path (a property, a list entry) or, for a syntax error, an offset. */
export interface Problem {
  message: string;
  path?: (string | number)[];
  offset?: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/** The problems as one sentence list (notifications). */
export const problemMessages = (problems: readonly Problem[]): string => problems.map((p) => p.message).join(' ');

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** GetArguments' two JSON texts → one document `{ "Input": [...], "Output": [...] }`. */
export function packageArgumentsText(metadata: { Input?: string | null; Output?: string | null }): string {
  return pretty({
    Input: parseArgumentDeclarations(metadata.Input),
    Output: parseArgumentDeclarations(metadata.Output),
  });
}

function parseJson(text: string): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      ok: false,
      problems: [
        { message: t('The document is not valid JSON: {0}', errorMessage(error)), offset: firstSyntaxError(text) },
      ],
    };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document as a JSON object, or its problem: not JSON, or JSON of another shape (`notObject` says what it must be). */
function parseObject(text: string, notObject: string): Parsed<Record<string, unknown>> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const { value } = json;
  return isObject(value) ? { ok: true, value } : { ok: false, problems: [{ message: notObject, path: [] }] };
}

/** The edited document → the SetArguments body, or every problem found (shape, names, duplicates, types). */
export function parsePackageArguments(text: string): Parsed<PackageArguments> {
  const json = parseObject(text, t('The document must be a JSON object with "Input" and "Output" lists.'));
  if (!json.ok) return json;
  const problems: Problem[] = [];
  for (const key of Object.keys(json.value))
    if (key !== 'Input' && key !== 'Output')
      problems.push({ message: t('"{0}" is not allowed here; only "Input" and "Output".', key), path: [key] });
  const lists: PackageArguments = { Input: [], Output: [] };
  for (const which of ['Input', 'Output'] as const) {
    const list = json.value[which] ?? [];
    if (!Array.isArray(list)) {
      problems.push({ message: t('"{0}" must be a list of arguments.', which), path: [which] });
      continue;
    }
    list.forEach((entry, i) => {
      const parsed = ArgumentEntrySchema.safeParse(entry);
      if (!parsed.success || !isObject(entry)) {
        problems.push({
          message: t(
            '{0} argument {1} needs a "name" and a "type" (text){2}.',
            which,
            i + 1,
            which === 'Input' ? t(', and optionally "required" and "hasDefault" (true/false)') : '',
          ),
          path: [which, i],
        });
        return;
      }
      const extra = Object.keys(entry).filter(
        (k) => !['name', 'type', ...(which === 'Input' ? ['required', 'hasDefault'] : [])].includes(k),
      );
      if (extra.length > 0)
        problems.push({
          message: t(
            "{0} argument '{1}': {2} is not allowed{3}.",
            which,
            parsed.data.name,
            extra.map((k) => `"${k}"`).join(', '),
            which === 'Output' ? t(' on an output argument') : '',
          ),
          path: [which, i, extra[0]!],
        });
      lists[which].push(parsed.data);
    });
    const declared = checkArgumentDeclarations(lists[which], which);
    if (declared) problems.push({ message: declared, path: [which] });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: lists };
}

type ReleaseInput = { Arguments?: { Input?: string | null } | null; InputArguments?: string | null };

const rawReleaseInput = (release: ReleaseInput) => release.Arguments?.Input ?? release.InputArguments ?? '';

/** A process's input values (Arguments.Input, else InputArguments) as an object; {} when unset or unreadable. */
export function releaseInputValues(release: ReleaseInput): Record<string, unknown> {
  const raw = rawReleaseInput(release);
  const parsed = raw.trim() ? parseJson(raw) : undefined;
  return parsed?.ok && isObject(parsed.value) ? parsed.value : {};
}

/** A process's input values as a pretty JSON object (unreadable text is shown as it is, so it can be fixed). */
export function releaseInputText(release: ReleaseInput): string {
  const raw = rawReleaseInput(release);
  if (!raw.trim()) return pretty({});
  const parsed = parseJson(raw);
  return parsed.ok && isObject(parsed.value) ? pretty(parsed.value) : `${raw}\n`;
}

/**
 * The edited input values → the compact JSON text PATCHed to the process, checked against the package's declared
 * inputs (names, types) and the 10,000-character cap of what is sent. Required inputs may stay unset here: a job can
 * still give them when it starts.
 */
export function parseReleaseInput(text: string, declared: readonly ArgumentEntry[]): Parsed<string> {
  const json = parseObject(text, t('Input values must be a JSON object of argument name to value.'));
  if (!json.ok) return json;
  const compact = JSON.stringify(json.value);
  // Value by value, so each problem points at its property (the size is checked once, over the whole text).
  const problems: Problem[] = Object.entries(json.value).flatMap(([name, value]) =>
    checkInputValues(declared, { [name]: value }, { requireAll: false })
      .filter((p) => !/characters; the limit/.test(p))
      .map((message) => ({ message, path: [name] })),
  );
  const size = checkInputArgumentsText(compact);
  if (size) problems.push({ message: size, path: [] });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: compact };
}

/** Same JSON value, whatever the formatting and key order (a server copy reformatted is not a conflict). */
export function sameJson(a: string, b: string): boolean {
  const canonical = (text: string): string => {
    try {
      return JSON.stringify(sortKeys(JSON.parse(text)));
    } catch {
      return text.trim();
    }
  };
  return canonical(a) === canonical(b);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys(value[k])]),
    );
  return value;
}
