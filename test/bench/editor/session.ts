// Loaded as extensionTestsPath: a working session as a user would have it (both trees visible, a folder's Jobs row
// and a queue's All Items expanded, two jobs started and watched) held for SESSION_MS, then reports what the
// sandbox answered meanwhile, by route. The rate-limited routes are GET Jobs and GET QueueItems.
import * as vscode from 'vscode';
import { ideaSecretKey } from '../../../src/constants';
import type { NodeTree } from '../../../src/host/views/nodeTree';
import type { TreeNode } from '../../../src/host/views/treeNode';
import type { Release } from '../../../src/core/orchestrator/schemas';
import { answering } from '../../../src/host/ui/scriptedInput';
import { RECONCILE_INPUTS, startJobAnswers, startJobFields } from '../../integration/suite/processInputs';
import { sandboxIdeaSecret } from '../../integration/suite/treeWalk';
import { measure } from './report';
import { extensionContext } from '../../support/extensionContext';

export const SESSION_MS = Number(process.env.BENCH_SESSION_MS ?? 120_000);

export function run(): Promise<void> {
  return measure(session);
}

async function session(): Promise<Record<string, unknown>> {
  const ctx = await extensionContext();
  await ctx.ready;
  const sandboxUrl = process.env.ORCHESTRATOR_SANDBOX_URL!;
  const connection = ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  await ctx.auth.createSession([`connection:${connection.id}`]);
  await ctx.extension.secrets.store(ideaSecretKey(connection.id), sandboxIdeaSecret(connection));

  await vscode.commands.executeCommand('workbench.view.extension.orchestrator');
  const label = (node: TreeNode) => String(node.item().label);
  /**
   * Expands rows by label path in the real view, as clicks would. Rows are taken from what the view itself loaded
   * (never from our own getChildren call: the editor refreshes a row only through the object it was given).
   */
  const expand = async (tree: NodeTree, path: string[]): Promise<TreeNode> => {
    let node: TreeNode | undefined;
    for (const name of path) {
      const parent = node;
      node = await until(
        () =>
          (parent
            ? tree.loadedNodes().filter((n) => tree.getParent(n) === parent)
            : tree.loadedNodes().filter((n) => !tree.getParent(n))
          ).find((n) => label(n) === name),
        `row '${name}' under ${parent ? label(parent) : 'the root'}`,
      );
      await revealExpanded(tree.view, node);
    }
    return node!;
  };
  await expand(ctx.explorer, ['Sandbox', 'Dev Lab', 'Jobs']);
  await expand(ctx.explorer, ['Sandbox', 'Shared', 'Finance', 'Invoices', 'Queues', 'InvoicesToProcess', 'All Items']);
  const processRow = await expand(ctx.explorer, ['Sandbox', 'Dev Lab', 'Processes', 'Reconcile.Processing_Production']);
  await expand(ctx.ideas, ['Sandbox']);

  // The process row carries its row (src/core/rows/rows.ts): the release and its folder.
  const { release, folder } = (processRow as unknown as { row: { release: Release; folder: { id: number } } }).row;
  const fields = await startJobFields(ctx.clientFor(connection), release, folder);

  await fetch(`${sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
  const started = Date.now();
  for (let i = 0; i < 2; i++)
    await answering(ctx, startJobAnswers(fields, RECONCILE_INPUTS), () =>
      vscode.commands.executeCommand('orchestrator.startJob', processRow),
    );
  const watched = ctx.jobs.running().length;
  await new Promise((resolve) => setTimeout(resolve, SESSION_MS));
  const { counts } = (await (await fetch(`${sandboxUrl}/__sandbox/requests`)).json()) as {
    counts: Record<string, number>;
  };
  return {
    session: {
      minutes: (Date.now() - started) / 60_000,
      watched,
      stillWatched: ctx.jobs.running().length,
      visible: { explorer: ctx.explorer.view.visible, ideas: ctx.ideas.view.visible },
      expanded: ctx.explorer
        .loadedNodes()
        .filter((n) => ctx.explorer.isExpanded(n))
        .map((n) => n.id),
      counts,
    },
  };
}

/** Expands a row in the real view; right after a sign-in the view may not have drawn the new rows yet: try again. */
async function revealExpanded(view: vscode.TreeView<TreeNode>, node: TreeNode): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await view.reveal(node, { expand: true, select: false, focus: false });
      return;
    } catch (error) {
      if (attempt >= 50 || !/not found/i.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Polls until `find` returns a value (the view loads rows asynchronously). */
async function until<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
