import type { CallOptions, ODataBase, ListOptions } from './base';
import { EntitySet } from './entitySet';
import { FolderNavigationSchema, FolderSchema, FolderUserSchema, type Folder } from './schemas';
import { t } from '../l10n';

/** Folders, folder navigation, and who may work in a folder. */
export class FoldersApi extends EntitySet<Folder> {
  constructor(base: ODataBase) {
    super(base, 'Folders', FolderSchema);
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
        ? t('A folder name cannot contain "/".')
        : folder.DisplayName.trim()
          ? undefined
          : t('A folder needs a name.'),
    );
    return this.base.post(this.path, folder, options, FolderSchema);
  }

  rename(id: number, folder: { DisplayName: string; Description?: string }, options: CallOptions = {}) {
    return this.base.send('PUT', this.base.entity('Folders', id), folder, undefined, options);
  }

  users(folderId: number, includeInherited = true, options: ListOptions = {}) {
    const path = this.base.operation('Folders', 'GetUsersForFolder', { key: folderId, includeInherited });
    return this.base.getPage(`${path}?$expand=UserEntity,Roles`, FolderUserSchema, options);
  }

  assignUsers(
    assignments: { UserIds: number[]; RolesPerFolder: { FolderId: number; RoleIds: number[] }[] },
    options: CallOptions = {},
  ) {
    return this.base.post(this.base.operation('Folders', 'AssignUsers'), { assignments }, options);
  }

  removeUser(folderId: number, userId: number, options: CallOptions = {}) {
    return this.base.post(this.base.operationOn('Folders', folderId, 'RemoveUserFromFolder'), { userId }, options);
  }
}
