import { z } from 'zod';
import type { CallOptions, ODataBase, ListOptions } from './base';
import {
  FolderNavigationSchema,
  FolderSchema,
  FolderUserSchema,
  PermissionSchema,
  RoleSchema,
  UserSchema,
} from './schemas';

const MAX_TOP = 1000;

/** Folders, folder navigation, and the people side: users, roles, permissions. */
export class FoldersApi {
  constructor(private readonly base: ODataBase) {}

  list(options: ListOptions = {}) {
    return this.base.getPage('/odata/Folders', FolderSchema, { ...options, maxTop: MAX_TOP });
  }

  iterate(options: ListOptions & { pageSize?: number } = {}) {
    return this.base.iterate('/odata/Folders', FolderSchema, {
      ...options,
      maxTop: MAX_TOP,
      paging: { pageSize: options.pageSize },
    });
  }

  get(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Folders', id), FolderSchema, options);
  }

  /** The folder (or, without an id, the top level), its ancestors and one page of its children. */
  navigation(folderId: number | undefined, page: { skip?: number; take?: number } = {}, options: CallOptions = {}) {
    const params = new URLSearchParams();
    if (folderId !== undefined) params.set('folderId', String(folderId));
    if (page.skip) params.set('skip', String(page.skip));
    if (page.take) params.set('take', String(page.take));
    const query = params.size ? `?${params}` : '';
    return this.base.get('/api/FoldersNavigation/GetFolderNavigationContextForCurrentUser', FolderNavigationSchema, {
      ...options,
      query,
    });
  }

  async create(
    folder: { DisplayName: string; ParentId?: number | null; Description?: string },
    options: CallOptions = {},
  ) {
    this.base.check(
      'POST /odata/Folders',
      folder.DisplayName.includes('/')
        ? 'A folder name cannot contain "/".'
        : folder.DisplayName.trim()
          ? undefined
          : 'A folder needs a name.',
    );
    return this.base.send('POST', '/odata/Folders', folder, FolderSchema, options);
  }

  rename(id: number, folder: { DisplayName: string; Description?: string }, options: CallOptions = {}) {
    return this.base.send('PUT', this.base.entity('Folders', id), folder, undefined, options);
  }

  delete(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('Folders', id), undefined, undefined, options);
  }

  users(folderId: number, includeInherited = true, options: ListOptions = {}) {
    return this.base.getPage(
      `${this.base.operation('Folders', 'GetUsersForFolder', { key: folderId, includeInherited })}?$expand=UserEntity,Roles`,
      FolderUserSchema,
      options,
    );
  }

  assignUsers(
    assignments: { UserIds: number[]; RolesPerFolder: { FolderId: number; RoleIds: number[] }[] },
    options: CallOptions = {},
  ) {
    return this.base.send('POST', this.base.operation('Folders', 'AssignUsers'), { assignments }, undefined, options);
  }

  removeUser(folderId: number, userId: number, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Folders', 'RemoveUserFromFolder', undefined, { key: folderId }),
      { userId },
      undefined,
      options,
    );
  }

  listUsers(options: ListOptions = {}) {
    return this.base.getPage('/odata/Users', UserSchema, { ...options, maxTop: MAX_TOP });
  }

  user(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Users', id), UserSchema, options);
  }

  deleteUser(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('Users', id), undefined, undefined, options);
  }

  /** Overwrites the account's roles with exactly these. */
  assignRoles(userId: number, roleIds: number[], options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Users', 'AssignRoles', undefined, { key: userId }),
      { roleIds },
      undefined,
      options,
    );
  }

  async changeCulture(userId: number, culture: string, options: CallOptions = {}) {
    this.base.check(
      'POST /odata/Users/ChangeUserCulture',
      /^[a-z]{2}(-[A-Z]{2})?$/.test(culture) ? undefined : `'${culture}' is not a language code such as en or de-DE.`,
    );
    return this.base.send(
      'POST',
      this.base.operation('Users', 'ChangeUserCulture', undefined, { key: userId }),
      { culture },
      undefined,
      options,
    );
  }

  updatePassword(
    change: { TenancyName: string; Username: string; CurrentPassword: string; NewPassword: string },
    options: CallOptions = {},
  ) {
    return this.base.send('POST', this.base.operation('Users', 'UpdatePassword'), change, undefined, options);
  }

  provisionRobot(
    userId: number,
    robotProvision: {
      UserName: string;
      RobotId: number;
      RobotType: string;
      ExecutionSettings?: Record<string, unknown>;
    },
    options: CallOptions = {},
  ) {
    return this.base.send(
      'PUT',
      this.base.entity('Users', userId),
      { RobotProvision: robotProvision },
      undefined,
      options,
    );
  }

  roles(options: ListOptions = {}) {
    return this.base.getPage('/odata/Roles', RoleSchema, { ...options, maxTop: MAX_TOP });
  }

  role(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Roles', id), RoleSchema, options);
  }

  /** Only the caller's granted permissions. */
  permissions(options: CallOptions = {}) {
    return this.base.getPage('/odata/Permissions', PermissionSchema, options);
  }

  directoryPermissions(userId: number, options: CallOptions = {}) {
    return this.base.get(
      '/api/DirectoryService/GetDirectoryPermissions',
      z.looseObject({ UserId: z.number().int(), Folders: z.array(z.unknown()), Roles: z.array(z.string()) }),
      { ...options, query: `?userId=${encodeURIComponent(String(userId))}` },
    );
  }
}
