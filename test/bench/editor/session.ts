// Loaded as extensionTestsPath: a working session as a user would have it (both trees visible, a folder's Jobs row
// and a queue's All Items expanded, two jobs started and watched) held for SESSION_MS, then reports what the
// sandbox answered meanwhile, by route. The rate-limited routes are GET Jobs and GET QueueItems.
import * as vscode from 'vscode';
import { EXTENSION_ID, ideaSecretKey } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { report } from './report';

export const SESSION_MS = 120_000;
/** Inputs the sandbox's Reconcile.Processing_Production process accepts (as the jobs integration suite starts it). */
const INPUTS = { in_CutOffDate: 'Q4 close', in_InvoiceFolder: '2026-01-31T09:00:00Z', in_DryRun: '9007199254740991', in_Options: 'true', in_MaxItems: '12.5', in_RetryCount: '["ops@example.test"]' };

export async function run(): Promise<void> {
  const ctx = await vscode.extensions.getExtension<Ctx>(EXTENSION_ID)!.activate();
  await ctx.ready;
  const sandboxUrl = process.env.ORCHESTRATOR_SANDBOX_URL!;
  const connection = ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  await ctx.auth.createSession([`connection:${connection.id}`]);
  ctx.prompts = { confirm: async () => true };
  await ctx.extension.secrets.store(ideaSecretKey(connection.id), process.env.ORCHESTRATOR_SANDBOX_IDEAS!);

  await vscode.commands.executeCommand('workbench.view.extension.orchestrator');
  const label = (node: TreeNode) => String(node.item().label);
  /** Finds a row by label path and expands it in the real view (as a click would: the tree records it as expanded). */
  const expand = async (tree: typeof ctx.explorer, path: string[]): Promise<TreeNode> => {
    let node: TreeNode | undefined;
    for (const name of path) {
      const found = (await tree.getChildren(node)).find((n) => label(n) === name);
      if (!found) throw new Error(`No row '${name}' under ${node ? label(node) : 'the root'}`);
      node = found;
      await tree.view.reveal(node, { expand: true, select: false, focus: false });
    }
    return node!;
  };
  await expand(ctx.explorer, ['Sandbox', 'Dev Lab', 'Jobs']);
  await expand(ctx.explorer, ['Sandbox', 'Shared', 'Finance', 'Invoices', 'Queues', 'InvoicesToProcess', 'All Items']);
  const processRow = (await ctx.explorer.getChildren(await expand(ctx.explorer, ['Sandbox', 'Dev Lab', 'Processes']))).find((n) => label(n) === 'Reconcile.Processing_Production')!;
  const [ideasRoot] = await ctx.ideas.getChildren(undefined);
  if (ideasRoot) await ctx.ideas.view.reveal(ideasRoot, { expand: true, select: false, focus: false });

  await fetch(`${sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
  const started = Date.now();
  for (let i = 0; i < 2; i++) await vscode.commands.executeCommand('orchestrator.startJob', processRow, { inputs: INPUTS });
  const watched = ctx.jobs.running().length;
  await new Promise((resolve) => setTimeout(resolve, SESSION_MS));
  const { counts } = (await (await fetch(`${sandboxUrl}/__sandbox/requests`)).json()) as { counts: Record<string, number> };
  report({
    session: {
      minutes: (Date.now() - started) / 60_000,
      watched,
      stillWatched: ctx.jobs.running().length,
      visible: { explorer: ctx.explorer.view.visible, ideas: ctx.ideas.view.visible },
      counts,
    },
  });
}
