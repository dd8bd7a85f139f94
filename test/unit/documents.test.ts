import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { MARKDOWN_IMAGE, README, readmeWithoutImages, VSIX_README } from '../harness/vsixReadme';

const ROOT = join(__dirname, '..', '..');
/** The documents a reader follows links through: the users' pages and the contributors'. */
const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  'sandbox/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (markdown: string) =>
  new Set([...withoutCode(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!.trim())));

/** Every relative link target (`[text](target)`, images too) in a document, without its `#anchor`. */
function relativeLinks(markdown: string): { target: string; fragment?: string }[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => {
      const [path, fragment] = target.split('#', 2);
      return { target: path!, fragment };
    });
}

describe('Documents', () => {
  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    let links = 0;
    for (const document of DOCUMENTS) {
      for (const { target, fragment } of relativeLinks(read(document))) {
        links++;
        const file = target === '' ? join(ROOT, document) : resolve(ROOT, dirname(document), target);
        if (!existsSync(file)) broken.push(`${document}: ${target} does not exist`);
        else if (fragment && statSync(file).isFile() && file.endsWith('.md')) {
          if (!anchorsOf(readFileSync(file, 'utf8')).has(fragment))
            broken.push(`${document}: ${target}#${fragment} names no heading of ${relative(ROOT, file)}`);
        }
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(links >= 20, `${links} relative links`);
  });

  it('name only paths of the repository that exist', () => {
    // A path in code style under one of the source folders (`src/host/settings.ts`); placeholders (`<name>`) and
    // globs are not paths.
    // The sandbox's README, and CONTRIBUTING's sandbox recipe, name the sandbox's files from its folder.
    const missing: string[] = [];
    let named = 0;
    for (const document of DOCUMENTS) {
      const roots = [ROOT, join(ROOT, 'sandbox')];
      for (const [, path] of withoutCode(read(document)).matchAll(
        /`((?:src|test|sandbox|webviews|media|docs|l10n)\/[\w./-]+)`/g,
      )) {
        named++;
        if (!roots.some((root) => existsSync(join(root, path!)))) missing.push(`${document}: ${path}`);
      }
    }
    assert.deepEqual(missing, []);
    assert.ok(named >= 100, `${named} paths named`);
  });

  it('describe every setting in the user guide’s Settings table', () => {
    const manifest = JSON.parse(read('package.json')) as {
      contributes: { configuration: { properties: Record<string, unknown> } };
    };
    const guide = read('docs/user-guide.md');
    const settings = guide.slice(guide.indexOf('\n## Settings'));
    const rows = new Set([...settings.matchAll(/^\| `(orchestrator\.[\w.]+)` \|/gm)].map((m) => m[1]));
    const declared = Object.keys(manifest.contributes.configuration.properties);
    assert.ok(declared.length >= 6, `${declared.length} settings`);
    for (const key of declared) assert.ok(rows.has(key), `${key} has no row in docs/user-guide.md's Settings table`);
  });

  it('keep the README a page a user finishes', () => {
    const words = read('README.md').split(/\s+/).filter(Boolean).length;
    assert.ok(words <= 3500, `README.md: ${words} words`);
  });

  describe('the README shipped in the .vsix', () => {
    const readme = readFileSync(README, 'utf8');
    const shipped = readmeWithoutImages(readme);

    it('has no image the details page cannot show', () => {
      assert.ok([...readme.matchAll(MARKDOWN_IMAGE)].length >= 5, 'the README has its screenshots');
      assert.deepEqual([...shipped.matchAll(MARKDOWN_IMAGE)], []);
      assert.doesNotMatch(shipped, /<img\b|!\[/i);
    });

    it('has every other line of the README, in order', () => {
      const text = (markdown: string) =>
        markdown.split('\n').filter((line) => line.trim() !== '' && !/^(!\[[^\]]*\]\([^)\s]+\)\s*)+$/.test(line));
      assert.deepEqual(text(shipped), text(readme));
      assert.doesNotMatch(shipped, /\n\n\n/);
      assert.equal(shipped.split('\n')[0], '# Orchestrator Workbench');
    });

    it('is what npm run package passes to vsce', () => {
      const script = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['package']!;
      const [generate, pack] = script.split(' && ');
      assert.equal(generate, 'tsx test/harness/vsixReadme.ts');
      assert.match(pack!, new RegExp(`^vsce package .*--readme-path ${relative(ROOT, VSIX_README)}( |$)`));
    });
  });
});
