import * as z from 'zod/mini';
import type { CallOptions, ODataBase, ListOptions } from './base';
import { EntitySet } from './entitySet';
import { AssetSchema, EnvironmentSchema, RobotAssetSchema, RobotSchema, type Asset, type Environment } from './schemas';
import type { AssetInput } from './assetValues';
import { onFirstUse } from '../onFirstUse';

export type { AssetInput, AssetRobotValueInput } from './assetValues';

/** The checks load with the first change: activation only builds the client. */
const assetChecks = onFirstUse(() => import('./assetValues'));

/** Assets (credential passwords are never read back) and environments. */
export class AssetsApi extends EntitySet<Asset> {
  readonly environments: EntitySet<Environment>;

  constructor(base: ODataBase) {
    super(base, 'Assets', AssetSchema);
    this.environments = new EntitySet(base, 'Environments', EnvironmentSchema);
  }

  private async checked(endpoint: string, asset: AssetInput): Promise<AssetInput> {
    this.base.check(endpoint, (await assetChecks()).checkAssetInput(asset));
    return asset;
  }

  async create(asset: AssetInput, options: CallOptions = {}) {
    return this.base.post(this.path, await this.checked('POST /odata/Assets', asset), options, AssetSchema);
  }

  /** PUT replaces the whole asset: the body carries its id and every field, as the service requires. */
  async replace(id: number, asset: AssetInput, options: CallOptions = {}) {
    const path = this.base.entity('Assets', id);
    const body = { Id: id, ...(await this.checked(`PUT ${path}`, asset)) };
    return this.base.send('PUT', path, body, undefined, options);
  }

  /** The asset as it is now, with each robot's value of a per-robot asset (never a password). */
  readWithRobotValues(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Assets', id), AssetSchema, { ...options, query: '?$expand=RobotValues' });
  }

  /** The value a robot sees, by the robot's id (a number) or its key (a string). */
  robotAsset(robotId: number | string, assetName: string, options: CallOptions = {}) {
    const name = typeof robotId === 'number' ? 'GetRobotAssetByRobotId' : 'GetRobotAsset';
    return this.base.get(this.base.operation('Assets', name, { robotId, assetName }), RobotAssetSchema, options);
  }

  createEnvironment(environment: { Name: string; Description?: string; Type?: string }, options: CallOptions = {}) {
    return this.base.post(this.environments.path, environment, options, EnvironmentSchema);
  }

  replaceEnvironment(
    id: number,
    environment: { Name: string; Description?: string; Type?: string },
    options: CallOptions = {},
  ) {
    return this.base.send('PUT', this.base.entity('Environments', id), { Id: id, ...environment }, undefined, options);
  }

  environmentRobots(id: number, options: ListOptions = {}) {
    const path = this.base.operation('Environments', 'GetRobotsForEnvironment', { key: id });
    return this.base.getPage(path, RobotSchema, options);
  }

  environmentRobotIds(id: number, options: CallOptions = {}) {
    const path = this.base.operation('Environments', 'GetRobotIdsForEnvironment', { key: id });
    return this.base.get(path, z.looseObject({ value: z.array(z.int()) }), options);
  }

  addRobot(environmentId: number, robotId: number, options: CallOptions = {}) {
    return this.base.post(this.base.operationOn('Environments', environmentId, 'AddRobot'), { robotId }, options);
  }

  removeRobot(environmentId: number, robotId: number, options: CallOptions = {}) {
    return this.base.post(this.base.operationOn('Environments', environmentId, 'RemoveRobot'), { robotId }, options);
  }

  setRobots(
    environmentId: number,
    change: { addedRobotIds: number[]; removedRobotIds: number[] },
    options: CallOptions = {},
  ) {
    return this.base.post(this.base.operationOn('Environments', environmentId, 'SetRobots'), change, options);
  }
}
