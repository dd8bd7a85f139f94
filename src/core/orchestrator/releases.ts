import { z } from 'zod';
import type { CallOptions, ODataBase, ListOptions } from './base';
import { ReleaseSchema } from './schemas';
import { checkInputArgumentsText } from './validation';

const MAX_TOP = 1000;

/** Processes (entity set Releases): folder-scoped. */
export class ReleasesApi {
  constructor(private readonly base: ODataBase) {}

  list(options: ListOptions = {}) {
    return this.base.getPage('/odata/Releases', ReleaseSchema, { ...options, maxTop: MAX_TOP });
  }

  iterate(options: ListOptions & { pageSize?: number } = {}) {
    return this.base.iterate('/odata/Releases', ReleaseSchema, {
      ...options,
      maxTop: MAX_TOP,
      paging: { pageSize: options.pageSize },
    });
  }

  async get(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Releases', id), ReleaseSchema, options);
  }

  /** Sets the process's input values (JSON text of an object, ≤ 10,000 characters, checked before sending). */
  async setInputArguments(id: number, inputJson: string, options: CallOptions = {}): Promise<void> {
    const path = this.base.entity('Releases', id);
    this.base.check(`PATCH ${path}`, checkInputArgumentsText(inputJson));
    await this.base.send('PATCH', path, { Arguments: { Input: inputJson } }, undefined, options);
  }

  async create(
    release: {
      Name: string;
      ProcessKey: string;
      ProcessVersion?: string;
      EnvironmentId?: number;
      Description?: string;
      InputArguments?: string;
    },
    options: CallOptions = {},
  ) {
    if (release.InputArguments !== undefined)
      this.base.check('POST /odata/Releases', checkInputArgumentsText(release.InputArguments));
    return this.base.send('POST', '/odata/Releases', release, ReleaseSchema, options);
  }

  async replace(
    id: number,
    release: { Name: string; Description?: string | null; EnvironmentId?: number; InputArguments?: string | null },
    options: CallOptions = {},
  ) {
    if (typeof release.InputArguments === 'string')
      this.base.check(`PUT /odata/Releases(${id})`, checkInputArgumentsText(release.InputArguments));
    return this.base.send('PUT', this.base.entity('Releases', id), release, ReleaseSchema, options);
  }

  delete(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('Releases', id), undefined, undefined, options);
  }

  updateToVersion(id: number, packageVersion: string, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Releases', 'UpdateToSpecificPackageVersion', undefined, { key: id }),
      { packageVersion },
      ReleaseSchema,
      options,
    );
  }

  updateToLatest(id: number, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Releases', 'UpdateToLatestPackageVersion', undefined, { key: id }),
      {},
      ReleaseSchema,
      options,
    );
  }

  updateAllToLatest(releaseIds: number[], options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Releases', 'UpdateToLatestPackageVersionBulk'),
      { releaseIds },
      z.unknown(),
      options,
    );
  }

  rollBack(id: number, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Releases', 'RollbackToPreviousReleaseVersion', undefined, { key: id }),
      {},
      ReleaseSchema,
      options,
    );
  }
}
