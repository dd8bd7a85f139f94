import * as vscode from 'vscode';
import { checkFileSize, parseQueueItemsFile, type FileItem } from '../../core/orchestrator/queueItemsFile';
import type { CsvColumn } from '../../core/orchestrator/queueItemsCsv';
import type { Services } from '../services';
import { confirmed } from '../guards/confirmed';
import { formatNumber, t } from '../../core/l10n';

const PREVIEW_ROWS = 3;
/** A preview row longer than this is cut: the dialog is a glance, not the file. */
const PREVIEW_ROW_CHARS = 200;

/**
 * Reads a Bulk Add file (JSON, or CSV by its extension) checked whole before anything is sent: a file above the size
 * cap is not read, a file with any problem throws naming them (row and column for CSV). A CSV file's reading is
 * shown first (how many items, each column's field and type, the first rows) and goes on only when the user confirms
 * it; undefined when they do not.
 */
export async function readBulkAddFile(
  ctx: Pick<Services, 'input'>,
  file: vscode.Uri,
  queueName: string,
): Promise<FileItem[] | undefined> {
  const name = vscode.workspace.asRelativePath(file);
  const refuse = (problems: readonly string[]) =>
    new Error(t('{0} problem(s) in {1}, nothing was sent. {2}', problems.length, name, problems.slice(0, 3).join(' ')));
  const tooBig = checkFileSize((await vscode.workspace.fs.stat(file)).size);
  if (tooBig) throw refuse([tooBig]);
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  if (!/\.csv$/i.test(file.path)) {
    const parsed = parseQueueItemsFile(text, queueName);
    if ('problems' in parsed) throw refuse(parsed.problems);
    return parsed.items;
  }
  // csv-parse loads with the first CSV file read, not with the command.
  const { parseQueueItemsCsv } = await import('../../core/orchestrator/queueItemsCsv');
  const parsed = parseQueueItemsCsv(text, queueName);
  if ('problems' in parsed) throw refuse(parsed.problems);
  const yes = await confirmed(ctx.input, {
    message: t('Add {0} item(s) from {1} to {2}?', formatNumber(parsed.items.length), name, queueName),
    detail: previewText(parsed.columns, parsed.items),
    actions: [t('Continue')],
    modal: true,
  });
  return yes ? parsed.items : undefined;
}

const TYPE_WORDS: Record<CsvColumn['type'], string> = {
  integer: t('whole number'),
  number: t('number'),
  boolean: t('true/false'),
  'date-time': t('date and time, sent as text'),
  text: t('text'),
};

/** "Columns: Amount → SpecificContent.Amount (number); …" and the first rows as they will be sent. */
export function previewText(columns: readonly CsvColumn[], items: readonly FileItem[]): string {
  const columnLines = columns.map(({ header, target, type }) =>
    'field' in target
      ? t('{0} → {1}', header, target.field)
      : t('{0} → SpecificContent.{1} ({2})', header, target.key, TYPE_WORDS[type]),
  );
  const rows = items.slice(0, PREVIEW_ROWS).map((item, i) => {
    const json = JSON.stringify(item);
    return `${i + 2}: ${json.length > PREVIEW_ROW_CHARS ? `${json.slice(0, PREVIEW_ROW_CHARS)}…` : json}`;
  });
  return [t('Columns:'), ...columnLines, '', t('First rows (row: item):'), ...rows].join('\n');
}
