import { badRequest, ErrorCode, HttpError, notFound, forbidden } from '../../server/errors';
import { empty, json, type Reply, type Request } from '../../server/http';
import { USERS, type SandboxUser } from '../../server/users';
import type { Call, ODataRoute } from '../context';
import { canUseFolder } from '../access';
import type { Folder, TenantState } from '../state';
import { bodyOf } from './body';
import * as route from './entityRoutes';

const visible = (tenant: TenantState, user: SandboxUser) => tenant.folders.filter((f) => canUseFolder(user, f));
const MAX_CHILDREN_PAGE = 1000;

function summary(tenant: TenantState, folder: Folder, user: SandboxUser) {
  return {
    Id: folder.Id,
    Key: folder.Key,
    DisplayName: folder.DisplayName,
    FullyQualifiedName: folder.FullyQualifiedName,
    ParentId: folder.ParentId,
    IsSelectable: true,
    IsPersonal: folder.FolderType === 'Personal',
    ProvisionType: folder.ProvisionType,
    ChildrenCount: tenant.folders.filter((f) => f.ParentId === folder.Id && canUseFolder(user, f)).length,
  };
}

/**
 * GET /api/FoldersNavigation/GetFolderNavigationContextForCurrentUser?folderId=<id>[&skip=&take=]: the folder, its
 * ancestors and a page of its children. Without folderId the context is the virtual root (top-level folders).
 */
export function folderNavigation(req: Request, tenant: TenantState, user: SandboxUser): Reply {
  if (!user.permissions.has('Folders.View') && !user.permissions.has('Subfolders.View'))
    throw forbidden('You lack the permission Folders.View or Subfolders.View.');
  const params = req.url.searchParams;
  const int = (name: string, fallback: number) => {
    const text = params.get(name);
    if (text === null) return fallback;
    if (!/^\d+$/.test(text)) throw badRequest(`${name} must be a non-negative integer.`);
    return Number(text);
  };
  const skip = int('skip', 0);
  const take = int('take', 100);
  if (take > MAX_CHILDREN_PAGE) throw badRequest(`take must be at most ${MAX_CHILDREN_PAGE}.`);
  const idText = params.get('folderId');
  let folder: Folder | undefined;
  if (idText !== null && idText !== '') {
    if (!/^\d+$/.test(idText)) throw badRequest('folderId must be an integer.');
    folder = tenant.folders.find((f) => f.Id === Number(idText));
    if (!folder) throw new HttpError(404, ErrorCode.folderNotFound, `Folder ${idText} does not exist.`);
    if (!canUseFolder(user, folder))
      throw forbidden(`You do not have access to folder '${folder.FullyQualifiedName}'.`, ErrorCode.folderAccessDenied);
  }
  const children = tenant.folders
    .filter((f) => f.ParentId === (folder?.Id ?? null) && canUseFolder(user, f))
    .sort((a, b) => a.DisplayName.localeCompare(b.DisplayName));
  const ancestors: Folder[] = [];
  for (let parent = folder?.ParentId; parent !== null && parent !== undefined;) {
    const f = tenant.folders.find((x) => x.Id === parent)!;
    ancestors.unshift(f);
    parent = f.ParentId;
  }
  return json({
    Id: folder?.Id ?? null,
    DisplayName: folder?.DisplayName ?? null,
    IsSelectable: Boolean(folder),
    IsPersonal: folder?.FolderType === 'Personal',
    ProvisionType: folder?.ProvisionType ?? null,
    Ancestors: ancestors.map((a) => summary(tenant, a, user)),
    ChildrenPage: children.slice(skip, skip + take).map((c) => summary(tenant, c, user)),
    ChildrenCount: children.length,
  });
}

const FOLDERS: route.Entity<'Folders'> = {
  ...route.entity('Folders', 'Folder', (t) => t.folders, 'tenant'),
  access: (call, folder) => {
    if (!canUseFolder(call.user, folder))
      throw forbidden(`You do not have access to folder '${folder.FullyQualifiedName}'.`, ErrorCode.folderAccessDenied);
  },
};
const folderOf = (call: Call, id?: number) => route.rowOf(call, FOLDERS, id);

function renameTree(tenant: TenantState, folder: Folder): void {
  const parent = tenant.folders.find((f) => f.Id === folder.ParentId);
  folder.FullyQualifiedName = parent ? `${parent.FullyQualifiedName}/${folder.DisplayName}` : folder.DisplayName;
  for (const child of tenant.folders.filter((f) => f.ParentId === folder.Id)) renameTree(tenant, child);
}

function checkName(call: Call, name: string, parentId: number | null, self?: Folder): void {
  if (name.includes('/')) throw badRequest('A folder name cannot contain "/".');
  if (
    call.tenant.folders.some(
      (f) => f !== self && f.ParentId === parentId && f.DisplayName.toLowerCase() === name.toLowerCase(),
    )
  )
    throw route.conflict(`A folder named '${name}' already exists there.`);
}

