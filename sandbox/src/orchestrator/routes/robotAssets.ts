// Robots' side of assets: reading an asset as a robot sees it, and (beyond the spec) setting it by robot key.
import { badRequest, notFound } from '../../server/errors';
import { empty, json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder } from '../respond';
import type { Robot, Row } from '../state';
import { valueOf, type RobotValues } from './assetValues';
import { bodyOf } from './body';
import * as route from './entityRoutes';

/**
 * The robot-asset shape: the robot's own value of a per-robot asset when one was set, else the asset's. The password
 * travels only to robots (by robot key), never to listings.
 */
function robotAsset(asset: Row, robot: Robot, withPassword: boolean) {
  const own = (asset.$robotValues as RobotValues | undefined)?.[String(robot.Id)];
  const value = asset.ValueScope === 'PerRobot' && own ? { ...asset, ...own } : asset;
  return {
    Name: asset.Name,
    ValueType: asset.ValueType,
    StringValue: value.StringValue ?? null,
    BoolValue: value.BoolValue,
    IntValue: value.IntValue,
    CredentialUsername: value.CredentialUsername ?? null,
    CredentialPassword: withPassword ? (value.$secret ?? null) : null,
  };
}

function assetByName(call: Call, name: unknown, field = 'assetName'): Row {
  if (typeof name !== 'string' || name.trim() === '') throw badRequest(`${field} must be an asset's name.`);
  const asset = inFolder(call, call.tenant.assets).find((a) => String(a.Name).toLowerCase() === name.toLowerCase());
  if (!asset) throw notFound(`Asset '${name}' does not exist in this folder.`);
  return asset;
}

function robotFromParam(call: Call, value: unknown): Robot {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return byKey(call.tenant.robots, id, 'Robot');
}

function robotByKey(call: Call, robotKey: string): Robot {
  const robot = call.tenant.robots.find((r) => String(r.LicenseKey).toLowerCase() === robotKey.toLowerCase());
  if (!robot) throw notFound('No robot has that key.');
  return robot;
}

/**
 * SetRobotAssetByRobotKey: a Global asset's value changes for every robot (as the Set Asset activity does); a
 * PerRobot asset's changes for that robot only. The value is checked as PUT Assets checks it, in the asset's type.
 */
function setRobotAsset(call: Call): void {
  const body = bodyOf(call.req);
  const robot = robotByKey(call, body.string('robotKey'));
  const given = body.object('robotAsset');
  const asset = assetByName(call, given.Name, 'robotAsset.Name');
  if (given.ValueType !== undefined && given.ValueType !== asset.ValueType)
    throw badRequest(
      `robotAsset.ValueType is ${JSON.stringify(given.ValueType)}, but asset '${String(asset.Name)}' is of type ${String(asset.ValueType)}.`,
    );
  const own = (asset.$robotValues as RobotValues | undefined)?.[String(robot.Id)];
  let value;
  try {
    // A credential sent without a password keeps the one the robot reads now.
    const keptSecret = asset.ValueScope === 'PerRobot' ? (own?.$secret ?? asset.$secret) : asset.$secret;
    value = valueOf(bodyOf({ ...call.req, body: given }), String(asset.ValueType), { keptSecret });
  } catch (error) {
    // The checks name bare fields; the caller sent them inside robotAsset.
    if (error instanceof Error) error.message = `robotAsset: ${error.message}`;
    throw error;
  }
  if (asset.ValueScope === 'PerRobot') {
    asset.$robotValues = {
      ...(asset.$robotValues as RobotValues | undefined),
      [String(robot.Id)]: { ...value, RobotName: robot.Name },
    };
  } else {
    Object.assign(asset, value);
    if (asset.ValueType !== 'Credential') delete asset.$secret;
  }
  call.changed();
}

const ASSETS = { set: 'Assets', scope: 'folder' } as const;
const VIEW = { permissions: ['Assets.View'] };

export const ROBOT_ASSET_ROUTES: ODataRoute[] = [
  // The robot by id, written as text (GetRobotAsset) or as a number (GetRobotAssetByRobotId).
  ...(
    [
      ['GetRobotAsset', 'string'],
      ['GetRobotAssetByRobotId', 'integer'],
    ] as const
  ).map(([operation, robotId]) =>
    route.setFunction(ASSETS, operation, { parameters: { robotId, assetName: 'string' }, ...VIEW }, (call) =>
      json(robotAsset(assetByName(call, call.params.assetName), robotFromParam(call, call.params.robotId), false)),
    ),
  ),
  route.setAction(ASSETS, 'GetRobotAssetByNameForRobotKey', VIEW, (call) => {
    const body = bodyOf(call.req);
    const robot = robotByKey(call, body.string('robotKey'));
    return json(robotAsset(assetByName(call, body.string('assetName')), robot, true));
  }),
  route.setAction(ASSETS, 'SetRobotAssetByRobotKey', { permissions: ['Assets.Edit'] }, (call) => {
    setRobotAsset(call);
    return empty(204);
  }),
];
