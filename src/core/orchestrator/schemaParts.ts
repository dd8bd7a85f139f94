import * as z from 'zod/mini';
import { t } from '../l10n';

/** A date-time the service sends as text. */
export const datetime = z.string().check(z.refine((s) => !Number.isNaN(Date.parse(s)), t('not a datetime')));
/** A field the spec marks null-able, which some responses also omit. */
export const nullable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
