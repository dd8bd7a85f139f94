// The generator behind `npm run manifest` (test/harness/manifest.ts) on declarations made up here: what it writes for
// each kind of declaration, what it refuses, and that a writer of another section (language-model tools, later)
// plugs in beside the commands' without touching them.
import assert from 'node:assert/strict';
import { CommandId, ViewId } from '../../src/constants';
import { CHANGES_ALLOWED_WHEN, ContextValue, RowFlag } from '../../src/core/rows/contextValues';
import type { CommandContribution } from '../../src/host/commands/contribution';
import { applyParts, commandsWriter, type ManifestPart } from '../harness/manifest';
import { rowCondition } from '../support/manifestMenus';

type Menus = Record<string, { command: string; when: string; group?: string }[]>;
const write = (contributes: CommandContribution) => {
  const [commands, menus] = commandsWriter([{ id: CommandId.stopJob, contributes }]);
  return { commands: commands!, menus: menus!.value as Menus };
};

describe('npm run manifest (the generator)', () => {
  it('writes a change command on rows behind the protection term, out of the palette, its title as a %key%', () => {
    const { commands, menus } = write({
      title: 'Stop Job…',
      icon: '$(debug-stop)',
      palette: 'never',
      changes: true,
      rows: [{ views: ViewId.explorer, rows: [ContextValue.jobRunning], group: '0_run', order: 3 }],
    });
    assert.deepEqual(commands.value, [
      {
        command: CommandId.stopJob,
        title: '%command.stopJob.title%',
        category: '%category.orchestrator%',
        icon: '$(debug-stop)',
      },
    ]);
    assert.deepEqual(commands.nls, { 'command.stopJob.title': 'Stop Job…' });
    assert.deepEqual(menus.commandPalette, [{ command: CommandId.stopJob, when: 'false' }]);
    const [row] = menus['view/item/context']!;
    assert.equal(row!.group, '0_run@3');
    assert.ok(row!.when.endsWith(` && ${CHANGES_ALLOWED_WHEN}`), row!.when);
    const { views, matches } = rowCondition(row!.when);
    assert.deepEqual(views, [ViewId.explorer]);
    assert.ok(matches('job.running protection.normal') && !matches('job.running protection.readOnly'));
    assert.ok(!matches('job.final protection.normal') && !matches('job.runningX protection.normal'));
  });

  it('reads flags a row has or lacks as whole words, and view titles show when the palette would', () => {
    const { menus } = write({
      title: 'Pin',
      palette: 'withConnections',
      rows: [
        { views: [ViewId.explorer, ViewId.ideas], rows: [ContextValue.folder], lacks: RowFlag.pinned, group: 'x' },
      ],
      viewTitle: [{ views: ViewId.ideas, group: 'navigation', order: 1 }],
    });
    const { views, matches } = rowCondition(menus['view/item/context']![0]!.when);
    assert.deepEqual(views.sort(), [ViewId.explorer, ViewId.ideas].sort());
    assert.ok(matches('folder') && matches('folder hidden protection.readOnly'));
    assert.ok(!matches('folder pinned') && !matches('folder pinned hidden') && !matches('folderX'));
    assert.deepEqual(menus['view/title'], [
      {
        command: CommandId.stopJob,
        when: 'view == orchestrator.ideas && orchestrator.hasConnections',
        group: 'navigation@1',
      },
    ]);
    const has = rowCondition(
      write({ title: 'F', palette: 'never', rows: [{ views: ViewId.ideas, has: RowFlag.hiddenFolders, group: 'x' }] })
        .menus['view/item/context']![0]!.when,
    );
    assert.ok(
      has.matches('connection.signedIn hiddenFolders') && !has.matches('connection.signedIn hiddenFoldersShown'),
    );
  });

  it('refuses a row menu that names no row and no flag, and a title button of a command the palette never offers', () => {
    assert.throws(
      () => write({ title: 'X', palette: 'always', rows: [{ views: ViewId.explorer, group: 'x' }] }),
      /names rows or a flag/,
    );
    assert.throws(
      () => write({ title: 'X', palette: 'never', viewTitle: [{ views: ViewId.explorer, group: 'navigation' }] }),
      /palette never offers/,
    );
  });

  it('lets another writer own its own section and nls keys beside the commands (language-model tools, later)', () => {
    const tools: ManifestPart = {
      path: ['contributes', 'languageModelTools'],
      value: [{ name: 'orchestrator_listJobs', displayName: '%tool.listJobs.displayName%' }],
      nlsPrefix: 'tool.',
      nls: { 'tool.listJobs.displayName': 'List Jobs' },
    };
    const before = {
      name: 'x',
      contributes: { commands: [], menus: {}, views: { a: 1 } },
    };
    const { packageText, nlsText } = applyParts(
      JSON.stringify(before),
      JSON.stringify({ 'tool.old.displayName': 'Gone', 'command.kept.title': 'Kept', 'a.b': 'A' }),
      [tools],
    );
    const after = JSON.parse(packageText) as { contributes: Record<string, unknown> };
    assert.deepEqual(Object.keys(after.contributes), ['commands', 'menus', 'views', 'languageModelTools']);
    assert.deepEqual(after.contributes.languageModelTools, tools.value);
    // Its keys replace the old ones under its prefix; the commands' keys and the rest are left as they were.
    assert.deepEqual(JSON.parse(nlsText), {
      'a.b': 'A',
      'command.kept.title': 'Kept',
      'tool.listJobs.displayName': 'List Jobs',
    });
  });
});
