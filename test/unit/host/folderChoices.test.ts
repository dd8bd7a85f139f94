// Issue 20, item 5: Hide Folder / Show Hidden Folders / Pin to Top, per connection, stored per user. The arrangement
// (pure), the store over the editor's user storage, the tree's folder rows (no request for a choice) and which of
// the commands each folder and connection row offers, on every protection level.
import assert from 'node:assert/strict';
import { CommandId, ViewId } from '../../../src/constants';
import { arrangeFolders, MAX_FOLDER_CHOICES, withChoice } from '../../../src/core/folderPreferences';
import { connectionContextValue, folderContextValue, withProtection } from '../../../src/core/rows/contextValues';
import { Stored, StoredState } from '../../../src/host/storedState';
import { memoryState } from '../../support/memoryState';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { fakeExplorerHost, testConnection } from '../../support/explorerHost';
import { aRun } from '../../support/commandRun';
import { PROTECTIONS, rowMenus } from '../../support/manifestMenus';
import { ConnectionNode } from '../../../src/host/views/explorer/connectionNode';
import { FolderPreferenceStore } from '../../../src/host/folderPreferenceStore';
import { hideFolder, pinFolder, showHiddenFolders, unhideFolder } from '../../../src/host/commands/folderChoices';

const folders = [1, 2, 3, 4].map((Id) => ({ Id, DisplayName: `F${Id}` }));
const ids = (list: { folder: { Id: number } }[]) => list.map((entry) => entry.folder.Id);

function userStorage(values: Record<string, unknown> = {}) {
  return { values, state: new StoredState(memoryState(values)) };
}

const connection = testConnection('readOnly');

