import { badRequest } from '../../server/errors';
import { empty } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder, list, sets } from '../respond';
import type { Row } from '../state';
import { assetName, robotValuesOf, valueOf, VALUE_TYPES } from './assetValues';
import { bodyOf } from './body';
import * as route from './entityRoutes';

const ASSETS = route.entity('Assets', 'Asset', (t) => t.assets);
const ENVIRONMENTS = route.entity('Environments', 'Environment', (t) => t.environments);

/**
 * POST and PUT Assets: the body replaces the asset's name, scope, type and value (README, "Assets"). A PerRobot asset's
 * own value is optional (a robot without a value of its own reads it); its RobotValues are replaced by those sent.
 */
export function applyAsset(call: Call, asset: Row, body: ReturnType<typeof bodyOf>): void {
  const name = assetName(body);
  const scope = body.has('ValueScope') ? body.string('ValueScope') : 'Global';
  if (scope !== 'Global' && scope !== 'PerRobot') throw badRequest('ValueScope must be Global or PerRobot.');
  const type = body.string('ValueType');
  if (!VALUE_TYPES.includes(type)) throw badRequest(`ValueType must be one of ${VALUE_TYPES.join(', ')}.`);
  const sameType = asset.ValueType === type;
  const value = valueOf(body, type, {
    optional: scope === 'PerRobot',
    keptSecret: sameType ? asset.$secret : undefined,
  });
  if (scope !== 'PerRobot' && body.has('RobotValues')) throw badRequest('RobotValues are for PerRobot assets only.');
  const robotValues = scope === 'PerRobot' ? robotValuesOf(call, sameType ? asset : {}, body, type) : undefined;
  const clash = inFolder(call, call.tenant.assets).find(
    (a) => a !== asset && String(a.Name).toLowerCase() === name.toLowerCase(),
  );
  if (clash) throw route.conflict(`An asset named '${name}' already exists in this folder.`);
  delete asset.$secret;
  delete asset.$robotValues;
  Object.assign(asset, { Name: name, ValueScope: scope, ValueType: type, CredentialPassword: null, ...value });
  if (robotValues) asset.$robotValues = robotValues;
}

/** The environment named by the `key` parameter of a function. */
const environmentParam = (call: Call) => route.rowOf(call, ENVIRONMENTS, Number(call.params.key));

function syncRobotEnvironments(call: Call): void {
  for (const robot of call.tenant.robots) {
    robot.RobotEnvironments = [
      ...new Set(
        call.tenant.environments.filter((e) => (e.$robotIds as number[]).includes(robot.Id)).map((e) => String(e.Name)),
      ),
    ].join(',');
  }
  call.changed();
}

function applyEnvironment(call: Call, env: Row, body: ReturnType<typeof bodyOf>): void {
  env.Name = body.string('Name', { max: 128 });
  env.Description = body.string('Description', { optional: true, max: 500 });
  env.Type = body.has('Type') ? body.string('Type') : 'Dev';
  if (
    call.tenant.environments.some(
      (e) =>
        e !== env && e.$folderId === env.$folderId && String(e.Name).toLowerCase() === String(env.Name).toLowerCase(),
    )
  )
    throw route.conflict(`An environment named '${String(env.Name)}' already exists in this folder.`);
}

const ROBOTS_OF_ENVIRONMENT = {
  parameters: { key: 'integer' as const },
  permissions: ['Environments.View', 'Robots.View'],
};

export const ASSET_ROUTES: ODataRoute[] = [
  // Beyond the spec: without a folder header, the rows of every folder the caller may use (README).
  route.list(ASSETS, { scope: 'optionalFolder', permissions: ['Assets.View'] }),
  // Beyond the spec: the folder's assets under the name real clients call (the collection read, folder required).
  route.list(ASSETS, { operation: 'GetFiltered', permissions: ['Assets.View'] }),
  route.get(ASSETS, { permissions: ['Assets.View'] }),
  route.create(ASSETS, { permissions: ['Assets.Create'] }, (call, body) => {
    const asset: Row = { Id: 0, CanBeDeleted: true, KeyValueList: [], $folderId: call.folder!.Id };
    applyAsset(call, asset, body);
    asset.Id = call.tenant.nextId++;
    return asset;
  }),
  route.update(ASSETS, { permissions: ['Assets.Edit'] }, (call, asset, body) => {
    if (body.has('Id') && body.raw.Id !== asset.Id)
      throw badRequest(`The body's Id (${JSON.stringify(body.raw.Id)}) is not the asset's (${String(asset.Id)}).`);
    applyAsset(call, asset, body);
  }),
  route.remove(ASSETS, {
    permissions: ['Assets.Delete'],
    refuse: (_call, asset) => {
      if (asset.CanBeDeleted === false) throw route.conflict(`Asset '${String(asset.Name)}' cannot be deleted.`);
    },
  }),
  route.list(ENVIRONMENTS, { permissions: ['Environments.View'] }),
  route.get(ENVIRONMENTS, { permissions: ['Environments.View'] }),
  route.create(ENVIRONMENTS, { permissions: ['Environments.Create'] }, (call, body) => {
    const env: Row = { Id: call.tenant.nextId++, $folderId: call.folder!.Id, $robotIds: [] };
    applyEnvironment(call, env, body);
    return env;
  }),
  route.update(ENVIRONMENTS, { permissions: ['Environments.Edit'] }, (call, env, body) => {
    applyEnvironment(call, env, body);
    syncRobotEnvironments(call);
  }),
  route.remove(ENVIRONMENTS, {
    permissions: ['Environments.Delete'],
    refuse: (call, env) => {
      if (call.tenant.releases.some((r) => r.EnvironmentId === env.Id))
        throw route.conflict(`Environment '${String(env.Name)}' is used by processes.`);
    },
    removed: syncRobotEnvironments,
  }),
  route.setFunction(ENVIRONMENTS, 'GetRobotsForEnvironment', ROBOTS_OF_ENVIRONMENT, (call) => {
    const robotIds = environmentParam(call).$robotIds as number[];
    return list(
      call,
      sets(call).Robots,
      call.tenant.robots.filter((r) => robotIds.includes(r.Id)),
    );
  }),
  route.setFunction(ENVIRONMENTS, 'GetRobotIdsForEnvironment', ROBOTS_OF_ENVIRONMENT, (call) =>
    route.valueReply(call, 'Collection(Edm.Int64)', environmentParam(call).$robotIds),
  ),
  ...(['AddRobot', 'RemoveRobot'] as const).map((operation) =>
    route.entityAction(ENVIRONMENTS, operation, { permissions: ['Environments.Edit'] }, (call, env) => {
      const robot = byKey(call.tenant.robots, Number(bodyOf(call.req).raw.robotId), 'Robot');
      const ids = env.$robotIds as number[];
      env.$robotIds = operation === 'AddRobot' ? [...new Set([...ids, robot.Id])] : ids.filter((id) => id !== robot.Id);
      syncRobotEnvironments(call);
      return empty(204);
    }),
  ),
  route.entityAction(ENVIRONMENTS, 'SetRobots', { permissions: ['Environments.Edit'] }, (call, env) => {
    const body = bodyOf(call.req);
    const added = body.intArray('addedRobotIds', { optional: true });
    const removed = body.intArray('removedRobotIds', { optional: true });
    for (const id of [...added, ...removed]) byKey(call.tenant.robots, id, 'Robot');
    env.$robotIds = [...new Set([...(env.$robotIds as number[]), ...added])].filter((id) => !removed.includes(id));
    syncRobotEnvironments(call);
    return empty(204);
  }),
];
