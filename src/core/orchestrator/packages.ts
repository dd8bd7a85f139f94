import { z } from 'zod';
import type { ODataBase, CallOptions, ListOptions } from './base';
import { ArgumentMetadataSchema, LibrarySchema, PackageSchema, type ArgumentEntry } from './schemas';
import { checkArgumentDeclarations } from './validation';

const MAX_TOP = 1000;

/** Packages (entity set Processes) and libraries. */
export class PackagesApi {
  constructor(private readonly base: ODataBase) {}

  /** One row per package: its latest version. */
  list(options: ListOptions = {}) {
    return this.base.getPage('/odata/Processes', PackageSchema, { ...options, maxTop: MAX_TOP });
  }

  iterate(options: ListOptions & { pageSize?: number } = {}) {
    return this.base.iterate('/odata/Processes', PackageSchema, {
      ...options,
      maxTop: MAX_TOP,
      paging: { pageSize: options.pageSize },
    });
  }

  versions(packageId: string, options: ListOptions = {}) {
    return this.base.getPage(
      this.base.operation('Processes', 'GetProcessVersions', { processId: packageId }),
      PackageSchema,
      options,
    );
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
    this.base.check(
      `POST ${path}`,
      checkArgumentDeclarations(args.Input, 'Input') ?? checkArgumentDeclarations(args.Output, 'Output'),
    );
    const text = (entries: ArgumentEntry[]) => JSON.stringify(entries);
    await this.base.send(
      'POST',
      path,
      {
        key,
        arguments: {
          Input: text(args.Input),
          Output: text(args.Output.map(({ required: _r, hasDefault: _h, ...rest }) => rest)),
        },
      },
      undefined,
      options,
    );
  }

  download(key: string, options: CallOptions = {}) {
    return this.base.download(this.base.operation('Processes', 'DownloadPackage', { key }), options);
  }

  delete(packageId: string, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('Processes', packageId), undefined, undefined, options);
  }

  listLibraries(options: ListOptions = {}) {
    return this.base.getPage('/odata/Libraries', LibrarySchema, { ...options, maxTop: MAX_TOP });
  }

  libraryVersions(packageId: string, options: ListOptions = {}) {
    return this.base.getPage(this.base.operation('Libraries', 'GetVersions', { packageId }), LibrarySchema, options);
  }

  downloadLibrary(key: string, options: CallOptions = {}) {
    return this.base.download(this.base.operation('Libraries', 'DownloadPackage', { key }), options);
  }

  deleteLibrary(packageId: string, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('Libraries', packageId), undefined, undefined, options);
  }

  /** The sandbox and some services accept a JSON description; multipart package upload is not supported here. */
  upload(description: { Id: string; Version: string; Description?: string }, options: CallOptions = {}) {
    return this.base.send('POST', this.base.operation('Processes', 'UploadPackage'), description, z.unknown(), options);
  }
}
