import * as z from 'zod/mini';
import type { CallOptions, ODataBase } from './base';
import { EntitySet } from './entitySet';
import { ReleaseSchema, type Release } from './schemas';
import { checkInputArgumentsText } from './limits';

/** Processes (entity set Releases): folder-scoped. */
export class ReleasesApi extends EntitySet<Release> {
  constructor(base: ODataBase) {
    super(base, 'Releases', ReleaseSchema);
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
    return this.base.post(this.path, release, options, ReleaseSchema);
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

  updateToVersion(id: number, packageVersion: string, options: CallOptions = {}) {
    return this.action(id, 'UpdateToSpecificPackageVersion', { packageVersion }, options);
  }

  updateToLatest(id: number, options: CallOptions = {}) {
    return this.action(id, 'UpdateToLatestPackageVersion', {}, options);
  }

  updateAllToLatest(releaseIds: number[], options: CallOptions = {}) {
    const path = this.base.operation('Releases', 'UpdateToLatestPackageVersionBulk');
    return this.base.post(path, { releaseIds }, options, z.unknown());
  }

  rollBack(id: number, options: CallOptions = {}) {
    return this.action(id, 'RollbackToPreviousReleaseVersion', {}, options);
  }

  /** The version actions answer the process as it is now. */
  private action(id: number, name: string, body: object, options: CallOptions) {
    return this.base.post(this.base.operationOn('Releases', id, name), body, options, ReleaseSchema);
  }
}
