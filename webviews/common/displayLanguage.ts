// The first module each panel's script imports: the display language's messages, before any text is built (the host
// puts them on the page's body; src/shared/displayLanguage.ts checks them), and its tag (the page's `lang`) for numbers.
import { loadBundle } from '../../src/core/l10n';
import { readDisplayLanguage } from '../../src/shared/displayLanguage';

loadBundle(readDisplayLanguage(document.body.dataset.l10n), document.documentElement.lang || undefined);
