import { badRequest, ErrorCode, HttpError } from '../../server/errors';
import { empty, json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder, list, one, requireKeyInt, sets } from '../respond';
import type { Row } from '../state';
import { bodyOf } from './body';

const MAX_TEXT_ASSET = 1_000_000;
const VALUE_TYPES = ['Text', 'Bool', 'Integer', 'Credential'];

const assetOf = (call: Call) => byKey(inFolder(call, call.tenant.assets), requireKeyInt(call, 'Assets'), 'Asset');

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

const environmentOf = (call: Call, id = requireKeyInt(call, 'Environments')) =>
  byKey(inFolder(call, call.tenant.environments), id, 'Environment');

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
  ) {
    throw new HttpError(
      409,
      ErrorCode.conflict,
      `An environment named '${String(env.Name)}' already exists in this folder.`,
    );
  }
}

export const ASSET_ROUTES: ODataRoute[] = [
  {
    method: 'GET',
    set: 'Assets',
    // Beyond the spec: without a folder header, the rows of every folder the caller may use (README).
    scope: 'optionalFolder',
    permissions: ['Assets.View'],
    handler: (call) => list(call, sets(call).Assets, inFolder(call, call.tenant.assets)),
  },
  {
    // Beyond the spec: the folder's assets under the name real clients call (the collection read, folder required).
    method: 'GET',
    set: 'Assets',
    operation: 'GetFiltered',
    scope: 'folder',
    permissions: ['Assets.View'],
    handler: (call) => list(call, sets(call).Assets, inFolder(call, call.tenant.assets)),
  },
  {
    method: 'GET',
    set: 'Assets',
    key: true,
    scope: 'folder',
    permissions: ['Assets.View'],
    handler: (call) => one(call, sets(call).Assets, assetOf(call)),
  },
  {
    method: 'POST',
    set: 'Assets',
    scope: 'folder',
    permissions: ['Assets.Create'],
    handler: (call) => {
      const asset: Row = { Id: call.tenant.nextId++, CanBeDeleted: true, KeyValueList: [], $folderId: call.folder!.Id };
      applyAsset(asset, bodyOf(call.req));
      if (
        inFolder(call, call.tenant.assets).some(
          (a) => String(a.Name).toLowerCase() === String(asset.Name).toLowerCase(),
        )
      )
        throw new HttpError(
          409,
          ErrorCode.conflict,
          `An asset named '${String(asset.Name)}' already exists in this folder.`,
        );
      call.tenant.assets.push(asset);
      call.changed();
      return one(call, sets(call).Assets, asset);
    },
  },
  {
    method: 'PUT',
    set: 'Assets',
    key: true,
    scope: 'folder',
    permissions: ['Assets.Edit'],
    handler: (call) => {
      applyAsset(assetOf(call), bodyOf(call.req));
      call.changed();
      return json({});
    },
  },
  {
    method: 'DELETE',
    set: 'Assets',
    key: true,
    scope: 'folder',
    permissions: ['Assets.Delete'],
    handler: (call) => {
      const asset = assetOf(call);
      call.tenant.assets = call.tenant.assets.filter((a) => a !== asset);
      call.changed();
      return empty(204);
    },
  },
  {
    method: 'GET',
    set: 'Environments',
    scope: 'folder',
    permissions: ['Environments.View'],
    handler: (call) => list(call, sets(call).Environments, inFolder(call, call.tenant.environments)),
  },
  {
    method: 'GET',
    set: 'Environments',
    key: true,
    scope: 'folder',
    permissions: ['Environments.View'],
    handler: (call) => one(call, sets(call).Environments, environmentOf(call)),
  },
  {
    method: 'POST',
    set: 'Environments',
    scope: 'folder',
    permissions: ['Environments.Create'],
    handler: (call) => {
      const env: Row = { Id: call.tenant.nextId++, $folderId: call.folder!.Id, $robotIds: [] };
      applyEnvironment(call, env, bodyOf(call.req));
      call.tenant.environments.push(env);
      call.changed();
      return one(call, sets(call).Environments, env);
    },
  },
  {
    method: 'PUT',
    set: 'Environments',
    key: true,
    scope: 'folder',
    permissions: ['Environments.Edit'],
    handler: (call) => {
      const env = environmentOf(call);
      applyEnvironment(call, env, bodyOf(call.req));
      syncRobotEnvironments(call);
      return json({});
    },
  },
  {
    method: 'DELETE',
    set: 'Environments',
    key: true,
    scope: 'folder',
    permissions: ['Environments.Delete'],
    handler: (call) => {
      const env = environmentOf(call);
      if (call.tenant.releases.some((r) => r.EnvironmentId === env.Id))
        throw new HttpError(409, ErrorCode.conflict, `Environment '${String(env.Name)}' is used by processes.`);
      call.tenant.environments = call.tenant.environments.filter((e) => e !== env);
      syncRobotEnvironments(call);
      return empty(204);
    },
  },
  {
    method: 'GET',
    set: 'Environments',
    operation: 'GetRobotsForEnvironment',
    parameters: { key: 'integer' },
    scope: 'folder',
    permissions: ['Environments.View', 'Robots.View'],
    handler: (call) =>
      list(
        call,
        sets(call).Robots,
        call.tenant.robots.filter((r) =>
          (environmentOf(call, Number(call.params.key)).$robotIds as number[]).includes(r.Id),
        ),
      ),
  },
  {
    method: 'GET',
    set: 'Environments',
    operation: 'GetRobotIdsForEnvironment',
    parameters: { key: 'integer' },
    scope: 'folder',
    permissions: ['Environments.View', 'Robots.View'],
    handler: (call) =>
      json({
        '@odata.context': `${call.odataBase}/$metadata#Collection(Edm.Int64)`,
        value: environmentOf(call, Number(call.params.key)).$robotIds,
      }),
  },
  ...(['AddRobot', 'RemoveRobot'] as const).map((operation): ODataRoute => ({
    method: 'POST',
    set: 'Environments',
    key: true,
    operation,
    scope: 'folder',
    permissions: ['Environments.Edit'],
    handler: (call) => {
      const env = environmentOf(call);
      const robot = byKey(call.tenant.robots, Number(bodyOf(call.req).raw.robotId), 'Robot');
      const ids = env.$robotIds as number[];
      env.$robotIds = operation === 'AddRobot' ? [...new Set([...ids, robot.Id])] : ids.filter((id) => id !== robot.Id);
      syncRobotEnvironments(call);
      return empty(204);
    },
  })),
  {
    method: 'POST',
    set: 'Environments',
    key: true,
    operation: 'SetRobots',
    scope: 'folder',
    permissions: ['Environments.Edit'],
    handler: (call) => {
      const env = environmentOf(call);
      const body = bodyOf(call.req);
      const added = body.intArray('addedRobotIds', { optional: true });
      const removed = body.intArray('removedRobotIds', { optional: true });
      for (const id of [...added, ...removed]) byKey(call.tenant.robots, id, 'Robot');
      env.$robotIds = [...new Set([...(env.$robotIds as number[]), ...added])].filter((id) => !removed.includes(id));
      syncRobotEnvironments(call);
      return empty(204);
    },
  },
];
