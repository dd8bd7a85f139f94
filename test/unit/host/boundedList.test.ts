// A list of a queue's items stays bounded however far the user pages (issue 29): through NodeTree and the real
// QueueNode, 3.5 times the limit, page by page as the user would, with the rows shown never above LIST_LIMIT. And a
// queue-item row keeps a summary of its item, yet every command on it still works.
import assert from 'node:assert/strict';
import { MarkdownString } from 'vscode';
import type { Page } from '../../../src/core/odata/envelope';
import type { QueueItem } from '../../../src/core/orchestrator/schemas';
import { portalLink } from '../../../src/core/portalLinks';
import { rowOf } from '../../../src/core/rows/rowOf';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { NodeTree } from '../../../src/host/views/nodeTree';
import { QueueNode } from '../../../src/host/views/explorer/queueNode';
import { LIST_LIMIT } from '../../../src/host/views/listLimit';
import { showQueueItem } from '../../../src/host/commands/showQueueItem';
import { treeLoadMore } from '../../../src/host/commands/treeCommands';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { fakeExplorerHost, testConnection } from '../../support/explorerHost';
import { aQueue, aQueueItem } from '../../support/entities';

const ITEMS = LIST_LIMIT * 3 + LIST_LIMIT / 2;
const QUEUE = aQueue({ Id: 7, Name: 'Invoices', Key: 'k' });

const item = (id: number): QueueItem =>
  aQueueItem({
    Id: id,
    Key: `key-${id}`,
    QueueDefinitionId: 7,
    Status: 'New',
    Reference: `INV-${id}`,
    Priority: 'High',
    CreationTime: '2026-01-01T00:00:00Z',
    RetryNumber: 0,
    RowVersion: 'AAAA',
    ProcessingException: { Reason: 'none', Details: 'a long trace' },
    SpecificContent: { Amount: id, Customer: 'ACME' },
    Output: { Paid: true },
  });

function queueTree() {
  const asked: { skip: number; top: number; count: boolean }[] = [];
  const { client } = fakeOrchestratorClient({
    'queues.items.list': async ({ query }: { query: { skip: number; top: number; count?: boolean } }) => {
      asked.push({ skip: query.skip, top: query.top, count: Boolean(query.count) });
      const ids = Array.from(
        { length: Math.max(0, Math.min(query.top, ITEMS - query.skip)) },
        (_, i) => query.skip + i,
      );
      return { items: ids.map(item), count: query.count ? ITEMS : undefined, skipped: [] } satisfies Page<QueueItem>;
    },
  });
  const roots: TreeNode[] = [];
  const tree = new NodeTree('test.view', 'Test', () => roots, 5);
  const host = fakeExplorerHost({ clientFor: () => client, changed: (node) => tree.changed(node) });
  const queue = new QueueNode(host, testConnection('normal'), { id: 3 }, 'conn/c1/folder/3/queues', QUEUE);
  roots.push(queue);
  tree.rebuild();
  return { tree, queue, asked };
}

const label = (node: TreeNode) => String(node.item().label);
const isItem = (node: TreeNode) => node.row?.kind === 'queueItem';
const word = (node: TreeNode) => node.id.slice(node.id.lastIndexOf('/') + 1);

