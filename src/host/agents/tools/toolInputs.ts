// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';

// The input fields several tools share, with the descriptions the model reads (the manifest's inputSchema).

export const connectionField = z.optional(
  z
    .string()
    .check(
      z.maxLength(200),
      z.describe('The connection label as the user named it; the active connection when left out.'),
    ),
);

export const folderField = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(500),
    z.describe('The folder: its full path ("Shared/Finance"), its id, or its name when unique.'),
  );

export const processField = z
  .string()
  .check(z.minLength(1), z.maxLength(500), z.describe('The process name, exactly as listed.'));
