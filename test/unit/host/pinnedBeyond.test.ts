// Pin to Top in a long list: folders arrive 100 at a time, and a pinned folder on a later page still comes first. Each
// pin is looked up at most once a Refresh, and not at all once this window knows it lives elsewhere or is gone.
import assert from 'node:assert/strict';
import { OrchestratorError } from '../../../src/core/http/errors';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { fakeExplorerHost, testConnection } from '../../support/explorerHost';
import { FolderNode } from '../../../src/host/views/explorer/folderNode';
import { ConnectionNode } from '../../../src/host/views/explorer/connectionNode';
import { MAX_PIN_LOOKUPS } from '../../../src/host/views/explorer/pinnedBeyond';

const labels = (nodes: TreeNode[]) => nodes.map((node) => String(node.item().label));
const TOP = Array.from({ length: 250 }, (_, i) => ({
  Id: i + 1,
  Key: `key-${i + 1}`,
  DisplayName: `F${i + 1}`,
  ChildrenCount: 0,
}));
/** F1's own subfolders (it has a few; they are not pinned-beyond material, just another list). */
const UNDER_F1 = [{ Id: 9001, DisplayName: 'Deep', ChildrenCount: 0 }];

/** 250 top-level folders, 100 a page; a lookup of a folder answers its navigation context (or 404). */
function setUp(pinned: number[], lookups: Record<number, () => Promise<unknown>> = {}) {
  const asked: string[] = [];
  const { client } = fakeOrchestratorClient({
    'folders.navigation': async (folderId: number | undefined, page: { skip?: number; take?: number }) => {
      asked.push(
        folderId === undefined ? `top@${page.skip ?? 0}` : page.take === 1 ? `pin ${folderId}` : `${folderId}`,
      );
      if (folderId === undefined) {
        const skip = page.skip ?? 0;
        return { ChildrenPage: TOP.slice(skip, skip + (page.take ?? 100)), ChildrenCount: TOP.length };
      }
      if (page.take !== 1) return { ChildrenPage: folderId === 1 ? UNDER_F1 : [], ChildrenCount: 1 };
      if (lookups[folderId]) return lookups[folderId]();
      const folder = [...TOP, ...UNDER_F1].find((f) => f.Id === folderId);
      if (!folder)
        throw new OrchestratorError({
          kind: 'http',
          endpoint: 'GET navigation',
          message: `Folder ${folderId} does not exist.`,
          status: 404,
        });
      const ancestors = folder.Id === 9001 ? [{ Id: 1, DisplayName: 'F1', FullyQualifiedName: 'F1' }] : [];
      return {
        Id: folder.Id,
        DisplayName: folder.DisplayName,
        IsSelectable: true,
        IsPersonal: false,
        Ancestors: ancestors,
        ChildrenCount: 3,
      };
    },
  });
  let pins = pinned;
  const host = fakeExplorerHost({
    clientFor: () => client,
    folderPreferences: () => ({ preferences: { hidden: [], pinned: pins }, showHidden: false }),
  });
  const root = new ConnectionNode(host, testConnection('normal'));
  const shown = async () => (await root.children()).slice(2); // after the Failures and Tenant rows
  return { asked, root, shown, pin: (next: number[]) => (pins = next) };
}

