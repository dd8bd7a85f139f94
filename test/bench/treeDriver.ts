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
    /** Loads `count` items of a queue through its All Items row with Load more, as a user would. */
    async loadQueueItems(folderName: string, queueName: string, count: number) {
      const folders = await client.folders.list();
      const folder = folders.items.find((f) => f.DisplayName === folderName)!;
      const queue = (await client.queues.list({ folder: { id: folder.Id }, query: { filter: eq('Name', queueName) } }))
        .items[0]!;
      const all = (
        await new QueueNode(host, connection, { id: folder.Id }, 'bench', queue).children()
      )[0] as unknown as Node & { rows: unknown[] };
      return step(
        async () => {
          await all.children!();
          while (all.rows.length < count) await all.loadMore!();
          // Without the Load more row (and any message row).
          return (await all.children!()).filter((n) => !/\/(more|skipped|empty)$/.test(n.id));
        },
        (rows) => rows.length,
      );
    },
  };
}
