import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CommandId, ViewId } from '../../src/constants';
import { DEFAULT_TAIL_LEVEL, LOG_LEVELS } from '../../src/core/logs/logLines';
import { MENU_LESS_CONTEXT_VALUES, VIEW_CONTEXT_VALUES } from '../../src/core/rows/contextValues';
import { DECLARED, manifest, rowCondition, rowMenus, shownAs } from '../support/manifestMenus';
import { UserSettingKey } from '../../src/host/settings';
import { buildDevelopment } from '../harness/build';
import { VSIX_README, writeVsixReadme } from '../harness/vsixReadme';
import { ConnectionSettingSchema } from '../../src/core/connections';

const ROOT = join(__dirname, '..', '..');
const VSIX_README_PATH = relative(ROOT, VSIX_README);
describe('extension manifest', () => {
  it('is a real manifest: name, engine, entry point, no * activation', () => {
    assert.equal(manifest.name, 'orchestrator-workbench');
    assert.equal(manifest.displayName, 'Orchestrator Workbench');
    assert.equal(manifest.main, './dist/extension.mjs');
    const [major, minor] = String(manifest.engines.vscode).replace(/^\^/, '').split('.').map(Number);
    assert.ok(major === 1 && minor! >= 101, manifest.engines.vscode);
    assert.ok(!(manifest.activationEvents ?? []).includes('*'));
    assert.ok(manifest.categories.length > 0);
  });

  it('presents itself on the Marketplace: a 128 px PNG icon, a banner, categories that say what it is, preview while 0.x', () => {
    const icon = readFileSync(join(ROOT, manifest.icon));
    assert.deepEqual([...icon.subarray(1, 4)], [...Buffer.from('PNG')], 'the icon is a PNG');
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128], 'of 128 × 128 pixels');
    assert.match(manifest.galleryBanner.color, /^#[0-9A-Fa-f]{6}$/);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme));
    // "Testing" is the Marketplace's category for test frameworks; this is not one.
    assert.ok(!manifest.categories.includes('Testing'), manifest.categories.join(', '));
    assert.equal(
      manifest.preview,
      String(manifest.version).startsWith('0.'),
      'preview exactly while the version is 0.x',
    );
    assert.ok(manifest.keywords.length <= 30, 'the Marketplace takes at most 30 keywords');
  });

  it('contributes the Orchestrator view container with an icon that exists, and its views', () => {
    const container = manifest.contributes.viewsContainers.activitybar.find(
      (c: { id: string }) => c.id === 'orchestrator',
    );
    assert.ok(container);
    assert.ok(existsSync(join(ROOT, container.icon)), container.icon);
    const views = manifest.contributes.views.orchestrator.map((v: { id: string }) => v.id).sort();
    assert.deepEqual(views, Object.values(ViewId).sort());
  });

  it('declares exactly the commands the code defines, each with a category', () => {
    const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepEqual(contributed, Object.values(CommandId).sort());
    for (const command of manifest.contributes.commands)
      assert.equal(command.category, 'Orchestrator', command.command);
  });

  it('offers every row menu on a row that exists: each viewItem test matches a declared context value of its view', () => {
    assert.ok(rowMenus.length > 20, 'the row menus are read');
    for (const { menu, command, when, views, matches } of rowMenus) {
      assert.ok(views.length > 0, `${menu} ${command}: ${when} names a view of ours`);
      assert.ok(
        views.some((view) => DECLARED[view]!.flatMap(shownAs).some(matches)),
        `${menu} ${command}: ${when} matches no declared context value`,
      );
    }
  });

  it('reads a row condition as the editor does (the checker itself)', () => {
    const running = rowCondition('view == orchestrator.explorer && viewItem =~ /^job\\.(running|final)$/');
    assert.deepEqual(running.views, [ViewId.explorer]);
    assert.ok(running.matches('job.running') && !running.matches('job.runningX'));
    const both = rowCondition('view =~ /^orchestrator\\.(explorer|ideas)$/ && viewItem =~ /\\bfiltered\\b/');
    assert.deepEqual(both.views.sort(), Object.keys(DECLARED).sort());
    assert.ok(both.matches('collection ideas filterable filtered') && !both.matches('collection unfiltered'));
    assert.ok(
      !VIEW_CONTEXT_VALUES.explorer.some(rowCondition('viewItem == jobs.running').matches),
      'a misspelt value matches nothing',
    );
    assert.throws(() => rowCondition('view == orchestrator.explorer || viewItem == job.running'));
  });

  it('gives every declared context value a menu, unless it is listed as menu-less (and then none)', () => {
    for (const [view, values] of Object.entries(DECLARED)) {
      const menus = rowMenus.filter((m) => m.views.includes(view));
      for (const value of values) {
        const hits = menus.filter((m) => shownAs(value).some(m.matches)).map((m) => m.command);
        if (MENU_LESS_CONTEXT_VALUES.includes(value))
          assert.deepEqual(hits, [], `${value} in ${view} is listed as menu-less`);
        else assert.ok(hits.length > 0, `${value} in ${view} has no menu and is not listed as menu-less`);
      }
    }
  });

  it('contributes the connections setting without any secret-looking field', () => {
    const connections = manifest.contributes.configuration.properties['orchestrator.connections'];
    const fields = Object.keys(connections.items.properties);
    assert.deepEqual(connections.items.properties.protection.enum, ['normal', 'confirm', 'readOnly']);
    for (const field of fields) assert.doesNotMatch(field, /token|secret|password|key/i, field);
  });

  it('declares the connection fields the code reads, with the same choices', () => {
    const items = manifest.contributes.configuration.properties['orchestrator.connections'].items;
    const shape = ConnectionSettingSchema.shape;
    assert.deepEqual(Object.keys(items.properties).sort(), Object.keys(shape).sort());
    assert.deepEqual(items.properties.authentication.enum, shape.authentication._zod.def.innerType.options);
    assert.deepEqual(items.properties.kind.enum, shape.kind.options);
  });

  it('keeps every setting that chooses where a credential goes or weakens a protection out of workspaces', () => {
    const properties = manifest.contributes.configuration.properties as Record<string, { scope?: string }>;
    // Every setting says who may set it: one without a scope could come from a workspace.
    assert.deepEqual(
      Object.keys(properties).filter((key) => !properties[key]!.scope),
      [],
    );
    const userOnly = Object.keys(properties)
      .filter((key) => ['application', 'machine'].includes(properties[key]!.scope ?? ''))
      .sort();
    // The same keys the code reads from the user level only: a new one must be added in both places.
    assert.deepEqual(userOnly, Object.values(UserSettingKey as Record<string, string>).sort());
    const trust = manifest.capabilities.untrustedWorkspaces;
    assert.equal(trust.supported, 'limited');
    assert.match(trust.description, /user settings only/);
    // Every other setting is withheld from untrusted workspaces (a user-only one cannot come from a workspace at all).
    const rest = Object.keys(properties)
      .filter((key) => !userOnly.includes(key))
      .sort();
    assert.deepEqual([...trust.restrictedConfigurations].sort(), rest);
  });

  it("offers the service's log levels for tails, with the default the code falls back to", () => {
    const level = manifest.contributes.configuration.properties['orchestrator.logs.minimumLevel'];
    assert.deepEqual(level.enum, [...LOG_LEVELS]);
    assert.equal(level.default, DEFAULT_TAIL_LEVEL);
  });

  it('packages only the allow-listed files; the README is shipped without its screenshots', function () {
    this.timeout(60_000);
    buildDevelopment('ignore');
    writeVsixReadme();
    const listed = execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/@vscode/vsce/vsce'), 'ls', '--no-dependencies', '--readme-path', VSIX_README_PATH],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .sort();
    const allowed =
      /^(dist\/extension\.mjs|dist\/chunks\/[\w-]+\.mjs|dist\/webviews\/[^/]+\.js|media\/.+|package\.json|package\.nls\.json|l10n\/bundle\.l10n(\.[\w-]+)?\.json|dist\/vsix-readme\.md|CHANGELOG\.md|LICENSE)$/;
    for (const file of listed) assert.match(file, allowed);
    // Every chunk the build made ships: a command whose code is missing would fail only when a user runs it.
    for (const chunk of readdirSync(join(ROOT, 'dist', 'chunks')).filter((f) => f.endsWith('.mjs')))
      assert.ok(listed.includes(`dist/chunks/${chunk}`), chunk);
    for (const required of [
      'dist/extension.mjs',
      'package.json',
      'package.nls.json',
      VSIX_README_PATH,
      'CHANGELOG.md',
      'LICENSE',
      'media/orchestrator.svg',
    ])
      assert.ok(listed.includes(required), required);
    // An installed extension's details page shows http(s) images only (VS Code's sanitizer drops relative and data:
    // sources; test/e2e/installed.test.ts sees it): shipping the screenshots would add a megabyte nobody sees, and the
    // shipped README leaves them out (test/unit/documents.test.ts). They are relative links into the source tree, for
    // the repository's page, which vsce turns into addresses once the source has a public home.
    const images = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map(
      (m) => m[1]!,
    );
    assert.ok(images.length >= 5, `${images.length} images in the README`);
    for (const image of images) {
      assert.match(image, /^docs\/screenshots\/[\w-]+\.png$/, `${image}: a screenshot of the source tree`);
      assert.ok(existsSync(join(ROOT, image)), image);
    }
  });
});
