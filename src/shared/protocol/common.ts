import * as z from 'zod/mini';
import { t } from '../../core/l10n';

// What every panel's protocol shares. The schemas use zod's tree-shakable build (zod/mini): the webview bundles carry
// about 20 KB of it rather than 440 KB. Messages from a webview are strict objects: an extra key, a wrong type or an
// action outside the panel's allow-list fails to parse, and the receiver drops the message (see parseMessage).

/** A request's id, echoed by its reply. */
export const requestId = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

/** The webview finished loading its script: the host posts nothing before this. */
export const readyMessage = z.strictObject({ type: z.literal('ready') });

/**
 * The bounds are at least what the services accept (a message the host cannot send leaves a panel on "Loading…"):
 * the orchestration spec's largest queue item field is SpecificContent, 256,000 characters of JSON text (Limits).
 */
export const SERVICE_TEXT_MAX = 300_000;

/** Bounded text: a message never carries more than the service's largest field (256,000 characters) plus slack. */
export const text = (max = SERVICE_TEXT_MAX) => z.string().check(z.maxLength(max));
export const nonEmptyText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
export const list = <T extends z.ZodMiniType>(item: T, max: number) => z.array(item).check(z.maxLength(max));

export const connectionId = nonEmptyText(200);
export const positiveId = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

/** One SpecificContent or output entry: the value as text, with its JSON kind so the panel can style it. */
export const contentEntry = z.strictObject({
  key: text(),
  value: text(),
  kind: z.enum(['string', 'number', 'boolean', 'null', 'json']),
});
export type ContentEntry = z.infer<typeof contentEntry>;

export type Parsed<T> = { ok: true; message: T } | { ok: false; problem: string };

/** Validates one message; the problem names the message type (when it has one) and the first thing wrong with it. */
export function parseMessage<T extends z.ZodMiniType>(schema: T, raw: unknown): Parsed<z.infer<T>> {
  const result = z.safeParse(schema, raw);
  if (result.success) return { ok: true, message: result.data };
  // Never String() a value from outside: an object can make that throw.
  const tag = typeof raw === 'object' && raw !== null && 'type' in raw ? (raw as { type: unknown }).type : undefined;
  const type =
    typeof tag === 'string'
      ? `'${tag.slice(0, 80)}'`
      : tag !== undefined
        ? t('with a {0} type', typeof tag)
        : raw === null
          ? 'null'
          : typeof raw;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  // l10n: code (a problem for the log)
  return { ok: false, problem: `message ${type}${where}: ${issue?.message ?? 'invalid'}` };
}
