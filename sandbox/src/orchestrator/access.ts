import type { SandboxUser } from '../server/users';
import type { Folder } from './state';

/** Outsiders use no folder; restricted folders (admin-only, personal workspaces) only their listed users. */
export function canUseFolder(user: SandboxUser, folder: Folder): boolean {
  if (!user.folderAccess) return false;
  return !folder.$restrictedTo || folder.$restrictedTo.includes(user.id);
}