describe('a bounded list (LIST_LIMIT rows at most)', () => {
  it(`pages ${ITEMS.toLocaleString('en')} queue items as the user would: never more than ${LIST_LIMIT} rows, each page read once, the rows after these and back`, async () => {
    const { tree, queue, asked } = queueTree();
    const [all] = await tree.getChildren(queue);
    let shown = await tree.getChildren(all);
    const seen = new Set<number>();
    let most = 0;
    let windows = 1;
    for (;;) {
      const items = shown.filter(isItem);
      most = Math.max(most, items.length, tree.loadedNodes().filter(isItem).length);
      for (const row of items) seen.add(rowOf(row.row, 'queueItem').queueItem.Id);
      const last = shown.at(-1)!;
      if (word(last) === 'more') {
        await tree.getChildren(all); // what the editor does on the redraw
        await (last.item().command!.arguments![0] as { loadMore(): Promise<void> }).loadMore();
      } else if (word(last) === 'next') {
        const limit = shown.at(-2)!;
        assert.match(label(limit), /^1,000 rows is the most a list shows at once\. Filter to narrow it…$/);
        assert.equal(limit.item().command?.command, 'orchestrator.tree.filter', "the limit row runs the list's Filter");
        assert.equal(limit.item().command?.arguments?.[0], all);
        assert.equal(items.length, LIST_LIMIT, 'a full window');
        assert.equal(
          label(last),
          `Show the rows after these… (${(ITEMS - windows * LIST_LIMIT).toLocaleString('en')} more)`,
        );
        const firstOfWindow = items[0]!;
        await (last.item().command!.arguments![0] as { loadMore(): Promise<void> }).loadMore();
        windows++;
        shown = await tree.getChildren(all);
        assert.equal(tree.find(firstOfWindow.id), undefined, 'the rows replaced left the tree with their window');
        const [where, back] = shown;
        assert.equal(
          label(where!),
          `Rows ${((windows - 1) * LIST_LIMIT + 1).toLocaleString('en')}–${((windows - 1) * LIST_LIMIT + 50).toLocaleString('en')} of ${ITEMS.toLocaleString('en')}`,
        );
        assert.equal(label(back!), 'Back to the first rows');
        continue;
      } else break;
      shown = await tree.getChildren(all);
    }
    assert.equal(most, LIST_LIMIT, 'never more rows than the limit, in the node or in the tree');
    assert.equal(windows, 4);
    assert.equal(seen.size, ITEMS, 'every item was shown');
    assert.deepEqual(
      asked.map((a) => a.skip),
      Array.from({ length: ITEMS / 50 }, (_, i) => i * 50),
      'each page once, in order: the rows after these go on from where paging was',
    );
    assert.ok(asked.every((a) => a.top === 50));
    assert.deepEqual(
      asked.filter((a) => a.count).map((a) => a.skip),
      [0],
      'the count once, with the first page',
    );
    assert.equal(label(shown[0]!), `Rows 3,001–3,500 of 3,500`);
    assert.ok(shown.at(-1)!.row, 'the last window ends with its last item, no Load more');

    // Back to the first rows: the first page again, one request.
    const back = shown[1]!.item().command!;
    assert.equal(back.command, 'orchestrator.tree.refresh');
    tree.refresh(back.arguments![0] as TreeNode);
    shown = await tree.getChildren(all);
    assert.equal(shown.filter(isItem).length, 50);
    assert.equal(rowOf(shown[0]!.row, 'queueItem').queueItem.Id, 0, 'the first rows again');
    assert.equal(word(shown.at(-1)!), 'more');
    assert.equal(asked.length, ITEMS / 50 + 1);
    assert.deepEqual(asked.at(-1), { skip: 0, top: 50, count: true });
  });

  it('Show the rows after these takes the user to the row heading them, the very row the editor is given; Load more does not', async () => {
    const { tree, queue } = queueTree();
    const revealed: { node: TreeNode; options: unknown }[] = [];
    tree.view.reveal = async (node, options) => void revealed.push({ node, options });
    const ideas = new NodeTree('test.ideas', 'Ideas', () => []);
    const run = {
      ctx: { explorer: tree, ideas },
      signal: new AbortController().signal,
      progressTitle: () => undefined,
    };
    const [all] = await tree.getChildren(queue);
    let shown = await tree.getChildren(all);
    while (word(shown.at(-1)!) === 'more') {
      await treeLoadMore.run(run as never, shown.at(-1)!.item().command!.arguments![0]);
      shown = await tree.getChildren(all);
    }
    assert.equal(shown.filter(isItem).length, LIST_LIMIT);
    assert.equal(revealed.length, 0, 'Load more leaves the user where they are');
    // The list goes from 1,002 rows to 53: the editor would keep the view where row 1,000 was, on other lists' rows.
    assert.equal(word(shown.at(-1)!), 'next');
    await treeLoadMore.run(run as never, shown.at(-1)!.item().command!.arguments![0]);
    shown = await tree.getChildren(all); // the editor's read on the redraw
    assert.equal(revealed.length, 1);
    assert.equal(revealed[0]!.node, shown[0], 'the row the editor holds, not a copy of it');
    assert.equal(label(shown[0]!), 'Rows 1,001–1,050 of 3,500');
    assert.deepEqual(revealed[0]!.options, { select: true, focus: true, expand: false });
    assert.equal(tree.getParent(shown[0]!), all);
    ideas.dispose();
  });

  it('a queue-item row keeps a summary, builds its tooltip on hover, and its commands still work', async () => {
    const { tree, queue } = queueTree();
    const [all] = await tree.getChildren(queue);
    const row = (await tree.getChildren(all)).find(isItem)!;
    const summary = rowOf(row.row, 'queueItem').queueItem;
    assert.deepEqual(
      Object.keys(summary),
      ['Id', 'Reference', 'Status', 'Priority', 'CreationTime', 'RetryNumber', 'ProcessingException'],
      'no content, output or row version kept',
    );
    assert.deepEqual(summary.ProcessingException, { Reason: 'none' });
    const item = tree.getTreeItem(row);
    assert.equal(item.label, 'INV-0');
    assert.equal(item.tooltip, undefined, 'no tooltip until the user hovers');
    const { tooltip } = tree.resolveTreeItem(item, row);
    assert.ok(tooltip instanceof MarkdownString, 'a Markdown tooltip');
    assert.match(tooltip.value, /Status \| New[\s\S]*Priority \| High[\s\S]*Exception \| none/);
    assert.equal(tooltip.isTrusted, false);
    // Show Queue Item Details and Open in Web Portal, the commands of the row's menu.
    const opened: unknown[] = [];
    const ctx = { panels: { showQueueItem: async (...args: unknown[]) => opened.push(args) } };
    const run = { ctx, signal: new AbortController().signal, progressTitle: () => undefined };
    assert.equal(await showQueueItem.run(run as never, row), 0);
    assert.deepEqual(opened, [[{ connectionId: 'c1', folderId: 3, itemId: 0 }, { queueName: 'Invoices' }]]);
    assert.deepEqual(portalLink(rowOf(row.row, 'queueItem')), {
      url: 'https://orchestrator.test/a/t/folders/3/queues/7/items/0',
    });
  });
});
