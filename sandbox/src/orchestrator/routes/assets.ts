import { badRequest, ErrorCode, HttpError } from '../../server/errors';
import { empty } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder, list, sets } from '../respond';
import type { Row } from '../state';
import { bodyOf } from './body';
import * as route from './entityRoutes';

const MAX_TEXT_ASSET = 1_000_000;
const VALUE_TYPES = ['Text', 'Bool', 'Integer', 'Credential'];

const ASSETS = route.entity('Assets', 'Asset', (t) => t.assets);
const ENVIRONMENTS = route.entity('Environments', 'Environment', (t) => t.environments);

export function applyAsset(asset: Row, body: ReturnType<typeof bodyOf>): void {
  asset.Name = body.string('Name', { max: 128 });
  const scope = body.has('ValueScope') ? body.string('ValueScope') : 'Global';
  if (scope !== 'Global' && scope !== 'PerRobot') throw badRequest('ValueScope must be Global or PerRobot.');
  const type = body.string('ValueType');
  if (!VALUE_TYPES.includes(type)) throw badRequest(`ValueType must be one of ${VALUE_TYPES.join(', ')}.`);
  Object.assign(asset, {
    ValueScope: scope,
    ValueType: type,
    StringValue: null,
    BoolValue: false,
    IntValue: 0,
    CredentialUsername: null,
    CredentialPassword: null,
  });
  if (type === 'Text') {
    const text = body.string('StringValue', { optional: true });
    if (text.length > MAX_TEXT_ASSET)
      throw new HttpError(
        400,
        ErrorCode.fieldTooLarge,
        `StringValue is ${text.length} characters; text assets hold at most ${MAX_TEXT_ASSET}.`,
      );
    Object.assign(asset, { StringValue: text, Value: text });
  } else if (type === 'Bool') {
    const value = body.bool('BoolValue');
    Object.assign(asset, { BoolValue: value, Value: value ? 'True' : 'False' });
  } else if (type === 'Integer') {
    const value = body.int('IntValue');
    Object.assign(asset, { IntValue: value, Value: String(value) });
  } else {
    const user = body.string('CredentialUsername', { max: 256 });
    Object.assign(asset, {
      CredentialUsername: user,
      Value: `username: ${user}`,
      $secret: body.string('CredentialPassword', { optional: true }),
    });
  }
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
    const asset: Row = { Id: call.tenant.nextId++, CanBeDeleted: true, KeyValueList: [], $folderId: call.folder!.Id };
    applyAsset(asset, body);
    const name = String(asset.Name).toLowerCase();
    if (inFolder(call, call.tenant.assets).some((a) => String(a.Name).toLowerCase() === name))
      throw route.conflict(`An asset named '${String(asset.Name)}' already exists in this folder.`);
    return asset;
  }),
  route.update(ASSETS, { permissions: ['Assets.Edit'] }, (_call, asset, body) => applyAsset(asset, body)),
  route.remove(ASSETS, { permissions: ['Assets.Delete'] }),
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
