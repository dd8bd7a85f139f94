import assert from 'node:assert/strict';
import { ideaSecretKey } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { ideaCredentialsSecret } from '../../../src/core/auth/boundSecrets';
import { ideasBaseUrl, type Connection } from '../../../src/core/connections';
import { isRowOf, type RowKind, type RowOf } from '../../../src/core/rows/rows';
import type { NodeTree } from '../../../src/host/views/nodeTree';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { extensionContext } from '../../support/extensionContext';

/** The runner's sandbox idea credentials as the extension stores them: bound to the connection's idea-service origin. */
export function sandboxIdeaSecret(connection: Connection): string {
  return ideaCredentialsSecret(JSON.parse(process.env.ORCHESTRATOR_SANDBOX_IDEAS!), ideasBaseUrl(connection)!);
}

/**
 * The row a tree row carries, of this kind (or the test fails). The extension's own rowOf cannot be used here: it
 * knows the rows made in the extension's bundle, and the suite is a bundle of its own; the row's type is enough.
 */
export function rowOf<K extends RowKind>(node: TreeNode | undefined, kind: K): RowOf<K> {
  const row = node?.row;
  assert.ok(isRowOf(row, [kind]), `a ${kind} row: ${node?.id ?? 'none'}`);
  return row;
}

/** Walking a tree the way the editor does (getChildren), by row labels. */
export function treeWalk(tree: () => NodeTree) {
  const label = (node: TreeNode) => String(node.item().label);
  const children = async (node?: TreeNode) => tree().getChildren(node);
  const child = async (node: TreeNode | undefined, name: string) => {
    const found = (await children(node)).find((n) => label(n) === name);
    assert.ok(found, `${name} under ${node ? label(node) : 'the root'}`);
    return found;
  };
  return { label, children, child };
}

/**
 * Records what the editor takes through the real TreeView (it calls the provider's getChildren): each row's children
 * by row id, and how many times it asked. Installed on the tree until `restore()`.
 */
export function editorTakes(tree: NodeTree) {
  const taken = new Map<string, TreeNode[]>();
  let calls = 0;
  const own = tree.getChildren;
  tree.getChildren = async (node?: TreeNode) => {
    const rows = await own.call(tree, node);
    calls++;
    if (node) taken.set(node.id, rows);
    return rows;
  };
  return { taken, calls: () => calls, restore: () => void (tree.getChildren = own) };
}

/**
 * Waits (at most `maxMs`) until no job started from this window is watched. A watched job is read until it ends,
 * through the connection's client: those reads must not land in the request counts of a later suite.
 */
export async function jobsEnded(ctx: Ctx, maxMs = 45_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (ctx.jobs.running().length > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
}

/** The sandbox's own count of requests by method and path since the last reset (`resetTally`). */
export const tally = async (): Promise<Record<string, number>> =>
  (
    (await (await fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/requests`)).json()) as {
      counts: Record<string, number>;
    }
  ).counts;
export const resetTally = () =>
  fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/requests`, { method: 'DELETE' });

/** Fault rules for the sandbox the suite runs against ([] clears them). */
export const faults = (rules: unknown[]) =>
  fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules }),
  });

/**
 * Waits until a request counter has not moved for `quietMs` (at most `maxMs`): after a sign-in the views re-read
 * the rows they show expanded (rows revealed by earlier tests), and a count must not start in the middle of that.
 */
export async function quiescent(count: () => number, quietMs = 1000, maxMs = 15_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = count();
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (count() !== last) {
      last = count();
      since = Date.now();
    }
  }
}

/**
 * The extension activated, its stored sessions loaded, and signed in to the connection labelled `label` (the runner's
 * settings make the sandbox approve at once); with `ideas`, the idea-service credentials stored for it too.
 */
export async function activateSignedIn(label: string, options: { ideas?: boolean } = {}): Promise<Ctx> {
  const ctx = await extensionContext();
  await ctx.ready;
  const connection = ctx.connections.all().find((c) => c.label === label);
  assert.ok(connection, `a connection labelled ${label}`);
  await ctx.auth.createSession([`connection:${connection.id}`]);
  if (options.ideas) {
    await ctx.extension.secrets.store(ideaSecretKey(connection.id), sandboxIdeaSecret(connection));
    ctx.ideaCredentialsChanged();
  }
  return ctx;
}

/** The last error the command wrapper logged ('' when none): what the user's error notification said. */
export const lastError = (ctx: Ctx) =>
  ctx.log
    .recent()
    .filter((l) => l.startsWith('error '))
    .at(-1) ?? '';
