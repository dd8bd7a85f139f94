import { badRequest, notFound } from '../../server/errors';
import { empty, json, type Reply, type Request } from '../../server/http';
import { USERS } from '../../server/users';
import type { Call, ODataRoute } from '../context';
import { byKey, list, one, requireKeyInt, sets } from '../respond';
import { canUseFolder } from '../access';
import type { TenantState } from '../state';
import { bodyOf } from './body';

const userOf = (call: Call) => byKey(call.tenant.users, requireKeyInt(call, 'Users'), 'User');

/** GET /api/DirectoryService/GetDirectoryPermissions?userId=<id>: folders and roles of a user. */
export function directoryPermissions(req: Request, tenant: TenantState): Reply {
  const id = Number(req.url.searchParams.get('userId'));
  const user = USERS.find((u) => u.id === id);
  if (!user) throw notFound(`User ${req.url.searchParams.get('userId') ?? ''} does not exist.`);
  return json({
    UserId: user.id,
    Folders: tenant.folders
      .filter((f) => canUseFolder(user, f))
      .map((f) => ({ FolderId: f.Id, FullyQualifiedName: f.FullyQualifiedName, Roles: [user.roleName] })),
    Roles: [user.roleName],
  });
}

export const USER_ROUTES: ODataRoute[] = [
  {
    method: 'GET',
    set: 'Users',
    scope: 'tenant',
    permissions: ['Users.View'],
    handler: (call) => list(call, sets(call).Users, call.tenant.users),
  },
  {
    method: 'GET',
    set: 'Users',
    key: true,
    scope: 'tenant',
    permissions: ['Users.View'],
    handler: (call) => one(call, sets(call).Users, userOf(call)),
  },
  {
    method: 'PUT',
    set: 'Users',
    key: true,
    scope: 'tenant',
    permissions: ['Users.Edit'],
    handler: (call) => {
      const user = userOf(call);
      const provision = bodyOf(call.req).object('RobotProvision', { optional: true });
      if (provision.RobotId !== undefined) byKey(call.tenant.robots, provision.RobotId, 'Robot');
      user.RobotProvision = provision;
      call.changed();
      return json({});
    },
  },
  {
    method: 'DELETE',
    set: 'Users',
    key: true,
    scope: 'tenant',
    permissions: ['Users.Delete'],
    handler: (call) => {
      const user = userOf(call);
      call.tenant.users = call.tenant.users.filter((u) => u !== user);
      call.changed();
      return empty(204);
    },
  },
  {
    method: 'POST',
    set: 'Users',
    operation: 'UpdatePassword',
    scope: 'tenant',
    handler: (call) => {
      const body = bodyOf(call.req);
      for (const field of ['TenancyName', 'Username', 'CurrentPassword']) body.string(field);
      const next = body.string('NewPassword');
      if (next.length < 8 || !/\d/.test(next) || !/[A-Za-z]/.test(next))
        throw badRequest('NewPassword must be at least 8 characters with a letter and a digit.');
      return json({});
    },
  },
  {
    method: 'POST',
    set: 'Users',
    key: true,
    operation: 'ChangeUserCulture',
    scope: 'tenant',
    handler: (call) => {
      const user = userOf(call);
      const culture = bodyOf(call.req).string('culture');
      if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(culture))
        throw badRequest(`culture must be a language code such as en or de-DE, got '${culture}'.`);
      user.CultureCode = culture;
      call.changed();
      return json({});
    },
  },
  {
    method: 'POST',
    set: 'Users',
    key: true,
    operation: 'AssignRoles',
    scope: 'tenant',
    permissions: ['Users.Edit', 'Roles.View'],
    handler: (call) => {
      const user = userOf(call);
      const ids = bodyOf(call.req).intArray('roleIds');
      const roles = ids.map((id) => byKey(call.tenant.roles, id, 'Role'));
      // Overwrites: exactly the roles sent remain.
      user.$roleIds = ids;
      user.RolesList = roles.map((r) => r.Name);
      call.changed();
      return json({});
    },
  },
  {
    method: 'GET',
    set: 'Roles',
    scope: 'tenant',
    permissions: ['Roles.View'],
    handler: (call) => list(call, sets(call).Roles, call.tenant.roles),
  },
  {
    method: 'GET',
    set: 'Roles',
    key: true,
    scope: 'tenant',
    permissions: ['Roles.View'],
    handler: (call) => one(call, sets(call).Roles, byKey(call.tenant.roles, requireKeyInt(call, 'Roles'), 'Role')),
  },
  {
    method: 'GET',
    set: 'Permissions',
    scope: 'tenant',
    handler: (call) =>
      json({
        '@odata.context': `${call.odataBase}/$metadata#Permissions`,
        value: [...call.user.permissions].map((name) => ({ Name: name, IsGranted: true, RoleId: 100 + call.user.id })),
      }),
  },
];
