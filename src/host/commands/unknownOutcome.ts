import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import type { FolderContext } from '../../core/http/connection';
import { unknownOutcomeReason, type OrchestratorError } from '../../core/http/errors';
import { plainText } from '../../core/presentation/plainText';
import type { Ctx } from '../../ctx';
import { PagedNode } from '../views/pagedNode';
import type { TreeNode } from '../views/treeNode';

/**
 * What commands say when a change went out and no clean answer came back (OrchestratorError.outcomeUnknown): never
 * "failed, try again" — a retry could run the job twice or add the item twice — but "it may exist", with a one-click
 * way to look. The message is also written to the log, where the integration suite reads what the user was told.
 */
export function tellOutcomeUnknown(ctx: Ctx, message: string, actions: Record<string, () => Promise<void> | void>): void {
  ctx.log.warn(message);
  void vscode.window.showWarningMessage(plainText(message), ...Object.keys(actions)).then((choice) => {
    if (choice) void actions[choice]?.();
  });
}

export const reasonOf = (error: OrchestratorError) => unknownOutcomeReason(error).replace(/\.$/, '');

/**
 * Show Jobs after an unknown start: the folder's Jobs row narrowed to the process and reloaded. It lists newest
 * first, so the jobs created since the click (if the service did start them) are at the top.
 */
export async function showJobsOfProcess(ctx: Ctx, connection: Connection, folder: FolderContext, processName: string): Promise<void> {
  if (!('id' in folder)) return;
  const row = ctx.explorer.loadedNodes().find((n) => n.id.startsWith(`conn/${connection.id}/`) && n.id.endsWith(`/folder/${folder.id}/jobs`));
  if (row instanceof PagedNode) row.setFilter(processName);
  else ctx.explorer.refreshJobsOf(connection.id, folder.id);
  if (row) await ctx.explorer.reveal(row);
}

/** Look Up Reference after an unknown add: the queue's All Items row narrowed to the reference and reloaded. */
export async function showQueueItems(ctx: Ctx, queueRow: TreeNode, reference: string | null | undefined): Promise<void> {
  const row = ctx.explorer.loadedNodes().find((n) => n.id === `${queueRow.id}/items/all`);
  if (row instanceof PagedNode) row.setFilter(reference ?? undefined);
  else ctx.explorer.refreshWhere((n) => n.id.startsWith(`${queueRow.id}/items/`));
  await ctx.explorer.reveal(row ?? queueRow);
}
