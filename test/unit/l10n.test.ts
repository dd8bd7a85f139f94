import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_FILE, bundleText, collectBundle, pseudo, pseudoBundle } from '../harness/l10n';
import { isCode, unmarked, unmarkedIn } from '../harness/l10nCoverage';

const ROOT = join(__dirname, '..', '..');
const PENDING_FILE = join(__dirname, 'l10nPending.json');
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

/** Manifest properties a person reads (commands, views, welcome content, settings, walkthroughs, the page). */
const VISIBLE = new Set([
  'displayName',
  'description',
  'markdownDescription',
  'title',
  'shortTitle',
  'category',
  'name',
  'contextualTitle',
  'contents',
  'label',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'enumItemLabels',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'altText',
]);

/** Every manifest string under a visible property that is not a %key%, with where it is. */
function literalManifestStrings(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') {
    const property = path.findLast((p) => !/^\d+$/.test(p)) ?? '';
    const visible = VISIBLE.has(property) && !/^%[^%]+%$/.test(value);
    // A tool's input schema is read by the model, in English by design (src/host/agents, `l10n: model`).
    if (path.includes('inputSchema')) return [];
    // `name` and `id` are also identifiers outside views; only views' names are shown.
    const identifier = property === 'name' && !path.includes('views');
    return visible && !identifier ? [`${path.join('.')}: ${value}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => literalManifestStrings(v, [...path, String(i)]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => literalManifestStrings(v, [...path, k]));
  return [];
}

describe('localisation', () => {
  it('l10n/bundle.l10n.json holds exactly the messages the code marks, each a literal (npm run l10n writes it)', () => {
    const { bundle, unreadable } = collectBundle();
    assert.deepEqual(unreadable, [], 't(…) with a message the extraction cannot read');
    assert.equal(readFileSync(BUNDLE_FILE, 'utf8'), bundleText(bundle), 'run npm run l10n and commit the bundle');
  });

  it('translates text only, never code: no request path, HTTP verb, header value, page markup or policy is a message', () => {
    // A translator may change a message; a request, a redirect address or a Content-Security-Policy must not change.
    const { bundle } = collectBundle();
    const offending = Object.keys(bundle).filter(isCode);
    assert.deepEqual(offending, []);
    // The check knows code when it sees it (else the list above would be empty whatever the bundle holds).
    for (const code of ['/odata/Jobs', 'GET /identity/connect/token', "default-src 'none'", '<html lang="en">'])
      assert.ok(isCode(code), code);
    assert.ok(!isCode('Signed in to {0}.'));
  });

  it('the pseudo-locale changes every letter and keeps placeholders and icons', () => {
    assert.equal(pseudo('Sign in to {0}'), '⟦Šîĝñ îñ ţö {0}⟧');
    assert.equal(pseudo('$(sync) Refresh {name}'), '⟦$(sync) Ŕéƒŕéšĥ {name}⟧');
    assert.doesNotMatch(pseudo('The quick brown fox jumps over the lazy dog'), /[A-Za-z]/);
    assert.deepEqual(pseudoBundle({ a: 'Hi', 'b/c': { message: 'Yes', comment: ['c'] } }), {
      a: '⟦Ĥî⟧',
      'b/c': '⟦Ýéš⟧',
    });
  });

  it('the manifest shows no literal text: every title, name, description and welcome text is a %key% of package.nls.json', () => {
    const manifest = read('package.json');
    const nls = read('package.nls.json') as Record<string, string>;
    assert.deepEqual(literalManifestStrings(manifest), []);
    const used = new Set([...JSON.stringify(manifest).matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]!));
    assert.deepEqual(
      [...used].filter((key) => !(key in nls)),
      [],
      'keys missing from package.nls.json',
    );
    assert.deepEqual(
      Object.keys(nls).filter((key) => !used.has(key)),
      [],
      'keys nothing uses',
    );
  });

  it('no more text is written in English in the code than l10n/pending lists, file by file (the list only shrinks)', () => {
    const pending = JSON.parse(readFileSync(PENDING_FILE, 'utf8')) as Record<string, number>;
    const now = unmarked();
    const grown: string[] = [];
    const shrunk: string[] = [];
    for (const [file, found] of now) {
      const allowed = pending[file] ?? 0;
      if (found.length > allowed)
        grown.push(`${file}: ${found.length} > ${allowed}\n${found.map((u) => `  ${u.line}: ${u.text}`).join('\n')}`);
      if (found.length < allowed) shrunk.push(`${file}: ${found.length} < ${allowed}`);
    }
    for (const file of Object.keys(pending)) if (!now.has(file)) shrunk.push(`${file}: 0 < ${pending[file]}`);
    if (process.env.L10N_PENDING_WRITE === '1')
      writeFileSync(
        PENDING_FILE,
        `${JSON.stringify(Object.fromEntries([...now].map(([f, l]) => [f, l.length]).sort()), null, 2)}\n`,
      );
    assert.deepEqual(grown, [], 'mark these with t(…) (src/core/l10n.ts)');
    assert.deepEqual(shrunk, [], 'fewer left: lower l10nPending.json (L10N_PENDING_WRITE=1 npm run test:unit)');
  });

  it("finds English under a case or a comparison, around a value, on buttons, in a tooltip row's name, an error row's what, a panel's buttons, headings and field names, in either branch of a label, filling in a message, and a dialog's answer compared with a translated button's English; not case labels, other compared values or headers", () => {
    const dir = mkdtempSync(join(tmpdir(), 'l10n-coverage-'));
    try {
      const file = join(dir, 'sample.ts');
      writeFileSync(
        file,
        [
          'export function reply(action: string, id: number, token: string) {',
          '  switch (action) {',
          "    case 'copy json':",
          "      return { ok: true, message: 'Copied the item as JSON.' };",
          "    case 'open':",
          "      return { title: `Item ${id}`, action: 'Delete' };",
          '  }',
          "  if (action === 'Discard') return { message: `Discard ${id}?`, actions: ['Discard'] };",
          '  if (id > 1) return { where: `job ${id}` };',
          "  if (id > 2) return { action: id > 3 ? 'Stop' : 'Kill', tooltip: row('Kind', id) };",
          "  if (token === 'Remove') return { message: t('Remove'), what: 'reviews' };",
          "  if (id > 4) return t('{0} has finished.', token || 'The job');",
          "  if (id > 5) return errorRow(owner, error, 'folders', 'Shared', 'foldersError');",
          "  if (id > 6) return [button('Refresh', go, { id: 'refresh' }), h('th', { scope: 'col' }, 'Key')];",
          "  if (id > 7) return [fieldTable([['Status', token]]), notice(token ? 'Saving…' : 'Submitting…')];",
          '  return { authorization: `Bearer ${token}` }; // l10n: code (a header)',
          '}',
        ].join('\n'),
      );
      assert.deepEqual(
        unmarkedIn(file).map((u) => u.text),
        [
          'Copied the item as JSON.',
          'Item  {} ',
          'Delete',
          'Discard  {} ?',
          'Discard',
          'job  {} ',
          'Stop',
          'Kill',
          'Kind',
          'Remove',
          'reviews',
          'The job',
          'folders',
          'Refresh',
          'Key',
          'Status',
          'Saving…',
          'Submitting…',
        ],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
