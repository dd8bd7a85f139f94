import { z } from 'zod';

/** A date-time the service sends as text. */
export const datetime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a datetime');
/** A field the spec marks null-able, which some responses also omit. */
export const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
