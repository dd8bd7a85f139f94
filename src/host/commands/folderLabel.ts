import type { Connection } from '../../core/connections';
import { RowIds } from '../../core/rows/rowIds';
import { optionalRowOf } from '../../core/rows/rowOf';
import type { FolderById } from '../../core/rows/rows';
import type { Services } from '../services';
import { t } from '../../core/l10n';

/** The folder's path as the user knows it: from its row in the tree, or the active folder, else its id. */
export function folderLabelOf(
  ctx: Pick<Services, 'active' | 'explorer'>,
  connection: Connection,
  folder: FolderById,
): string {
  const summary = optionalRowOf(ctx.explorer.find(RowIds.folder(connection.id, folder.id)), 'folder')?.summary;
  const active = ctx.active.get();
  return (
    summary?.FullyQualifiedName ??
    summary?.DisplayName ??
    (active.connectionId === connection.id && active.folder?.id === folder.id
      ? active.folder.path
      : t('folder {0}', folder.id))
  );
}
