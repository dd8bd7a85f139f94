/**
 * One way to mark a string the user reads, in every layer (core, host, webviews): `t('Signed in to {0}.', name)`.
 * The message itself is the key (English is the source language); `npm run l10n` collects every `t(…)` into
 * `l10n/bundle.l10n.json` for translators, so the first argument is always a literal. The host loads the bundle VS Code
 * picked for the display language before any other module of ours loads (src/extension.ts); a panel gets
 * the same bundle on its page (webviews/common/displayLanguage.ts). Without one (English) `t` returns the message with
 * its arguments put in.
 */
import * as l10n from '@vscode/l10n';

export type Bundle = l10n.l10nJsonFormat;

export const t = l10n.t;

/** The display language's tag for numbers and dates (undefined: the runtime's own, e.g. an unknown pseudo-locale). */
let locale: string | undefined;
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Loads the display language's messages (nothing to do for English: no bundle) and, when told, its tag
 * (`vscode.env.language`, a panel's `lang`), which numbers and dates are written in.
 */
export function loadBundle(contents: Bundle | undefined, language?: string): void {
  if (contents && Object.keys(contents).length > 0) l10n.config({ contents });
  if (language === undefined) return;
  try {
    locale = Intl.NumberFormat.supportedLocalesOf(language)[0];
  } catch {
    locale = undefined; // not a language tag at all
  }
  numberFormats.clear();
}

/** The tag numbers and dates are written in (for `Intl` formats made elsewhere, such as dates). */
export function displayLocale(): string | undefined {
  return locale;
}

/** A number as the display language writes it: 1,234 in English, 1.234 in German, 1 234 in French. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const key = options ? JSON.stringify(options) : '';
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format.format(value);
}
