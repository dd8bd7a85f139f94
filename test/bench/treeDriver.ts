// Drives the real Orchestrator tree nodes in plain Node (vscode stubbed) against a sandbox over real HTTP, counting
// requests per step. The bench reports what it measures; the budget test checks the counts.
import { eq } from '../../src/core/odata/filter';
import type { RunningSandbox } from '@orchestrator-workbench/sandbox';
import { countingClient } from './countingClient';
import { useVscodeStub } from '../support/vscodeStub';
import { fakeExplorerHost } from '../support/explorerHost';

interface Node {
  id: string;
  row?: { kind: string };
  item(): { label?: unknown };
  children?(): Promise<Node[]>;
  loadMore?(): Promise<void>;
}

export interface Step {
  requests: number;
  ms: number;
  rows: number;
}

export async function treeDriver(sandbox: RunningSandbox) {
  useVscodeStub();
  // Required once the stub answers `vscode`.
  const { ConnectionNode } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../../src/host/views/explorer/connectionNode') as typeof import('../../src/host/views/explorer/connectionNode');
  const { QueueNode } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../../src/host/views/explorer/queueNode') as typeof import('../../src/host/views/explorer/queueNode');
  const { LIST_LIMIT } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../../src/host/views/listLimit') as typeof import('../../src/host/views/listLimit');
  const { client, requests } = await countingClient(sandbox, 1_000_000);
  const host = fakeExplorerHost({ clientFor: () => client, now: () => Date.now() });
  const connection = {
    id: 'bench',
    label: 'Sandbox',
    kind: 'cloud',
    serviceUrl: sandbox.url,
    account: 'sandbox',
    tenant: 'main',
    protection: 'normal',
  } as never;
  const label = (node: Node) => String(node.item().label);
  const isItem = (node: Node) => node.row?.kind === 'queueItem';

  /** Runs one step and counts what it cost. */
  const step = async <T>(work: () => Promise<T>, rows: (result: T) => number): Promise<Step & { result: T }> => {
    const before = requests();
    const started = performance.now();
    const result = await work();
    return { requests: requests() - before, ms: performance.now() - started, rows: rows(result), result };
  };
  const expand = (node: Node) =>
    step(
      () => node.children!(),
      (children) => children.length,
    );

  return {
    client,
    requests,
    /** The most rows a list shows at once. */
    listLimit: LIST_LIMIT,
    /**
     * Tenant → folder `folderName` → each of its groups, then the Feed inside Packages (the tenant's whole feed), in
     * new nodes each time (nothing cached between runs).
     */
    async expandFolder(folderName: string) {
      const tenant = await expand(new ConnectionNode(host, connection));
      const folderNode = tenant.result.find((n) => label(n) === folderName)!;
      const folder = await expand(folderNode);
      const groups: Record<string, Step & { node: Node; result: Node[] }> = {};
      for (const group of folder.result.filter((n) => n.row?.kind !== 'folder' && n.children)) {
        const expanded = await expand(group);
        groups[label(group)] = { ...expanded, node: group };
      }
      const feedNode = groups.Packages!.result.find((n) => label(n) === 'Feed')!;
      const feed = { ...(await expand(feedNode)), node: feedNode };
      return { tenant, folder, groups, feed };
    },
    loadMore: (node: Node) =>
      step(
        () => node.loadMore!(),
        () => 0,
      ),
    /** The All Items row of a queue, in a new QueueNode (`scope` keeps the rows of several apart). */
    async allItems(folderName: string, queueName: string, scope = 'bench') {
      const folders = await client.folders.list();
      const folder = folders.items.find((f) => f.DisplayName === folderName)!;
      const queue = (await client.queues.list({ folder: { id: folder.Id }, query: { filter: eq('Name', queueName) } }))
        .items[0]!;
      return (await new QueueNode(host, connection, { id: folder.Id }, scope, queue).children())[0] as unknown as Node;
    },
    /** Expands a queue's All Items row: its first page. */
    firstItems: (all: Node) =>
      step(
        () => all.children!(),
        (rows) => rows.filter(isItem).length,
      ),
    /**
     * Pages one list through `count` items as a user would: Load more, and at the list's limit *Show the rows after
     * these*, which replaces the rows shown. Counts the distinct items seen and the most rows the list held at once.
     */
    async walkItems(all: Node, count: number) {
      return step(
        async () => {
          const seen = new Set<string>();
          let most = 0;
          let shown = await all.children!();
          for (;;) {
            const items = shown.filter(isItem);
            most = Math.max(most, items.length);
            for (const row of items) seen.add(row.id);
            if (seen.size >= count || !/\/(more|next)$/.test(shown.at(-1)?.id ?? '')) break;
            await all.loadMore!();
            shown = await all.children!();
          }
          return { seen: seen.size, most, kept: shown.filter(isItem).length };
        },
        (walked) => walked.kept,
      );
    },
  };
}
