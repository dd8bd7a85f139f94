/**
 * Text from a service or from settings, made safe to show. Anyone on a tenant can name a queue, a reference or a
 * process; that text later reaches another user's notifications, tooltips and pickers. VS Code renders links
 * (`[text](command:…)` runs a command on click) in notifications, codicons (`$(name)`) in pickers and the status bar,
 * and full Markdown (links, images, autolinks, HTML) in MarkdownString tooltips. What comes out of `plainText` is
 * none of these: it reads as the text it was, with link syntax broken by an invisible joiner.
 *
 * - `plainText(text)`: for notifications, modal messages, quick picks, the status bar, tree labels and descriptions,
 *   plain-string tooltips. One line.
 * - `plainText(text, { markdown: true })`: for a MarkdownString (with `isTrusted: false`, `supportHtml: false`):
 *   additionally every ASCII punctuation character is backslash-escaped, so no link, image, autolink, HTML tag,
 *   emphasis or table cell border can be formed; Markdown renders the escapes as the plain characters.
 */

/** Joins two characters without showing anything: placed inside link syntax so no renderer sees a link. */
export const JOINER = '\u200D';

/** The default cap: a notification or tooltip is no place for a 256,000-character field. */
export const PLAIN_TEXT_MAX = 1_000;

export interface PlainTextOptions {
  /** Escape for a MarkdownString (tooltips). */
  markdown?: boolean;
  /** At most this many characters of the source are kept (an ellipsis marks the cut). Default PLAIN_TEXT_MAX. */
  maxLength?: number;
}

// Bidi embeddings, overrides, isolates and marks: they reorder what is shown (a name that reads differently from
// what it is, "Trojan Source").
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// Zero-width and invisible characters an attacker could use to make two names look alike or hide syntax; our own
// joiner is added after this step.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]/g;
// Line breaks of every kind (a newline ends a Markdown table row; a notification shows one paragraph).
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
// Other control characters (C0 and C1): shown as nothing useful, some terminals and renderers act on them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;
// Half of a surrogate pair on its own is not text: it becomes the replacement character.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/**
 * Link syntax of the plain renderers, broken with the joiner: `](` (notification links), `$(` (codicons), a URI scheme
 * before `:` (`command:`, `https:`), `www.` and the `@` of an e-mail address (autolinks).
 */
function breakLinks(text: string): string {
  return text
    .replace(/\](?=\s*\()/g, `]${JOINER}`)
    .replace(/\$(?=\()/g, `$${JOINER}`)
    .replace(/(https?|ftps?|file|command|vscode[\w-]*|mailto|javascript|data|vbscript|blob)(?=:)/gi, `$1${JOINER}`)
    .replace(/\bwww\./gi, (www: string) => `${www.slice(0, 3)}${JOINER}.`)
    .replace(/@(?=[A-Za-z0-9])/g, `@${JOINER}`);
}

/** Keeps at most `max` characters without cutting a surrogate pair in half. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/** Any value (null, numbers, service text, settings) as one safe line; see the module comment. */
export function plainText(value: unknown, options: PlainTextOptions = {}): string {
  const raw = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  const cleaned = cut(raw.replace(LONE_SURROGATE, '\uFFFD'), options.maxLength ?? PLAIN_TEXT_MAX)
    .replace(BIDI, '')
    .replace(INVISIBLE, '')
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROLS, ' ')
    // A tab would indent Markdown into a code block and is a gap elsewhere.
    .replace(/\t/g, ' ');
  return breakLinks(options.markdown ? cleaned.replace(ASCII_PUNCTUATION, '\\$&') : cleaned);
}

/** Shorthand for a MarkdownString's text. */
export const markdownText = (value: unknown, maxLength?: number) => plainText(value, { markdown: true, maxLength });
