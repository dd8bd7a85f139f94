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

/** The declaration checks load with the first Set Arguments, not at activation. */
const validation = onFirstUse(() => import('./validation'));
/** The upload (its form, limits and answer schema) loads with the first upload. */
const uploading = onFirstUse(() => import('./packageUpload'));

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
   * UploadPackage: the .nupkg as multipart/form-data, sent once (packageUpload.ts, loaded with the first upload).
   * With `library`, to the Libraries feed.
   */
  async upload(file: { bytes: Uint8Array; fileName: string }, options: CallOptions & { library?: boolean } = {}) {
    const { uploadPackage } = await uploading();
    return uploadPackage(this.base, file, options);
  }
}
