// Issue 20: menus that tell the truth. Which commands each row offers on a normal, a confirm and a read-only
// connection, read from package.json's own `when` clauses against the context values the rows carry.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CommandId, ContextKey, ViewId } from '../../src/constants';
import { CHANGES_ALLOWED_WHEN, ContextValue, withProtection, type Protection } from '../../src/core/rows/contextValues';
import { DECLARED, manifest, rowMenus } from '../support/manifestMenus';
import { changeCommandIds } from '../harness/manifest';

const ROOT = join(__dirname, '..', '..');
const C = CommandId;

/** The commands a row's context menu (and inline actions) offer. */
function offered(view: string, contextValue: string): string[] {
  return [...new Set(rowMenus.filter((m) => m.views.includes(view) && m.matches(contextValue)).map((m) => m.command))];
}

/** The rows that offer change commands, and which (the table users see). */
const ROWS: { view: string; value: string; changes: CommandId[] }[] = [
  { view: ViewId.explorer, value: ContextValue.process, changes: [C.startJob, C.rollBackProcess] },
  {
    view: ViewId.explorer,
    value: ContextValue.processOutdated,
    changes: [C.startJob, C.updateProcessToLatest, C.rollBackProcess],
  },
  { view: ViewId.explorer, value: ContextValue.package, changes: [C.startJob] },
  { view: ViewId.explorer, value: ContextValue.jobRunning, changes: [C.startJob, C.stopJob, C.killJob] },
  { view: ViewId.explorer, value: ContextValue.jobFinal, changes: [C.startJob] },
  { view: ViewId.explorer, value: ContextValue.queue, changes: [C.addQueueItem, C.bulkAddQueueItems] },
  { view: ViewId.explorer, value: ContextValue.tenantActive, changes: [C.deactivateTenant] },
  { view: ViewId.explorer, value: ContextValue.tenantInactive, changes: [C.activateTenant] },
  { view: ViewId.ideas, value: ContextValue.ideasConnection, changes: [C.submitIdea] },
  {
    view: ViewId.ideas,
    value: ContextValue.idea,
    changes: [C.changeIdeaStatus, C.addIdeaTags, C.manageIdeaCollaborators, C.attachIdeaDocument],
  },
];

/** The commands declared `changes: true` next to their code (read in `before`). */
let changeCommands: readonly string[] = [];
const isChange = (command: string) => changeCommands.includes(command);

describe('menus on normal, confirm and read-only connections', () => {
  before(async () => {
    changeCommands = await changeCommandIds();
  });

  for (const { view, value, changes } of ROWS) {
    it(`${value}: ${changes.join(', ')} on normal and confirm connections, none on a read-only one`, () => {
      const on = (protection: Protection) => offered(view, withProtection(value, protection));
      assert.deepEqual(on('normal').filter(isChange).sort(), [...changes].sort());
      assert.deepEqual(on('confirm'), on('normal'), 'confirm asks when run; it offers the same');
      assert.deepEqual(on('readOnly').filter(isChange), []);
      // Everything that reads stays: Refresh, Show…, Copy, documents.
      assert.deepEqual(
        on('readOnly'),
        on('normal').filter((command) => !isChange(command)),
      );
    });
  }

  it('no row of any kind offers a change command on a read-only connection', () => {
    // Every row any view declares, as a read-only connection's row shows it: none is offered a change.
    for (const [view, values] of Object.entries(DECLARED))
      for (const value of values) {
        const offeredChanges = offered(view, withProtection(value, 'readOnly')).filter(isChange);
        assert.deepEqual(offeredChanges, [], `${value} of a read-only connection in ${view}`);
      }
    for (const menu of rowMenus)
      if (isChange(menu.command)) assert.ok(menu.when.includes(CHANGES_ALLOWED_WHEN), `${menu.command}: ${menu.when}`);
    for (const menu of rowMenus.filter((m) => !isChange(m.command)))
      assert.doesNotMatch(menu.when, /protection/, `${menu.command} reads only: no protection term`);
  });

  it('the palette and view titles offer change commands only while some connection allows changes', () => {
    const menus = manifest.contributes.menus as Record<string, { command: string; when?: string }[]>;
    for (const menu of ['commandPalette', 'view/title'])
      for (const entry of menus[menu]!.filter((e) => isChange(e.command)))
        assert.ok(
          entry.when === 'false' || entry.when?.includes(ContextKey.changesAllowed),
          `${menu} ${entry.command}: ${entry.when}`,
        );
  });

  it('every command that passes guardChange is declared a change command', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
      );
    const commandsDir = join(ROOT, 'src', 'host', 'commands');
    const guarded = new Set<string>();
    for (const file of files(commandsDir)) {
      const text = readFileSync(file, 'utf8');
      if (!/\bguardChange\(/.test(text) || file.endsWith('guardChange.ts')) continue;
      // A command's steps live in a folder named after it (startJob/run.ts belongs to startJob.ts).
      // The ids on its `id:` line (Activate/Deactivate Tenant share one file).
      const own = [...(/\bid: .*$/m.exec(text)?.[0].matchAll(/CommandId\.(\w+)/g) ?? [])].map((m) => m[1]!);
      const folder = /commands\/(\w+)\//.exec(file)?.[1];
      const ids = own.length > 0 ? own : folder ? [folder] : [];
      assert.ok(ids.length > 0, `${file}: which command?`);
      for (const id of ids) guarded.add((C as Record<string, string>)[id]!);
    }
    assert.ok(guarded.size >= 10, [...guarded].join(', '));
    assert.deepEqual(
      [...guarded].filter((command) => !isChange(command)),
      [],
    );
  });
});
