import * as z from 'zod/mini';
import '../zodLocale';
import { checkQueueItem, type QueueItemInput } from './validation';
import { t } from '../l10n';
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
