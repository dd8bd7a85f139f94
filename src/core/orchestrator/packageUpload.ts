import * as z from 'zod/mini';
import type { CallOptions, ODataBase } from './base';
import { formatNumber, t } from '../l10n';
import { DOWNLOAD_TIMEOUT_MS } from '../http/transportOptions';
import { OrchestratorError, withOutcomeUnknown } from '../http/errors';
import { readablePath } from '../http/dialectPaths';

/** Packages are bigger and slower than any JSON change: the upload's own limits (a download's time, 300 MB). */
export const UPLOAD_TIMEOUT_MS = DOWNLOAD_TIMEOUT_MS;
export const UPLOAD_MAX_BYTES = 300 * 1024 * 1024;

const UploadEntrySchema = z.looseObject({
  Key: z.optional(z.nullable(z.string())),
  Status: z.optional(z.nullable(z.string())),
  Body: z.optional(z.nullable(z.string())),
});
export type UploadEntry = z.infer<typeof UploadEntrySchema>;
/** The service's bulk answer: one entry per file (Key: the file's name, Status, Body: the package as JSON text). */
const UploadAnswerSchema = z.looseObject({ value: z.array(UploadEntrySchema) });

/**
 * UploadPackage: the .nupkg as multipart/form-data (the field `file`), to the tenant's feed (or a folder's, with a
 * folder). Sent once, never retried, within the upload's own size and time limits; a 2xx whose answer does not say
 * the file was taken leaves the outcome unknown.
 */
export async function uploadPackage(
  base: ODataBase,
  file: { bytes: Uint8Array; fileName: string },
  options: CallOptions & { library?: boolean } = {},
): Promise<UploadEntry> {
  const path = base.operation(options.library ? 'Libraries' : 'Processes', 'UploadPackage');
  base.check(
    `POST ${path}`,
    file.bytes.byteLength > UPLOAD_MAX_BYTES
      ? t(
          '{0} is {1} bytes; packages above {2} bytes are not uploaded.',
          file.fileName,
          formatNumber(file.bytes.byteLength),
          formatNumber(UPLOAD_MAX_BYTES),
        )
      : undefined,
  );
  const form = new FormData();
  // A copy as a plain ArrayBuffer: a Blob takes no view of shared memory.
  form.append('file', new Blob([file.bytes.slice()], { type: 'application/octet-stream' }), file.fileName);
  const { library: _library, ...call } = options;
  const answer = await base.send('POST', path, form, UploadAnswerSchema, { ...call, timeoutMs: UPLOAD_TIMEOUT_MS });
  const entry = answer.value[0];
  if (!entry)
    throw withOutcomeUnknown(
      new OrchestratorError({
        kind: 'invalidResponse',
        endpoint: `POST ${readablePath(path)}`,
        message: t('The answer names no file.'),
      }),
    );
  return entry;
}
