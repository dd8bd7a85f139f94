// The trees' rows by id, without an editor (vscode stubbed): every row's id follows the grammar of
// src/core/rows/rowIds.ts, commands find rows by the ids RowIds builds, and rows replaced by a reload leave the index.
import assert from 'node:assert/strict';
import type { Page } from '../../../src/core/odata/envelope';
import { formatRowId, parseRowId, RowIds } from '../../../src/core/rows/rowIds';
import type { RowKind } from '../../../src/core/rows/rows';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { fakeExplorerHost } from '../../support/explorerHost';
import { aConnection } from '../../support/entities';
import { NodeTree } from '../../../src/host/views/nodeTree';
import { ConnectionNode } from '../../../src/host/views/explorer/connectionNode';
import { IdeasConnectionNode } from '../../../src/host/views/ideas/nodes';

const page = <T>(items: T[]): Page<T> => ({ items, count: items.length, skipped: [] });
const connection = aConnection({
  id: 'https://cloud.test/acme/main',
  serviceUrl: 'https://cloud.test',
  account: 'acme',
  tenant: 'main',
});
const CONNECTION_ID = 'https://cloud.test/acme/main';

/** A client that answers every list with one row (`jobs` answers what the test says), by area and call name. */
function fakeClient(jobKeys: () => string[]) {
  const answers: Record<string, (...args: any[]) => unknown> = {
    'folders.navigation': (folderId?: number) =>
      folderId === undefined
        ? { ChildrenPage: [{ Id: 1, DisplayName: 'Shared', ChildrenCount: 1 }], ChildrenCount: 1 }
        : folderId === 1
          ? { ChildrenPage: [{ Id: 2, DisplayName: 'Finance/EU', ChildrenCount: 0 }], ChildrenCount: 1 }
          : { ChildrenPage: [], ChildrenCount: 0 },
    'tenant.unreadAlerts': () => 1,
    'tenant.tenants.list': () => page([{ Id: 5, Name: 'main', IsActive: true }]),
    'tenant.webhooks.list': () =>
      page([{ Id: 6, Url: 'https://hooks.test/a', Enabled: true, SubscribeToAllEvents: true }]),
    'tenant.alerts.list': () =>
      page([
        {
          Id: 'a1',
          NotificationName: 'Robot down',
          Severity: 'Error',
          State: 'Unread',
          CreationTime: '2026-01-01T00:00:00Z',
        },
      ]),
    'tenant.license': () => ({
      IsExpired: false,
      IsRegistered: true,
      DefinedRobots: { Unattended: 1, Attended: 0, NonProduction: 0, Development: 0 },
      AllowedRobots: { Unattended: 2, Attended: 0, NonProduction: 0, Development: 0 },
    }),
    'packages.libraries.list': () =>
      page([{ Id: 'Common/Lib', Key: 'Common/Lib:1.0.0', Version: '1.0.0', IsLatestVersion: true }]),
    'releases.list': () =>
      page([
        {
          Id: 3,
          Key: 'r-3',
          Name: 'Invoices',
          ProcessKey: 'Invoices%Pkg',
          ProcessVersion: '1.0.0',
          IsLatestVersion: true,
        },
      ]),
    'jobs.list': () =>
      page(
        jobKeys().map((Key, i) => ({
          Id: i,
          Key,
          State: 'Running',
          ReleaseName: 'Invoices',
          CreationTime: '2026-01-01T00:00:00Z',
        })),
      ),
    'queues.list': () => page([{ Id: 9, Name: 'Orders', EnforceUniqueReference: false }]),
    'queues.items.list': () =>
      page([{ Id: 11, Status: 'New', Reference: 'A/1', CreationTime: '2026-01-01T00:00:00Z' }]),
    'packages.list': () =>
      page([{ Id: 'Invoices%Pkg', Key: 'Invoices%Pkg:1.0.0', Version: '1.0.0', IsLatestVersion: true }]),
    'packages.versions': () =>
      page([{ Id: 'Invoices%Pkg', Key: 'Invoices%Pkg:1.0.0', Version: '1.0.0', IsLatestVersion: true }]),
    'robots.list': () => page([{ Id: 4, Name: 'Robot 1', Type: 'Unattended' }]),
    'robots.sessionsOf': () => new Map(),
    'assets.list': () => page([{ Id: 8, Name: 'Url', ValueType: 'Text', StringValue: 'x' }]),
  };
  return fakeOrchestratorClient(answers).client;
}

function fakeIdeas() {
  const idea = (id: number) => ({
    id,
    name: `Idea ${id}`,
    phase: 'Idea',
    status: 'Awaiting Review',
    createdAt: '2026-01-01T00:00:00Z',
  });
  const data = <T>(rows: T) => ({ data: rows, page: { number: 1, size: 50, total: 1 } });
  return {
    users: async () => data([]),
    categories: async () =>
      data([
        { id: 1, name: 'Finance', parentId: null },
        { id: 2, name: 'Payables', parentId: 1 },
      ]),
    pipeline: async () => ({ data: [{ phase: 'Idea', statuses: [{ status: 'Awaiting Review', count: 1 }] }] }),
    ideas: async () => data([idea(1)]),
    store: async () => data([idea(2)]),
    reviews: async () => data([{ id: 3, automationId: 2, userId: 1, rating: 4 }]),
    components: async () => data([{ id: 4, name: 'OCR' }]),
    applications: async () => data([{ id: 5, name: 'SAP' }]),
  };
}

