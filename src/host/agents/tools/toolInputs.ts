// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';

// The input fields several tools share, and what they mean to the model (the manifest's inputSchema).

export const DESCRIBED = {
  connection: 'The connection label as the user named it; the active connection when left out.',
  folder: 'The folder: its full path ("Shared/Finance"), its id, or its name when unique.',
  process: 'The process name, exactly as listed.',
} as const;

/** The place most tools act in: a connection and a folder of it. */
export const PLACE_DESCRIBED = { connection: DESCRIBED.connection, folder: DESCRIBED.folder } as const;

export const connectionField = z.optional(z.string().check(z.maxLength(200)));

export const folderField = z.string().check(z.minLength(1), z.maxLength(500));

export const processField = z.string().check(z.minLength(1), z.maxLength(500));

/** A job key: a UUID, checked before it reaches an address. */
export const JOB_KEY = z
  .string()
  .check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/));

/** How many rows a list answers: at most the rows a result lists. */
export const topField = z.optional(z.int().check(z.minimum(1), z.maximum(50)));
