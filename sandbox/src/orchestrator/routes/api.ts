import { forbidden } from '../../server/errors';
import type { Reply, Request } from '../../server/http';
import type { SandboxUser } from '../../server/users';
import type { TenantState } from '../state';
import { folderNavigation } from './folders';
import { directoryPermissions } from './users';

/** A plain (non-OData) endpoint below `/api/`: GET only, tenant-level, parameters in the query string. */
export interface ApiRoute {
  path: string;
  query: Record<string, 'integer'>;
  summary: string;
  handler(req: Request, tenant: TenantState, user: SandboxUser): Reply;
}

export const API_ROUTES: readonly ApiRoute[] = [
  {
    path: 'FoldersNavigation/GetFolderNavigationContextForCurrentUser',
    query: { folderId: 'integer', skip: 'integer', take: 'integer' },
    summary: 'A folder, its ancestors and a page of its children (the virtual root without folderId)',
    handler: folderNavigation,
  },
  {
    path: 'DirectoryService/GetDirectoryPermissions',
    query: { userId: 'integer' },
    summary: "A user's folders and roles",
    handler: (req, tenant, user) => {
      if (!user.permissions.has('Users.View')) throw forbidden('You lack the permission Users.View.');
      return directoryPermissions(req, tenant);
    },
  },
];
