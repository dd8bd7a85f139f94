// What the tree's rows say, without an editor (vscode stubbed): Filter in the user's words, and service and settings
// text shown as plain text (the hostile corpus through every kind of row). Redraws and Refresh are in treeNodes.test.ts.
import assert from 'node:assert/strict';
import type { Page } from '../../../src/core/odata/envelope';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { HOSTILE_TEXTS, markupIn } from '../../fixtures/hostileTexts';
import { markdownText } from '../../../src/core/presentation/plainText';
import { answering } from '../../../src/host/ui/scriptedInput';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { fakeExplorerHost, testConnection } from '../../support/explorerHost';
import { explorerTree } from '../../support/explorerTree';
import { aRun } from '../../support/commandRun';
import { PagedNode } from '../../../src/host/views/pagedNode';
import { messageNode, toTreeItem } from '../../../src/host/views/treeNode';
import { ConnectionNode } from '../../../src/host/views/explorer/connectionNode';
import { treeFilter } from '../../../src/host/commands/treeCommands';
import { aScriptedHost } from '../../support/scriptedHost';

const page = <T>(items: T[], count = items.length): Page<T> => ({ items, count, skipped: [] });
const label = (node: TreeNode) => String(node.item().label);
const connection = testConnection('normal');

describe('tree rows (host logic, no editor)', () => {
  it("Filter names what it searches in the user's words, never the service's field names", async () => {
    const { tree, root } = explorerTree({
      'folders.navigation': async () => ({
        ChildrenPage: [{ Id: 1, DisplayName: 'Shared', ChildrenCount: 0 }],
        ChildrenCount: 1,
      }),
      'tenant.unreadAlerts': async () => 0,
      'tenant.tenants.list': async () => page([]),
      'releases.list': async () => page([]),
    });
    const [, tenant, shared] = await tree.getChildren(root);
    const groups = [...(await tree.getChildren(tenant)), ...(await tree.getChildren(shared))];
    const packages = groups.find((g) => label(g) === 'Packages')!;
    const feed = (await tree.getChildren(packages)).find((g) => label(g) === 'Feed')!;
    const fields = Object.fromEntries(
      [...groups, feed]
        .map((g) => [label(g), g instanceof PagedNode ? g.filterField : undefined])
        .filter(([, field]) => field),
    );
    assert.deepEqual(fields, {
      Libraries: 'library name',
      Webhooks: 'URL',
      Alerts: 'alert name',
      Tenants: 'tenant name',
      Processes: 'process name',
      Jobs: 'process name',
      Queues: 'queue name',
      'Robots & Sessions': 'robot name',
      Assets: 'asset name',
      Feed: 'package name',
    });
    // Text that cannot be sent is refused while typing, naming the field.
    const user = aScriptedHost();
    const { asked } = await answering(
      user,
      [
        {
          title: 'Filter by package name',
          answer: 'broken \uD800',
          refused: /^The package name contains a broken character/,
        },
        {
          title: 'Filter by package name',
          answer: 'half \uDC00 emoji',
          refused: /^The package name contains a broken character/,
        },
        { title: 'Filter by package name', cancel: true },
      ],
      () => treeFilter.run(aRun(user), feed),
    );
    assert.equal(asked[0]?.title, 'Filter by package name');
    assert.match(asked[0]?.prompt ?? '', /whose package name contains this text/);
  });
});

describe('tree rows show service and settings text as plain text', () => {
  const host = fakeExplorerHost({ clientFor: () => fakeOrchestratorClient({}).client });
  type Tooltip = { value: string; isTrusted?: boolean; supportHtml?: boolean };

  for (const [index, text] of HOSTILE_TEXTS.entries()) {
    it(`#${index}: labels, descriptions and untrusted tooltips carry no markup`, () => {
      const item = toTreeItem({
        id: 'x',
        label: text,
        description: text,
        tooltip: `**${markdownText(text)}**`,
        contextValue: 'x',
        collapsible: 'none',
      });
      assert.deepEqual(markupIn(String(item.label), 'plain'), []);
      assert.deepEqual(markupIn(String(item.description), 'plain'), []);
      const tooltip = item.tooltip as Tooltip;
      assert.equal(tooltip.isTrusted, false, 'command links never run from a tooltip');
      assert.equal(tooltip.supportHtml, false);
      assert.deepEqual(markupIn(tooltip.value, 'markdown'), []);
      const error = messageNode('e', `Failed: ${text}`, 'error').item();
      assert.deepEqual(markupIn(String(error.label), 'plain'), []);
      assert.deepEqual(markupIn(String(error.tooltip), 'plain'), []);
      // The connection row is built from settings (label, URL, account, tenant).
      const row = new ConnectionNode(host, {
        ...connection,
        label: text,
        serviceUrl: text,
        account: text,
        tenant: text,
      }).item();
      assert.deepEqual(markupIn(String(row.label), 'plain'), []);
      assert.deepEqual(markupIn(String(row.description), 'plain'), []);
      assert.equal((row.tooltip as Tooltip).isTrusted, false);
      for (const line of (row.tooltip as Tooltip).value.split('\n'))
        assert.deepEqual(markupIn(line, 'markdown'), [], line.slice(0, 200));
    });
  }
});
