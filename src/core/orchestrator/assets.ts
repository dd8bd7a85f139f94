import * as z from 'zod/mini';
import type { CallOptions, ODataBase, ListOptions } from './base';
import { EntitySet } from './entitySet';
import { AssetSchema, EnvironmentSchema, RobotAssetSchema, RobotSchema, type Asset, type Environment } from './schemas';
import { checkAssetName, checkAssetValue, type AssetValue, type AssetValueType } from './assetValues';
import { t } from '../l10n';

/** One robot's value of a per-robot asset (the service's RobotValues entry): its id, then the value in the asset's type. */
export type AssetRobotValueInput = AssetValue & { RobotId: number };

/**
 * The body of POST and PUT Assets: a Global asset carries its value; a PerRobot asset a value per robot (RobotValues).
 * A credential's password is sent only here, to the service, and never read back.
 */
export type AssetInput =
  | ({ Name: string; ValueScope?: 'Global' } & AssetValue)
  | {
      Name: string;
      ValueScope: 'PerRobot';
      ValueType: AssetValueType;
      RobotValues: AssetRobotValueInput[];
      /** The value a robot without one of its own reads, kept as it was by Edit. */
      StringValue?: string | null;
      IntValue?: number | null;
      BoolValue?: boolean | null;
    };

/** The first problem of an asset's body, checked before anything is sent; undefined when it may be sent. */
export function checkAssetInput(asset: AssetInput): string | undefined {
  const name = checkAssetName(asset.Name);
  if (name) return name;
  if (asset.ValueScope !== 'PerRobot') return checkAssetValue(asset);
  if (asset.RobotValues.length === 0) return t('Choose at least one robot for a per-robot asset.');
  for (const value of asset.RobotValues) {
    if (value.ValueType !== asset.ValueType) return t("Every robot value must be of the asset's type.");
    const problem = checkAssetValue(value);
    if (problem) return problem;
  }
  return undefined;
}

/** Assets (credential passwords are never read back) and environments. */
export class AssetsApi extends EntitySet<Asset> {
  readonly environments: EntitySet<Environment>;

  constructor(base: ODataBase) {
    super(base, 'Assets', AssetSchema);
    this.environments = new EntitySet(base, 'Environments', EnvironmentSchema);
  }

  private checked(endpoint: string, asset: AssetInput): AssetInput {
    this.base.check(endpoint, checkAssetInput(asset));
    return asset;
  }

  async create(asset: AssetInput, options: CallOptions = {}) {
    return this.base.post(this.path, this.checked('POST /odata/Assets', asset), options, AssetSchema);
  }

  /** PUT replaces the whole asset: the body carries its id and every field, as the service requires. */
  async replace(id: number, asset: AssetInput, options: CallOptions = {}) {
    const path = this.base.entity('Assets', id);
    const body = { Id: id, ...this.checked(`PUT ${path}`, asset) };
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