function folderUsers(folder: Folder) {
  return USERS.filter((u) => canUseFolder(u, folder)).map((u) => ({
    Id: u.id,
    UserEntity: { UserName: u.userName, IsInherited: folder.ParentId !== null, Id: u.id },
    Roles: [
      {
        Name: u.roleName.replace(/\s/g, ''),
        Origin: folder.ParentId !== null ? 'Inherited' : 'Assigned',
        Id: 100 + u.id,
      },
    ],
  }));
}

export const FOLDER_ROUTES: ODataRoute[] = [
  route.list(FOLDERS, { permissions: ['Folders.View|Subfolders.View'] }, (call) => visible(call.tenant, call.user)),
  route.get(FOLDERS, { permissions: ['Folders.View|Subfolders.View'] }),
  route.create(FOLDERS, { permissions: ['Folders.Create|Subfolders.Create'] }, (call, body) => {
    const name = body.string('DisplayName', { max: 100 });
    const parentId =
      body.has('ParentId') && body.raw.ParentId !== null ? folderOf(call, body.int('ParentId')).Id : null;
    checkName(call, name, parentId);
    const folder: Folder = {
      Id: call.tenant.nextId++,
      Key: call.random.uuid(),
      DisplayName: name,
      FullyQualifiedName: name,
      Description: body.string('Description', { optional: true, max: 500 }) || null,
      FolderType: 'Standard',
      ProvisionType: 'Manual',
      PermissionModel: 'FineGrained',
      ParentId: parentId,
      IsActive: true,
      FeedType: 'Processes',
    };
    renameTree(call.tenant, folder);
    return folder;
  }),
  route.update(FOLDERS, { permissions: ['Folders.Edit|Subfolders.Edit'] }, (call, folder, body) => {
    const name = body.string('DisplayName', { max: 100 });
    checkName(call, name, folder.ParentId, folder);
    folder.DisplayName = name;
    if (body.has('Description')) folder.Description = body.string('Description', { optional: true, max: 500 }) || null;
    renameTree(call.tenant, folder);
  }),
  route.remove(FOLDERS, {
    permissions: ['Folders.Delete|Subfolders.Delete'],
    refuse: (_call, folder) => {
      if (folder.FolderType === 'Personal') throw route.conflict('A personal workspace cannot be deleted.');
    },
    removed: (call, folder) => {
      const doomed = new Set<number>([folder.Id]);
      for (let grew = true; grew;) {
        grew = false;
        for (const f of call.tenant.folders) {
          if (f.ParentId !== null && doomed.has(f.ParentId) && !doomed.has(f.Id)) {
            doomed.add(f.Id);
            grew = true;
          }
        }
      }
      call.tenant.folders = call.tenant.folders.filter((f) => !doomed.has(f.Id));
    },
  }),
  route.setAction(
    FOLDERS,
    'AssignUsers',
    { permissions: ['Folders.Edit|Subfolders.Edit', 'Users.View', 'Roles.View'] },
    (call) => {
      const assignments = bodyOf(call.req).object('assignments');
      const users = bodyOf({ ...call.req, body: assignments }).intArray('UserIds');
      for (const id of users) if (!USERS.some((u) => u.id === id)) throw notFound(`User ${id} does not exist.`);
      const perFolder = assignments.RolesPerFolder;
      if (!Array.isArray(perFolder))
        throw badRequest('assignments.RolesPerFolder must be an array of { FolderId, RoleIds }.');
      for (const entry of perFolder) folderOf(call, Number(entry?.FolderId));
      return empty(204);
    },
  ),
  route.setFunction(
    FOLDERS,
    'GetUsersForFolder',
    {
      parameters: { key: 'integer', includeInherited: 'boolean' },
      permissions: ['Folders.View|Subfolders.View', 'Users.View'],
    },
    (call) => {
      const folder = folderOf(call, Number(call.params.key));
      const entries = folderUsers(folder).filter(
        (e) => call.params.includeInherited !== false || !e.UserEntity.IsInherited,
      );
      return route.valueReply(call, 'UserRoles', entries, { '@odata.count': entries.length });
    },
  ),
  route.entityAction(
    FOLDERS,
    'RemoveUserFromFolder',
    { permissions: ['Folders.Edit|Subfolders.Edit', 'Users.View'] },
    (call, folder) => {
      const userId = bodyOf(call.req).int('userId');
      if (!folderUsers(folder).some((e) => e.Id === userId))
        throw notFound(`User ${userId} is not assigned to folder '${folder.FullyQualifiedName}'.`);
      return empty(204);
    },
  ),
];
