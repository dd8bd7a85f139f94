import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import { unknownOutcomeReason, type OrchestratorError } from '../../core/http/errors';
import { plainText } from '../../core/presentation/plainText';
import { RowIds } from '../../core/rows/rowIds';
import type { FolderById, RowOf } from '../../core/rows/rows';
import type { Services } from '../services';
import { PagedNode } from '../views/pagedNode';

/**
 * What commands say when a change went out and no clean answer came back (OrchestratorError.outcomeUnknown): never
 * "failed, try again" — a retry could run the job twice or add the item twice — but "it may exist", with a one-click
 * way to look. The message is also written to the log, where the integration suite reads what the user was told.
 */
export function tellOutcomeUnknown(
  ctx: Pick<Services, 'log'>,
  message: string,
  actions: Record<string, () => Promise<void> | void>,
): void {
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
export async function showJobsOfProcess(
  ctx: Pick<Services, 'explorer'>,
  connection: Connection,
  folder: FolderById,
  processName: string,
): Promise<void> {
  const row = ctx.explorer.find(RowIds.ofFolder(connection.id, folder.id, 'jobs'));
  if (row instanceof PagedNode) row.setFilter(processName);
  if (row) await ctx.explorer.reveal(row);
}

/** Look Up Reference after an unknown add: the queue's All Items row narrowed to the reference and reloaded. */
export async function showQueueItems(
  ctx: Pick<Services, 'explorer'>,
  queue: RowOf<'queue'>,
  reference: string | null | undefined,
): Promise<void> {
  const queueRowId = RowIds.queue(queue.connection.id, queue.folder.id, queue.queue.Id);
  const queueRow = ctx.explorer.find(queueRowId);
  const all = ctx.explorer.find(RowIds.queueItems(queueRowId, 'all'));
  // Not loaded when the queue was never expanded: its statuses load afresh when it is.
  if (all instanceof PagedNode) all.setFilter(reference ?? undefined);
  const shown = all ?? queueRow;
  if (shown) await ctx.explorer.reveal(shown);
}
