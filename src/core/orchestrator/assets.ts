import { z } from 'zod';
import type { CallOptions, ODataBase, ListOptions } from './base';
import { AssetSchema, EnvironmentSchema, RobotAssetSchema, RobotSchema } from './schemas';
import { checkTextLimit, LIMITS } from './validation';

const MAX_TOP = 1000;

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
export class AssetsApi {
  constructor(private readonly base: ODataBase) {}

  list(options: ListOptions = {}) {
    return this.base.getPage('/odata/Assets', AssetSchema, { ...options, maxTop: MAX_TOP });
  }

  async get(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Assets', id), AssetSchema, options);
  }

  private checked(asset: AssetInput): AssetInput {
    if (asset.ValueType === 'Text')
      this.base.check('POST /odata/Assets', checkTextLimit('The text value', asset.StringValue, LIMITS.textAssetChars));
    if (asset.ValueType === 'Integer' && !Number.isSafeInteger(asset.IntValue))
      this.base.check('POST /odata/Assets', 'The value must be a whole number.');
    return asset;
  }

  async create(asset: AssetInput, options: CallOptions = {}) {
    return this.base.send('POST', '/odata/Assets', this.checked(asset), AssetSchema, options);
  }

  async replace(id: number, asset: AssetInput, options: CallOptions = {}) {
    return this.base.send('PUT', this.base.entity('Assets', id), this.checked(asset), undefined, options);
  }

  delete(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('Assets', id), undefined, undefined, options);
  }

  robotAsset(robotId: number, assetName: string, options: CallOptions = {}) {
    return this.base.get(
      this.base.operation('Assets', 'GetRobotAssetByRobotId', { robotId, assetName }),
      RobotAssetSchema,
      options,
    );
  }

  robotAssetByKey(robotId: string, assetName: string, options: CallOptions = {}) {
    return this.base.get(
      this.base.operation('Assets', 'GetRobotAsset', { robotId, assetName }),
      RobotAssetSchema,
      options,
    );
  }

  environments(options: ListOptions = {}) {
    return this.base.getPage('/odata/Environments', EnvironmentSchema, { ...options, maxTop: MAX_TOP });
  }

  environment(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Environments', id), EnvironmentSchema, options);
  }

  createEnvironment(environment: { Name: string; Description?: string; Type?: string }, options: CallOptions = {}) {
    return this.base.send('POST', '/odata/Environments', environment, EnvironmentSchema, options);
  }

  replaceEnvironment(
    id: number,
    environment: { Name: string; Description?: string; Type?: string },
    options: CallOptions = {},
  ) {
    return this.base.send('PUT', this.base.entity('Environments', id), { Id: id, ...environment }, undefined, options);
  }

  deleteEnvironment(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('Environments', id), undefined, undefined, options);
  }

  environmentRobots(id: number, options: ListOptions = {}) {
    return this.base.getPage(
      this.base.operation('Environments', 'GetRobotsForEnvironment', { key: id }),
      RobotSchema,
      options,
    );
  }

  environmentRobotIds(id: number, options: CallOptions = {}) {
    return this.base.get(
      this.base.operation('Environments', 'GetRobotIdsForEnvironment', { key: id }),
      z.looseObject({ value: z.array(z.number().int()) }),
      options,
    );
  }

  addRobot(environmentId: number, robotId: number, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Environments', 'AddRobot', undefined, { key: environmentId }),
      { robotId },
      undefined,
      options,
    );
  }

  removeRobot(environmentId: number, robotId: number, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Environments', 'RemoveRobot', undefined, { key: environmentId }),
      { robotId },
      undefined,
      options,
    );
  }

  setRobots(
    environmentId: number,
    change: { addedRobotIds: number[]; removedRobotIds: number[] },
    options: CallOptions = {},
  ) {
    return this.base.send(
      'POST',
      this.base.operation('Environments', 'SetRobots', undefined, { key: environmentId }),
      change,
      undefined,
      options,
    );
  }
}