describe('hidden and pinned folders', () => {
  describe('the arrangement', () => {
    it('leaves hidden folders out, lists pinned ones first, keeps the service order otherwise', () => {
      const arranged = arrangeFolders(folders, { hidden: [2], pinned: [4, 3] }, false);
      assert.deepEqual(ids(arranged), [3, 4, 1]);
      assert.deepEqual(
        arranged.map((entry) => entry.pinned),
        [true, true, false],
      );
    });

    it('keeps hidden folders, marked, while they are shown (a pinned hidden folder stays on top)', () => {
      const arranged = arrangeFolders(folders, { hidden: [2, 3], pinned: [3] }, true);
      assert.deepEqual(ids(arranged), [3, 1, 2, 4]);
      assert.deepEqual(arranged[0], { folder: folders[2], pinned: true, hidden: true });
      assert.equal(arranged[2]!.hidden, true);
    });

    it('adds a choice once, takes it back, and keeps the newest within the bound', () => {
      let preferences = withChoice({ hidden: [], pinned: [] }, 'hidden', 7, true);
      preferences = withChoice(preferences, 'hidden', 7, true);
      assert.deepEqual(preferences, { hidden: [7], pinned: [] });
      assert.deepEqual(withChoice(preferences, 'hidden', 7, false), { hidden: [], pinned: [] });
      const full = { hidden: Array.from({ length: MAX_FOLDER_CHOICES }, (_, i) => i), pinned: [] };
      const next = withChoice(full, 'hidden', -1, true);
      assert.equal(next.hidden.length, MAX_FOLDER_CHOICES);
      assert.deepEqual([next.hidden[0], next.hidden.at(-1)], [1, -1]);
    });
  });

  describe('the store (user storage, per connection)', () => {
    it('keeps each connection apart, drops an emptied entry, and forgets a removed connection', async () => {
      const { values, state } = userStorage();
      const store = new FolderPreferenceStore(state);
      await store.choose('c1', 'hidden', 5, true);
      await store.choose('c1', 'pinned', 6, true);
      await store.choose('c2', 'pinned', 5, true);
      assert.deepEqual(values['orchestrator.folderPreferences'], {
        c1: { hidden: [5], pinned: [6] },
        c2: { hidden: [], pinned: [5] },
      });
      await store.choose('c2', 'pinned', 5, false);
      assert.deepEqual(Object.keys(state.get(Stored.folderPreferences)), ['c1']);
      assert.equal(store.hiddenFolders('c1'), 'hidden');
      store.setShowHidden('c1', true);
      assert.equal(store.hiddenFolders('c1'), 'shown');
      assert.equal(store.hiddenFolders('c2'), 'none');
      // Unhiding the last hidden folder ends showing them: the next Hide Folder hides again.
      await store.choose('c1', 'hidden', 5, false);
      assert.equal(store.showsHidden('c1'), false);
      await store.choose('c1', 'hidden', 5, true);
      assert.equal(store.hiddenFolders('c1'), 'hidden');
      await store.forget('c1');
      assert.deepEqual(values['orchestrator.folderPreferences'], {});
      assert.equal(store.showsHidden('c1'), false);
    });

    it('reads a stored value of the wrong shape (or over the bound) as no choice at all', () => {
      for (const bad of [
        { c1: { hidden: ['x'], pinned: [] } },
        { c1: { hidden: Array.from({ length: MAX_FOLDER_CHOICES + 1 }, (_, i) => i), pinned: [] } },
        'everything',
      ]) {
        const { state } = userStorage({ 'orchestrator.folderPreferences': bad });
        assert.deepEqual(new FolderPreferenceStore(state).of('c1'), { hidden: [], pinned: [] });
      }
    });
  });

  describe('the tree and the commands (no request for a choice)', () => {
    function setUp() {
      const { calls, client } = fakeOrchestratorClient({
        'folders.navigation': async () => ({ ChildrenPage: folders, ChildrenCount: folders.length }),
      });
      const store = new FolderPreferenceStore(userStorage().state);
      const redrawn: (string | undefined)[] = [];
      const host = fakeExplorerHost({
        clientFor: () => client,
        folderPreferences: (c) => ({ preferences: store.of(c.id), showHidden: store.showsHidden(c.id) }),
        hiddenFolders: (c) => store.hiddenFolders(c.id),
      });
      const root = new ConnectionNode(host, connection);
      const explorer = {
        find: (id: string) => (id === root.id ? root : undefined),
        changed: (node: TreeNode | undefined) => void redrawn.push(node?.id),
      };
      const ctx = {
        explorer,
        folderPreferences: store,
        connections: { get: () => connection, all: () => [connection] },
        accountFor: () => undefined,
        input: {},
      } as never;
      const run = aRun(ctx);
      const shown = async () => (await root.children()).slice(2); // after the Failures and Tenant rows
      return { calls, store, root, run, redrawn, shown };
    }
    const labels = (nodes: TreeNode[]) => nodes.map((node) => String(node.item().label));

    it('hides and pins from the rows, redraws the connection, and reads the folders only once', async () => {
      const { calls, run, redrawn, root, shown } = setUp();
      const [f1, f2, , f4] = await shown();
      await hideFolder.run(run, f2);
      await pinFolder.run(run, f4);
      assert.deepEqual(redrawn, [root.id, root.id]);
      const after = await shown();
      assert.deepEqual(labels(after), ['F4', 'F1', 'F3']);
      assert.equal(after[0], f4, 'a folder keeps its row (and what it loaded)');
      assert.equal(after[1], f1);
      assert.equal(after[0]!.item().contextValue, 'folder pinned');
      assert.equal(after[0]!.item().description, 'pinned');
      assert.match(String(root.item().contextValue), /^connection\.signedIn hiddenFolders$/);
      assert.equal(calls.filter((c) => c === 'folders.navigation').length, 1);
    });

    it('shows hidden folders marked, unhides one, and says so when every folder is hidden', async () => {
      const { run, shown, root, store } = setUp();
      for (const folder of await shown()) await hideFolder.run(run, folder);
      const [hint] = await shown();
      assert.equal(String(hint!.item().label), 'All 4 folders here are hidden. Show Hidden Folders…');
      assert.equal(hint!.item().command?.command, CommandId.showHiddenFolders);
      await showHiddenFolders.run(run, hint!.item().command!.arguments![0]);
      const all = await shown();
      assert.deepEqual(labels(all), ['F1', 'F2', 'F3', 'F4']);
      assert.equal(all[1]!.item().contextValue, 'folder hidden');
      assert.equal(all[1]!.item().description, 'hidden');
      assert.match(String(root.item().contextValue), /hiddenFoldersShown$/);
      await unhideFolder.run(run, all[1]);
      assert.deepEqual(store.of('c1').hidden, [1, 3, 4]);
    });

    it('refuses a row that is not a folder, in the user’s words', async () => {
      const { run, root } = setUp();
      await assert.rejects(hideFolder.run(run, root), /Choose a folder in the Orchestrator view/);
      await assert.rejects(pinFolder.run(run, { Id: 1 }), /Choose a folder/);
    });
  });

  describe('which rows offer which choice (package.json), on every protection level', () => {
    const offered = (value: string) =>
      rowMenus
        .filter((m) => m.views.includes(ViewId.explorer) && m.matches(value))
        .map((m) => m.command)
        .filter((c) => /Folder|pin|Hidden/i.test(c) && c !== CommandId.setActiveFolder && c !== CommandId.treeRefresh)
        .sort();
    const C = CommandId;
    const TABLE: [string, string[]][] = [
      [folderContextValue({ pinned: false, hidden: false }), [C.hideFolder, C.pinFolder]],
      [folderContextValue({ pinned: true, hidden: false }), [C.hideFolder, C.unpinFolder]],
      [folderContextValue({ pinned: false, hidden: true }), [C.pinFolder, C.unhideFolder]],
      [folderContextValue({ pinned: true, hidden: true }), [C.unhideFolder, C.unpinFolder]],
      [connectionContextValue(true, 'none'), []],
      [connectionContextValue(true, 'hidden'), [C.showHiddenFolders]],
      [connectionContextValue(true, 'shown'), [C.stopShowingHiddenFolders]],
      [connectionContextValue(false, 'hidden'), []],
    ];
    for (const [value, commands] of TABLE)
      it(`${value}: ${commands.join(', ') || 'none'} (read-only connections too: nothing reaches the service)`, () => {
        for (const protection of PROTECTIONS)
          assert.deepEqual(offered(withProtection(value, protection)), [...commands].sort(), protection);
      });
  });
});
