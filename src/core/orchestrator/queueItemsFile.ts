import * as z from 'zod/mini';
import '../zodLocale';
import { checkQueueItem, type QueueItemInput } from './validation';
import { formatNumber, t } from '../l10n';
import { errorMessage } from '../errorMessage';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const FileItemSchema = z.strictObject({
  Reference: z.optional(z.nullable(z.string())),
  Priority: z.optional(z.enum(['High', 'Normal', 'Low'])),
  DeferDate: z.optional(z.nullable(z.string())),
  DueDate: z.optional(z.nullable(z.string())),
  SpecificContent: z.optional(z.record(z.string(), scalar)),
});

export type FileItem = Omit<QueueItemInput, 'Name'>;

/** The item fields BulkAddQueueItems takes besides SpecificContent (the spec's list), as CSV columns. */
export const ITEM_COLUMNS = ['Name', 'Reference', 'Priority', 'DeferDate', 'DueDate'] as const;
export type ItemColumn = (typeof ITEM_COLUMNS)[number];

/** A CSV column `SpecificContent.<key>` is that key, even where the key is also an item field's name. */
export const SPECIFIC_PREFIX = 'SpecificContent.';

/**
 * What one Bulk Add file may hold, JSON or CSV: the whole file is read and sent in one request, so both are bounded
 * (10,000 items of ordinary size stay well inside a request body the service takes).
 */
export const BULK_ADD_LIMITS = { fileBytes: 4 * 1024 * 1024, items: 10_000 } as const;

/** More items than one file may hold. */
export function checkItemCount(count: number): string | undefined {
  return count > BULK_ADD_LIMITS.items
    ? t(
        'The file holds {0} items; at most {1} are added from one file.',
        formatNumber(count),
        formatNumber(BULK_ADD_LIMITS.items),
      )
    : undefined;
}

/** A file above the size cap is refused before it is read. */
export function checkFileSize(bytes: number): string | undefined {
  return bytes > BULK_ADD_LIMITS.fileBytes
    ? t(
        'The file is {0} bytes; at most {1} are read for Bulk Add.',
        formatNumber(bytes),
        formatNumber(BULK_ADD_LIMITS.fileBytes),
      )
    : undefined;
}

/**
 * Reads a Bulk Add file: a JSON array of items ({ Reference?, Priority?, DeferDate?, DueDate?, SpecificContent? }),
 * each checked with the same rules as a single item. Answers the items, or every problem with its item number.
 */
export function parseQueueItemsFile(text: string, queueName: string): { items: FileItem[] } | { problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [t('The file is not JSON: {0}', errorMessage(error))] };
  }
  if (!Array.isArray(value)) return { problems: [t('The file must hold a JSON array of queue items.')] };
  if (value.length === 0) return { problems: [t('The file holds no items.')] };
  const tooMany = checkItemCount(value.length);
  if (tooMany) return { problems: [tooMany] };
  const problems: string[] = [];
  const items: FileItem[] = [];
  value.forEach((entry, i) => {
    const parsed = FileItemSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      problems.push(t('Item {0}: {1}: {2}', i + 1, issue.path.join('.') || t('item'), issue.message));
      return;
    }
    const problem = checkQueueItem({ ...parsed.data, Name: queueName });
    if (problem) problems.push(t('Item {0}: {1}', i + 1, problem));
    else items.push(parsed.data);
  });
  return problems.length ? { problems } : { items };
}