describe('a pinned folder beyond the folders read', () => {
  it('comes first, once, with its own subfolder count; Load more counts it and brings its own entry', async () => {
    const { asked, root, shown } = setUp([180]);
    const first = await shown();
    assert.deepEqual(labels(first).slice(0, 3), ['F180', 'F1', 'F2']);
    assert.equal(first.length, 1 + 100 + 1, 'the pin, the first page, Load more');
    assert.equal(labels(first).at(-1), 'Load more folders… (149 more)');
    const pinned = first[0];
    assert.ok(pinned instanceof FolderNode);
    assert.equal(pinned.item().contextValue, 'folder pinned');
    assert.equal(pinned.folder.ChildrenCount, 3, 'what its own navigation context says');
    assert.deepEqual(asked, ['top@0', 'pin 180']);

    await shown();
    assert.equal(asked.length, 2, 'a redraw asks nothing again');
    await root.loadMore();
    const second = await shown();
    assert.deepEqual(labels(second).slice(0, 2), ['F180', 'F1']);
    assert.equal(labels(second).filter((label) => label === 'F180').length, 1);
    assert.equal(labels(second).at(-1), 'Load more folders… (50 more)');
    const own = second[0];
    assert.ok(own instanceof FolderNode);
    assert.equal(own.folder.Key, 'key-180', "its row now stands on the page's own entry");
    assert.deepEqual(asked, ['top@0', 'pin 180', 'top@100']);
  });

  it('costs nothing for a pin this window saw elsewhere, or found gone, again after a Refresh', async () => {
    const { asked, root, shown } = setUp([9001, 9999]);
    // 9001 is unknown at first (looked up: it lives under F1), 9999 does not exist (404): one request each.
    assert.deepEqual(labels(await shown()).slice(0, 2), ['F1', 'F2']);
    assert.deepEqual(asked.sort(), ['pin 9001', 'pin 9999', 'top@0']);
    asked.length = 0;
    root.reset!();
    await shown();
    assert.deepEqual(asked, ['top@0'], 'a Refresh reads the page again, and looks nothing up');
  });

  it('asks nothing when a folder read in its own list is pinned, and drops one that is unpinned', async () => {
    const { asked, shown, pin } = setUp([]);
    await shown();
    pin([42]); // a folder of the first page, as Pin to Top from its row
    assert.deepEqual(labels(await shown()).slice(0, 2), ['F42', 'F1']);
    assert.deepEqual(asked, ['top@0']);
    pin([42, 180]);
    assert.deepEqual(labels(await shown()).slice(0, 3), ['F42', 'F180', 'F1']);
    pin([42]); // Unpin F180: it leaves the top, and the list (it is on a page not read)
    const after = labels(await shown());
    assert.deepEqual(after.slice(0, 2), ['F42', 'F1']);
    assert.ok(!after.includes('F180'));
    assert.equal(after.at(-1), 'Load more folders… (150 more)');
    pin([42, 180]); // pinned again: known already, no request
    assert.equal(labels(await shown())[1], 'F180');
    assert.deepEqual(asked, ['top@0', 'pin 180']);
  });

  it(`looks up at most ${MAX_PIN_LOOKUPS} pins a list, however many are stored`, async () => {
    const many = Array.from({ length: 30 }, (_, i) => 101 + i);
    const { asked, shown } = setUp(many);
    const first = labels(await shown());
    assert.equal(asked.filter((a) => a.startsWith('pin ')).length, MAX_PIN_LOOKUPS);
    assert.deepEqual(first.slice(0, MAX_PIN_LOOKUPS + 1).at(-1), 'F1');
    await shown();
    assert.equal(asked.filter((a) => a.startsWith('pin ')).length, MAX_PIN_LOOKUPS, 'nor more on a redraw');
  });

  it('a Refresh while a pin is looked up shows the list afresh, never an empty one', async () => {
    let answer!: (value: unknown) => void;
    const slow = new Promise((resolve) => (answer = resolve));
    const { root, shown } = setUp([180], { 180: () => slow });
    const reading = shown();
    await new Promise((resolve) => setTimeout(resolve, 5));
    root.reset!();
    answer({ Id: 180, DisplayName: 'F180', IsSelectable: true, IsPersonal: false, Ancestors: [], ChildrenCount: 0 });
    const listed = labels(await reading);
    assert.equal(listed.length, 102, listed.slice(0, 3).join(', '));
    assert.deepEqual(listed.slice(0, 2), ['F180', 'F1']);
  });

  it('a pin whose lookup is not answered waits for Load more, the list still shows, and a Refresh asks again', async () => {
    const { asked, root, shown } = setUp([180], { 180: () => Promise.reject(new Error('socket hang up')) });
    const listed = labels(await shown());
    assert.deepEqual(listed.slice(0, 2), ['F1', 'F2']);
    assert.equal(listed.at(-1), 'Load more folders… (150 more)');
    // Not answered is not gone (a 404 would be): after a Refresh it is looked up again.
    root.reset!();
    await shown();
    assert.deepEqual(asked, ['top@0', 'pin 180', 'top@0', 'pin 180']);
  });

  it('a Load more that brings the pin while it is looked up lists it once', async () => {
    let answer!: (value: unknown) => void;
    const slow = new Promise((resolve) => (answer = resolve));
    const { root, shown } = setUp([180], { 180: () => slow });
    const redraw = shown(); // the first page is read; the pin's lookup waits
    await new Promise((resolve) => setTimeout(resolve, 5));
    await root.loadMore(); // page 2 (F101–F200) arrives while the lookup still waits
    answer({ Id: 180, DisplayName: 'F180', IsSelectable: true, IsPersonal: false, Ancestors: [], ChildrenCount: 0 });
    const listed = labels(await redraw);
    assert.equal(listed.filter((label) => label === 'F180').length, 1);
    assert.equal(listed[0], 'F180');
    assert.equal(listed.at(-1), 'Load more folders… (50 more)');
  });
});
