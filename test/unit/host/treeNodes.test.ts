// The tree's host logic without an editor (vscode stubbed): when rows are redrawn, and what a Refresh during a read
// leaves behind. What rows say is in treeRowText.test.ts; the editor's side in the integration suite (explorer.test.ts).
import assert from 'node:assert/strict';
import { cancelled } from '../../../src/core/http/errors';
import type { Page } from '../../../src/core/odata/envelope';
import type { TreeNode } from '../../../src/host/views/treeNode';
import type { Answers } from '../../support/fakeOrchestratorClient';
import { explorerTree } from '../../support/explorerTree';
import { PagedNode } from '../../../src/host/views/pagedNode';
import { LazyNode } from '../../../src/host/views/treeNode';

/** A promise settled from outside: a request that answers when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
/** The tree's quiet time before held redraws go out (short here), a wait well within it, and one well beyond it. */
const QUIET_MS = 40;
const within = () => new Promise((resolve) => setTimeout(resolve, 5));
const settle = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS * 2));
const page = <T>(items: T[], count = items.length): Page<T> => ({ items, count, skipped: [] });
const label = (node: TreeNode) => String(node.item().label);

const explorer = (answers: Answers) => explorerTree(answers, QUIET_MS);

describe('tree rows (host logic, no editor)', () => {
  describe("redraws wait until the editor has taken the row's children", () => {
    it('the Tenant row shows its unread alerts only once the batch it was read in is answered', async () => {
      const slowFolders = deferred<unknown>();
      const { tree, root, fired } = explorer({
        // The top level answers at once; Shared's subfolders answer late.
        'folders.navigation': async (folderId?: number) =>
          folderId === undefined
            ? { ChildrenPage: [{ Id: 1, DisplayName: 'Shared', ChildrenCount: 2 }], ChildrenCount: 1 }
            : slowFolders.promise,
        'tenant.unreadAlerts': async () => 4,
        'tenant.tenants.list': async () => Promise.reject(new Error('403')),
        'packages.libraries.list': async () =>
          page([{ Id: 'Common.Library1', Key: 'Common.Library1:2.2.0', Version: '2.2.0', IsLatestVersion: true }]),
      });
      const [, tenant, shared] = await tree.getChildren(root);
      // After a Refresh the editor asks for the expanded rows' children in one batch (Tenant, then Shared); the host
      // sends the batch's answer when the last of them is done.
      fired.length = 0;
      const batch = [tree.getChildren(tenant), tree.getChildren(shared)];
      const groups = await batch[0]!;
      assert.deepEqual(groups.map(label), ['Libraries', 'Webhooks', 'Alerts', 'License']);
      await within();
      assert.deepEqual(fired, [], 'no redraw of Tenant while the batch with its children is still unanswered');
      slowFolders.resolve({ ChildrenPage: [{ Id: 2, DisplayName: 'Finance' }], ChildrenCount: 1 });
      await batch[1];
      await within();
      assert.deepEqual(
        fired,
        [],
        'nor in the moment before the editor asks for the next level (the expanded Libraries)',
      );
      await tree.getChildren(groups[0]);
      await within();
      assert.deepEqual(fired, []);
      await settle();
      assert.deepEqual(
        fired.sort(),
        [groups[0]!.id, tenant!.id].sort(),
        'then Tenant (its count) and Libraries (its count) are redrawn, once each',
      );
      assert.equal(tenant!.item().description, '4 unread alerts');
    });

    it('a collection shows its count once its first page was taken; other redraws are not held back', async () => {
      const { tree, fired } = explorer({});
      const rows = new PagedNode(
        'c1/jobs',
        { label: 'Jobs', icon: 'run-all' },
        {
          load: async () => page([{ n: 1 }, { n: 2 }]),
          make: (row) =>
            new LazyNode(
              `c1/jobs/${row.n}`,
              { label: `job ${row.n}`, contextValue: 'job', collapsible: 'none' },
              async () => [],
              { what: '', where: '', empty: '' },
            ),
          what: 'jobs',
          where: 'folder Shared',
          empty: { text: 'No jobs.' },
        },
        (node) => tree.changed(node),
      );
      const taken = tree.getChildren(rows);
      assert.deepEqual(fired, []);
      assert.equal((await taken).length, 2);
      await within();
      assert.deepEqual(fired, [], 'held while the editor takes the rows');
      await settle();
      assert.deepEqual(fired, ['c1/jobs']);
      assert.equal(rows.item().description, '2');
      tree.changed(rows);
      assert.deepEqual(fired, ['c1/jobs', 'c1/jobs'], 'a later redraw (Load more, a filter) goes out at once');
    });
  });

  describe('a Refresh during a read', () => {
    it('a collection reset while its page is read shows the new page, not "…was cancelled"', async () => {
      const reads: { signal: AbortSignal; answer: ReturnType<typeof deferred<Page<{ n: number }>>> }[] = [];
      const jobs = new PagedNode<{ n: number }>(
        'f/jobs',
        { label: 'Jobs', icon: 'run-all' },
        {
          load: (_top, _skip, signal) => {
            const answer = deferred<Page<{ n: number }>>();
            // As the transport does: an aborted request fails as a cancellation.
            signal.addEventListener('abort', () => answer.reject(cancelled('GET /odata/Jobs')));
            reads.push({ signal, answer });
            return answer.promise;
          },
          make: (row) =>
            new LazyNode(
              `f/jobs/${row.n}`,
              { label: `job ${row.n}`, contextValue: 'job.final', collapsible: 'none' },
              async () => [],
              { what: '', where: '', empty: '' },
            ),
          what: 'jobs',
          where: 'folder Shared',
          empty: { text: 'No jobs.' },
        },
        () => undefined,
      );
      const shown = jobs.children();
      await within();
      jobs.reset(); // Stop Job refreshes the Jobs row while its page is still being read
      await within();
      assert.equal(reads.length, 2, 'the cancelled read is followed by a fresh one');
      assert.ok(reads[0]!.signal.aborted);
      reads[1]!.answer.resolve(page([{ n: 1 }, { n: 2 }]));
      assert.deepEqual((await shown).map(label), ['job 1', 'job 2']);
      assert.deepEqual(
        (await jobs.children()).map(label),
        ['job 1', 'job 2'],
        'the next expand too: no error row, no new request',
      );
      assert.equal(reads.length, 2);
    });

    it('a late answer to a read from before the reset is dropped, not added to the fresh rows', async () => {
      const answers = [deferred<Page<{ n: number }>>(), deferred<Page<{ n: number }>>()];
      let read = 0;
      const rows = new PagedNode<{ n: number }>(
        'f/assets',
        { label: 'Assets', icon: 'symbol-constant' },
        {
          load: () => answers[read++]!.promise, // ignores the abort: answers late
          make: (row) =>
            new LazyNode(
              `f/assets/${row.n}`,
              { label: `asset ${row.n}`, contextValue: 'asset', collapsible: 'none' },
              async () => [],
              { what: '', where: '', empty: '' },
            ),
          what: 'assets',
          where: 'folder Shared',
          empty: { text: 'No assets.' },
        },
        () => undefined,
      );
      const before = rows.children();
      await within();
      rows.reset();
      const after = rows.children();
      answers[1]!.resolve(page([{ n: 2 }]));
      answers[0]!.resolve(page([{ n: 1 }]));
      assert.deepEqual((await after).map(label), ['asset 2']);
      assert.deepEqual((await before).map(label), ['asset 2']);
      assert.equal(rows.item().description, '1');
    });

    it('a one-load row (License) and the folder list drop what a read from before the reset returns', async () => {
      const licenses = [deferred<string[]>(), deferred<string[]>()];
      let read = 0;
      const license = new LazyNode(
        't/license',
        { label: 'License', contextValue: 'group', collapsible: 'collapsed' },
        async () => {
          const names = await licenses[read++]!.promise;
          return names.map(
            (name) =>
              new LazyNode(
                `t/license/${name}`,
                { label: name, contextValue: 'license', collapsible: 'none' },
                async () => [],
                { what: '', where: '', empty: '' },
              ),
          );
        },
        { what: 'the license', where: 'tenant', empty: 'No license.' },
      );
      const shown = license.children();
      await within();
      license.reset();
      licenses[0]!.reject(cancelled('GET /odata/Settings/License'));
      await within();
      licenses[1]!.resolve(['Unattended']);
      assert.deepEqual((await shown).map(label), ['Unattended']);

      const pages = [deferred<unknown>(), deferred<unknown>()];
      let asked = 0;
      const { tree, root } = explorer({
        'folders.navigation': () => pages[asked++]!.promise,
        'tenant.unreadAlerts': async () => 0,
        'tenant.tenants.list': async () => page([]),
      });
      const folders = tree.getChildren(root);
      await within();
      root.reset!();
      pages[0]!.resolve({ ChildrenPage: [{ Id: 1, DisplayName: 'Old' }], ChildrenCount: 1 });
      await within();
      pages[1]!.resolve({ ChildrenPage: [{ Id: 2, DisplayName: 'Shared' }], ChildrenCount: 1 });
      assert.deepEqual((await folders).map(label), ['Failures', 'Tenant', 'Shared']);
      assert.deepEqual(
        (await tree.getChildren(root)).map(label),
        ['Failures', 'Tenant', 'Shared'],
        'no folder twice, no stale one',
      );
    });
  });
});
