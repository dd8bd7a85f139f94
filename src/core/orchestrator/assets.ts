import * as z from 'zod/mini';
import type { CallOptions, ODataBase, ListOptions } from './base';
import { EntitySet } from './entitySet';
import { AssetSchema, EnvironmentSchema, RobotAssetSchema, RobotSchema, type Asset, type Environment } from './schemas';
import { checkTextLimit, LIMITS } from './limits';
import { t } from '../l10n';

export type AssetInput =
  | { Name: string; ValueScope?: 'Global'; ValueType: 'Text'; StringValue: string }
  | { Name: string; ValueScope?: 'Global'; ValueType: 'Bool'; BoolValue: boolean }
  | { Name: string; ValueScope?: 'Global'; ValueType: 'Integer'; IntValue: number }
  | {
      Name: string;
      ValueScope?: 'Global';
      ValueType: 'Credential';
      CredentialUsername: string;
      CredentialPassword: string;
    };

/** Assets (credential passwords are never read back) and environments. */
export class AssetsApi extends EntitySet<Asset> {
  readonly environments: EntitySet<Environment>;

  constructor(base: ODataBase) {
    super(base, 'Assets', AssetSchema);
    this.environments = new EntitySet(base, 'Environments', EnvironmentSchema);
  }

  private checked(asset: AssetInput): AssetInput {
    if (asset.ValueType === 'Text')
      this.base.check(
        'POST /odata/Assets',
        checkTextLimit(t('The text value'), asset.StringValue, LIMITS.textAssetChars),
      );
    if (asset.ValueType === 'Integer' && !Number.isSafeInteger(asset.IntValue))
      this.base.check('POST /odata/Assets', t('The value must be a whole number.'));
    return asset;
  }

  async create(asset: AssetInput, options: CallOptions = {}) {
    return this.base.post(this.path, this.checked(asset), options, AssetSchema);
  }

  async replace(id: number, asset: AssetInput, options: CallOptions = {}) {
    return this.base.send('PUT', this.base.entity('Assets', id), this.checked(asset), undefined, options);
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
