import { badRequest, notFound } from '../../server/errors';
import { json, type Reply, type Request } from '../../server/http';
import { ALL_PERMISSIONS, USERS } from '../../server/users';
import type { Call, ODataRoute } from '../context';
import { byKey } from '../respond';
import { canUseFolder } from '../access';
import type { Row, TenantState } from '../state';
import { bodyOf } from './body';
import * as route from './entityRoutes';

const USERS_SET = route.entity('Users', 'User', (t) => t.users, 'tenant');
const ROLES = route.entity('Roles', 'Role', (t) => t.roles, 'tenant');

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

/** What PATCH Users(<id>) may change; the spec excludes the organization units and the roles (AssignRoles). */
const PATCHABLE_USER_FIELDS = ['Name', 'Surname', 'EmailAddress', 'IsActive', 'CultureCode'];
const NOT_PATCHABLE = ['RolesList', 'OrganizationUnits', 'Id', 'UserName', 'Type'];

function patchUser(user: Row, body: Record<string, unknown>): void {
  const changes: Record<string, unknown> = {};
  for (const [sent, value] of Object.entries(body)) {
    const lower = sent.toLowerCase();
    const refused = NOT_PATCHABLE.find((f) => f.toLowerCase() === lower);
    if (refused)
      throw badRequest(`${refused} cannot be changed with PATCH${refused === 'RolesList' ? ': use AssignRoles' : ''}.`);
    const field = PATCHABLE_USER_FIELDS.find((f) => f.toLowerCase() === lower);
    if (!field) throw badRequest(`'${sent}' is not a property of a user that PATCH changes.`);
    const valid = field === 'IsActive' ? typeof value === 'boolean' : typeof value === 'string' && value.trim() !== '';
    if (!valid)
      throw badRequest(`'${field}' must be ${field === 'IsActive' ? 'true or false' : 'a non-empty string'}.`);
    changes[field] = value;
  }
  Object.assign(user, changes);
}

/**
 * PUT Roles(<id>) replaces a role's names and, when sent, its granted permissions. A static role (IsEditable false)
 * cannot change (409). Who holds which permission stays fixed per sandbox user (README, Users).
 */
function replaceRole(call: Call, role: Row, body: ReturnType<typeof bodyOf>): void {
  if (role.IsEditable === false) throw route.conflict(`Role '${String(role.Name)}' is static and cannot be edited.`);
  const name = body.string('Name', { max: 64 });
  if (call.tenant.roles.some((r) => r !== role && String(r.Name).toLowerCase() === name.toLowerCase()))
    throw route.conflict(`A role named '${name}' already exists.`);
  const displayName = body.has('DisplayName') ? body.string('DisplayName', { max: 128 }) : name;
  let granted = role.$permissions as string[];
  if (body.has('Permissions')) {
    const permissions = body.raw.Permissions;
    if (!Array.isArray(permissions)) throw badRequest("'Permissions' must be an array of { Name, IsGranted }.");
    granted = permissions.map((p: { Name?: unknown; IsGranted?: unknown }) => {
      if (typeof p?.Name !== 'string' || !ALL_PERMISSIONS.includes(p.Name))
        throw badRequest(`'${String(p?.Name)}' is not a permission (such as Jobs.View).`);
      return p.IsGranted === false ? '' : p.Name;
    });
  }
  Object.assign(role, {
    Name: name,
    DisplayName: displayName,
    Groups: body.has('Groups') ? body.raw.Groups : role.Groups,
    $permissions: granted.filter(Boolean),
  });
}

export const USER_ROUTES: ODataRoute[] = [
  route.list(USERS_SET, { permissions: ['Users.View'] }),
  route.get(USERS_SET, { permissions: ['Users.View'] }),
  route.update(USERS_SET, { permissions: ['Users.Edit'] }, (call, user, body) => {
    const provision = body.object('RobotProvision', { optional: true });
    if (provision.RobotId !== undefined) byKey(call.tenant.robots, provision.RobotId, 'Robot');
    user.RobotProvision = provision;
  }),
  route.update(USERS_SET, { method: 'PATCH', permissions: ['Users.Edit'], replyRow: true }, (_call, user, body) =>
    patchUser(user, body.raw),
  ),
  route.remove(USERS_SET, { permissions: ['Users.Delete'] }),
  route.setAction(USERS_SET, 'UpdatePassword', {}, (call) => {
    const body = bodyOf(call.req);
    for (const field of ['TenancyName', 'Username', 'CurrentPassword']) body.string(field);
    const next = body.string('NewPassword');
    if (next.length < 8 || !/\d/.test(next) || !/[A-Za-z]/.test(next))
      throw badRequest('NewPassword must be at least 8 characters with a letter and a digit.');
    return json({});
  }),
  route.entityAction(USERS_SET, 'ChangeUserCulture', {}, (call, user) => {
    const culture = bodyOf(call.req).string('culture');
    if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(culture))
      throw badRequest(`culture must be a language code such as en or de-DE, got '${culture}'.`);
    user.CultureCode = culture;
    call.changed();
    return json({});
  }),
  route.entityAction(USERS_SET, 'AssignRoles', { permissions: ['Users.Edit', 'Roles.View'] }, (call, user) => {
    const ids = bodyOf(call.req).intArray('roleIds');
    const roles = ids.map((id) => byKey(call.tenant.roles, id, 'Role'));
    // Overwrites: exactly the roles sent remain.
    user.$roleIds = ids;
    user.RolesList = roles.map((r) => r.Name);
    call.changed();
    return json({});
  }),
  route.list(ROLES, { permissions: ['Roles.View'] }),
  route.get(ROLES, { permissions: ['Roles.View'] }),
  route.update(ROLES, { permissions: ['Roles.Edit'], replyRow: true }, replaceRole),
  {
    method: 'GET',
    set: 'Permissions',
    scope: 'tenant',
    handler: (call) =>
      route.valueReply(
        call,
        'Permissions',
        [...call.user.permissions].map((name) => ({ Name: name, IsGranted: true, RoleId: 100 + call.user.id })),
      ),
  },
];