/** Expands every row the way the editor would, depth first; every row loaded. */
async function expandAll(tree: NodeTree): Promise<TreeNode[]> {
  const rows: TreeNode[] = [];
  const visit = async (nodes: TreeNode[]) => {
    for (const node of nodes) {
      rows.push(node);
      if (node.children) await visit(await tree.getChildren(node));
    }
  };
  await visit(await tree.getChildren());
  return rows;
}

function treeOf(make: (changed: (node: TreeNode | undefined) => void) => TreeNode) {
  const roots: TreeNode[] = [];
  const tree = new NodeTree('test.view', 'Test', () => roots, 5);
  roots.push(make((node) => tree.changed(node)));
  tree.rebuild();
  return tree;
}

describe("the trees' rows by id", () => {
  let jobKeys = ['k-1'];
  const explorer = () =>
    treeOf(
      (changed) =>
        new ConnectionNode(fakeExplorerHost({ clientFor: () => fakeClient(() => jobKeys), changed }), connection),
    );
  const ideas = () =>
    treeOf(
      (changed) =>
        new IdeasConnectionNode(
          { clientFor: async () => fakeIdeas() as never, needsSignIn: () => false, changed, now: () => 0 },
          connection,
        ),
    );

  for (const [view, make, kinds] of [
    [
      'Orchestrator',
      explorer,
      [
        'connection',
        'folder',
        'process',
        'job',
        'queue',
        'queueItem',
        'package',
        'packageVersion',
        'robot',
        'asset',
        'folderAssets',
        'library',
        'webhook',
        'alert',
        'license',
        'hostTenant',
      ],
    ],
    ['Ideas', ideas, ['ideasConnection', 'idea', 'storeIdea', 'review', 'category', 'component', 'application']],
  ] as const) {
    it(`every row of the ${view} view has a unique id the grammar reads back, and the tree finds it by that id`, async () => {
      const tree = make();
      const rows = await expandAll(tree);
      assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'no id twice');
      for (const row of rows) {
        const path = parseRowId(row.id);
        assert.ok(path, row.id);
        assert.equal(path.connectionId, CONNECTION_ID);
        assert.equal(formatRowId(path), row.id);
        assert.equal(tree.find(row.id), row, row.id);
      }
      const carried = new Set<RowKind>(rows.flatMap((r) => (r.row ? [r.row.kind] : [])));
      assert.deepEqual([...carried].sort(), [...kinds].sort(), 'every kind of entity row carries its row');
    });
  }

  it("commands reach a folder's rows by its id alone, at any depth", async () => {
    const tree = explorer();
    await expandAll(tree);
    const finance = tree.find(RowIds.folder(CONNECTION_ID, 2));
    assert.equal(
      finance?.row?.kind === 'folder' && finance.row.summary.DisplayName,
      'Finance/EU',
      'the subfolder of Shared',
    );
    assert.equal(String(tree.find(RowIds.ofFolder(CONNECTION_ID, 2, 'jobs'))?.item().label), 'Jobs');
    assert.equal(tree.find(RowIds.queue(CONNECTION_ID, 2, 9))?.row?.kind, 'queue');
    assert.equal(String(tree.find(RowIds.queueItems(RowIds.queue(CONNECTION_ID, 2, 9), 'New'))?.item().label), 'New');
    assert.equal(String(tree.find(RowIds.hostTenants(CONNECTION_ID))?.item().label), 'Tenants');
    assert.equal(tree.find(RowIds.ofFolder(CONNECTION_ID, 3, 'jobs')), undefined, 'a folder not loaded is not found');
  });

  it('rows replaced by a reload leave the index, with what was loaded under them', async () => {
    jobKeys = ['k-1'];
    const tree = explorer();
    await expandAll(tree);
    const jobs = tree.find(RowIds.ofFolder(CONNECTION_ID, 1, 'jobs'))!;
    const before = (await tree.getChildren(jobs)).find((r) => r.row?.kind === 'job')!;
    jobKeys = ['k-2'];
    assert.equal(tree.refreshRows(jobs.id, RowIds.ofFolder(CONNECTION_ID, 99, 'jobs')), 1, 'only the loaded one');
    const after = (await tree.getChildren(jobs)).find((r) => r.row?.kind === 'job')!;
    assert.equal(tree.find(before.id), undefined);
    assert.equal(tree.find(after.id), after);
    assert.ok(!tree.loadedNodes().includes(before));
    // A reloaded Queues row makes new queue rows: the statuses under the old ones go too.
    const queues = tree.find(RowIds.ofFolder(CONNECTION_ID, 1, 'queues'))!;
    const newItems = RowIds.queueItems(RowIds.queue(CONNECTION_ID, 1, 9), 'New');
    assert.ok(tree.find(newItems));
    tree.refresh(queues);
    await tree.getChildren(queues);
    assert.equal(tree.find(newItems), undefined, 'until the new queue row is expanded');
  });

  it("children read for a row replaced meanwhile do not take the place of its successor's", async () => {
    const tree = explorer();
    await expandAll(tree);
    const queueId = RowIds.queue(CONNECTION_ID, 1, 9);
    const old = tree.find(queueId)!;
    const queues = tree.find(RowIds.ofFolder(CONNECTION_ID, 1, 'queues'))!;
    tree.refresh(queues);
    await tree.getChildren(queues);
    const successor = tree.find(queueId)!;
    assert.notEqual(successor, old);
    const shown = await tree.getChildren(successor);
    await tree.getChildren(old); // the editor's late question about the row it showed before
    assert.equal(tree.find(RowIds.queueItems(queueId, 'all')), shown[0]);
    assert.equal(tree.getParent(shown[0]!), successor);
  });
});
