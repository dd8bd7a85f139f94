import { t } from '../l10n';

// Exception messages made comparable: the parts that change from run to run (numbers, ids, GUIDs, quoted values,
// paths, dates) become placeholders, so "Invoice total is missing for INV-20431" and "… for INV-20432" are one failure.

/** Messages are compared on their first part only: a stack or a dumped document is not part of what failed. */
export const MAX_NORMALISED_CHARS = 500;
const MAX_INPUT_CHARS = 4000;

interface Fold {
  readonly pattern: RegExp;
  readonly placeholder: () => string;
}

// Order matters: a path or a GUID holds numbers, a date holds numbers, an id holds a number.
const FOLDS: readonly Fold[] = [
  { pattern: /\bhttps?:\/\/[^\s"'<>]+/gi, placeholder: () => t('[path]') },
  {
    pattern: /(?:\b[A-Za-z]:[\\/]|\\\\)[^\s"'<>|]*(?:[ ][^\s"'<>|\\/]+[\\/][^\s"'<>|]*)*/g,
    placeholder: () => t('[path]'),
  },
  { pattern: /(?<![\w.])\/(?:[^\s"'<>|/]+\/)+[^\s"'<>|]*/g, placeholder: () => t('[path]') },
  { pattern: /"[^"\r\n]{0,300}"|“[^”\r\n]{0,300}”|(?<!\w)'[^'\r\n]{0,300}'(?!\w)/g, placeholder: () => t('"[text]"') },
  {
    pattern: /\{?\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b\}?/gi,
    placeholder: () => t('[guid]'),
  },
  {
    pattern: /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?!\w)/g,
    placeholder: () => t('[date]'),
  },
  {
    pattern: /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M)?)?(?!\w)/gi,
    placeholder: () => t('[date]'),
  },
  { pattern: /\b\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s?[AP]M)?(?!\w)/gi, placeholder: () => t('[date]') },
  { pattern: /\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, placeholder: () => t('[hex]') },
  // Invoice-like ids: letters, a separator, a number (INV-20431, PO#7781, ORD_55-3), or capitals run into digits.
  { pattern: /\b[A-Za-z]{1,12}[-_#]\d[\w-]*|\b[A-Z]{2,}\d{3,}\b/g, placeholder: () => t('[id]') },
  { pattern: /(?<![\w.])[-+]?\d+(?:[.,]\d+)*(?![\w])/g, placeholder: () => t('[number]') },
];

/** The message with its changing parts folded to placeholders, on one line. */
export function normaliseMessage(message: string): string {
  let text = message.length > MAX_INPUT_CHARS ? message.slice(0, MAX_INPUT_CHARS) : message;
  for (const { pattern, placeholder } of FOLDS) text = text.replace(pattern, placeholder());
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_NORMALISED_CHARS ? `${text.slice(0, MAX_NORMALISED_CHARS)}…` : text;
}
