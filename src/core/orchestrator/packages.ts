import * as z from 'zod/mini';
import type { ODataBase, CallOptions, ListOptions } from './base';
import { EntitySet } from './entitySet';
import {
  ArgumentMetadataSchema,
  LibrarySchema,
  PackageSchema,
  type ArgumentEntry,
  type Library,
  type Package,
} from './schemas';
import { onFirstUse } from '../onFirstUse';
import { formatNumber, t } from '../l10n';
import { DOWNLOAD_TIMEOUT_MS } from '../http/transportOptions';
import { OrchestratorError, withOutcomeUnknown } from '../http/errors';
import { readablePath } from '../http/dialectPaths';

/** The declaration checks load with the first Set Arguments, not at activation. */
const validation = onFirstUse(() => import('./validation'));

/** Packages (entity set Processes: one row per package, its latest version) and libraries. */
export class PackagesApi extends EntitySet<Package> {
  readonly libraries: EntitySet<Library>;

  constructor(base: ODataBase) {
    super(base, 'Processes', PackageSchema);
    this.libraries = new EntitySet(base, 'Libraries', LibrarySchema);
  }

  versions(packageId: string, options: ListOptions = {}) {
    const path = this.base.operation('Processes', 'GetProcessVersions', { processId: packageId });
    return this.base.getPage(path, PackageSchema, options);
  }

  async getArguments(key: string, options: CallOptions = {}) {
    return this.base.get(this.base.operation('Processes', 'GetArguments', { key }), ArgumentMetadataSchema, options);
  }

  /** Replaces all declared arguments; checked before sending (names, uniqueness, types). */
  async setArguments(
    key: string,
    args: { Input: ArgumentEntry[]; Output: ArgumentEntry[] },
    options: CallOptions = {},
  ): Promise<void> {
    const path = this.base.operation('Processes', 'SetArguments');
    const { checkArgumentDeclarations } = await validation();
    this.base.check(
      `POST ${path}`,
      checkArgumentDeclarations(args.Input, 'Input') ?? checkArgumentDeclarations(args.Output, 'Output'),
    );
    const text = (entries: ArgumentEntry[]) => JSON.stringify(entries);
    const Output = text(args.Output.map(({ required: _r, hasDefault: _h, ...rest }) => rest));
    await this.base.post(path, { key, arguments: { Input: text(args.Input), Output } }, options);
  }

  download(key: string, options: CallOptions = {}) {
    return this.base.download(this.base.operation('Processes', 'DownloadPackage', { key }), options);
  }

  libraryVersions(packageId: string, options: ListOptions = {}) {
    return this.base.getPage(this.base.operation('Libraries', 'GetVersions', { packageId }), LibrarySchema, options);
  }

  downloadLibrary(key: string, options: CallOptions = {}) {
    return this.base.download(this.base.operation('Libraries', 'DownloadPackage', { key }), options);
  }

  /**
   * UploadPackage: the .nupkg as multipart/form-data (the field `file`), to the tenant's feed (or a folder's, with a
   * folder). Sent once, never retried, within the upload's own size and time limits; a 2xx whose answer does not say
   * the file was taken leaves the outcome unknown.
   */
  async upload(
    file: { bytes: Uint8Array; fileName: string },
    options: CallOptions & { library?: boolean } = {},
  ): Promise<UploadEntry> {
    const path = this.base.operation(options.library ? 'Libraries' : 'Processes', 'UploadPackage');
    this.base.check(
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
    const answer = await this.base.send('POST', path, form, UploadAnswerSchema, {
      ...options,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
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
}

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
