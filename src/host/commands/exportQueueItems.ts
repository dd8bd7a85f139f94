import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { and, eq } from '../../core/odata/filter';
import { pages } from '../../core/odata/paging';
import { LIMITS } from '../../core/orchestrator/limits';
import { writeQueueItems } from '../../core/orchestrator/queueItemsExport';
import { CollectionContext, ContextValue } from '../../core/rows/contextValues';
import { rowOf } from '../../core/rows/rowOf';
import { plainText } from '../../core/presentation/plainText';
import { formatNumber, t } from '../../core/l10n';
import { queueItemsScopeOf, type QueueItemsScope } from '../views/explorer/queueItemsScope';
import { narrowingFilter } from '../views/pagedSource';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { inExplorer, nls, rowCommand } from './contribution';
import { ExportFiles } from './exportFiles';

type Uses = Pick<Services, 'clientFor' | 'input' | 'log'>;

/** The queue and status (with the row's reference filter) Export Items was run on: a queue row is All Items. */
function scopeOf(node: unknown): QueueItemsScope {
  return (
    queueItemsScopeOf(node) ?? {
      row: rowOf(node, 'queue'),
      status: undefined,
      label: t('All Items'),
      filterText: () => undefined,
    }
  );
}

/**
 * Export Items… on a queue or one of its status rows: the items the row lists (its status and reference filter), as
 * CSV or JSON that Bulk Add reads back, to a file the user chooses. Read in pages of 100 (the QueueItems cap:
 * ceil(N/100) requests through the tenant's rate-limit budget) and written page by page; progress counts the items
 * and can cancel, and a cancelled or failed export leaves no file behind (ExportFiles).
 */
export const exportQueueItems: CommandDefinition<Uses> = {
  id: CommandId.exportQueueItems,
  contributes: rowCommand(nls('Export Items…'), '$(export)', [
    inExplorer([ContextValue.queue, CollectionContext.queueItems], '1_queue', 9),
  ]),
  title: t('Export Queue Items'),
  asksFirst: true,
  ownProgress: true,
  async run({ ctx, signal }, node) {
    const { row, status, label, filterText } = scopeOf(node);
    const { connection, folder, queue } = row;
    const reference = filterText();
    const what = reference ? t('{0} ({1}, reference “{2}”)', queue.Name, label, reference) : `${queue.Name} (${label})`;
    const format = (
      await ctx.input.pick(
        [
          {
            label: t('CSV'),
            description: t('One row per item; SpecificContent keys as columns'),
            value: 'csv' as const,
          },
          { label: t('JSON'), description: t('An array of items, as Bulk Add reads it'), value: 'json' as const },
        ],
        { title: plainText(t('Export items of {0} as', what)) },
      )
    )?.value;
    if (!format) return undefined;
    const base = vscode.workspace.workspaceFolders?.[0]?.uri;
    const fileName = `${queue.Name.replace(/[^\w.-]+/g, '_')}-${status ?? 'all'}.${format}`;
    const target = await ctx.input.saveFile({
      title: plainText(t('Export items of {0}', what)),
      saveLabel: t('Export'),
      defaultUri: base ? vscode.Uri.joinPath(base, fileName) : undefined,
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    });
    if (!target) return undefined;
    const filter = and(
      eq('QueueDefinitionId', queue.Id),
      status ? eq('Status', status) : undefined,
      narrowingFilter({ text: reference }, 'Reference'),
    );
    const client = ctx.clientFor(connection);
    const written = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: plainText(t('Exporting {0}', what)), cancellable: true },
      async (progress, token) => {
        const stop = new AbortController();
        const cancel = () => stop.abort();
        const cancelled = token.onCancellationRequested(cancel);
        signal.addEventListener('abort', cancel);
        let total: number | undefined;
        let skipped = 0;
        const files = new ExportFiles(target.fsPath);
        try {
          const items = pages(
            async (top, skip, count, pageSignal) => {
              const page = await client.queues.items.list({
                folder,
                signal: pageSignal,
                query: { top, skip, count, filter, orderBy: [{ path: 'Id' }] },
              });
              if (count) total = page.count;
              return page;
            },
            {
              pageSize: LIMITS.queueItemsTop,
              signal: stop.signal,
              onSkipped: (problems) => void (skipped += problems.length),
            },
          );
          let reported = 0;
          const count = await writeQueueItems({
            pages: items,
            format,
            out: await files.out(),
            spool: () => files.spool(),
            signal: stop.signal,
            progress: (done) => {
              const increment = total ? ((done - reported) / total) * 100 : undefined;
              reported = done;
              progress.report({
                increment,
                message: total
                  ? t('{0} of {1} items', formatNumber(done), formatNumber(total))
                  : t('{0} items', formatNumber(done)),
              });
            },
          });
          await files.commit();
          return { count, skipped };
        } catch (error) {
          if (stop.signal.aborted) {
            ctx.log.info(`Export of ${queue.Name} cancelled; no file was written.`);
            void vscode.window.showInformationMessage(
              plainText(t('Export of {0} cancelled; no file was written.', what)),
            );
            throw new vscode.CancellationError();
          }
          throw error;
        } finally {
          cancelled.dispose();
          signal.removeEventListener('abort', cancel);
          await files.dispose();
        }
      },
    );
    const saved = vscode.workspace.asRelativePath(target);
    const message =
      written.skipped > 0
        ? t(
            'Exported {0} item(s) of {1} to {2}; {3} item(s) could not be read and are not in the file (see the log).',
            formatNumber(written.count),
            what,
            saved,
            formatNumber(written.skipped),
          )
        : t('Exported {0} item(s) of {1} to {2}.', formatNumber(written.count), what, saved);
    ctx.log.info(message);
    void vscode.window.showInformationMessage(plainText(message), t('Reveal')).then((choice) => {
      if (choice) void vscode.commands.executeCommand('revealFileInOS', target);
    });
    return written;
  },
};
