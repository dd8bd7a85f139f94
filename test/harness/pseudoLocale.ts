// Runs an editor in the pseudo-locale (qps-ploc): the extension's messages and manifest text come from pseudo
// bundles written next to the installed copy, so anything still in plain English stands out. VS Code switches an
// extension's language only when a language pack for it is installed; an empty pack for qps-ploc (the editor's own
// text stays English) registered in the user-data dir's languagepacks.json is enough.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_FILE, PSEUDO_LOCALE, pseudoBundle, ROOT } from './l10n';

const PACK_ID = 'orchestrator-workbench-tests.pseudo-language-pack';

/** Writes the pseudo bundles into the installed extension and registers the empty language pack. */
export function preparePseudoLocale(userDataDir: string, extensionsDir: string, installedExtension: string): string[] {
  const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  mkdirSync(join(installedExtension, 'l10n'), { recursive: true });
  writeFileSync(
    join(installedExtension, 'l10n', `bundle.l10n.${PSEUDO_LOCALE}.json`),
    JSON.stringify(pseudoBundle(json(BUNDLE_FILE))),
  );
  writeFileSync(
    join(installedExtension, `package.nls.${PSEUDO_LOCALE}.json`),
    JSON.stringify(pseudoBundle(json(join(ROOT, 'package.nls.json')))),
  );
  const pack = join(extensionsDir, `${PACK_ID}-0.0.1`);
  const translations = join(pack, 'translations', 'main.i18n.json');
  mkdirSync(join(pack, 'translations'), { recursive: true });
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const [publisher, name] = PACK_ID.split('.');
  writeFileSync(
    join(pack, 'package.json'),
    JSON.stringify({
      name,
      publisher,
      version: '0.0.1',
      engines: { vscode: '^1.101.0' },
      contributes: {
        localizations: [
          {
            languageId: PSEUDO_LOCALE,
            languageName: 'Pseudo',
            localizedLanguageName: 'Pseudo',
            translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
          },
        ],
      },
    }),
  );
  // What installing a language pack through the editor would record.
  writeFileSync(
    join(userDataDir, 'languagepacks.json'),
    JSON.stringify({
      [PSEUDO_LOCALE]: {
        hash: 'pseudo',
        extensions: [{ extensionIdentifier: { id: PACK_ID }, version: '0.0.1' }],
        translations: { vscode: translations },
        label: 'Pseudo',
      },
    }),
  );
  return ['--locale', PSEUDO_LOCALE];
}
