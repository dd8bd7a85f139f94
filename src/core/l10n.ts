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

/** Loads the display language's messages; nothing to do for English (no bundle). */
export function loadBundle(contents: Bundle | undefined): void {
  if (contents && Object.keys(contents).length > 0) l10n.config({ contents });
}
