import { CommandId } from '../../constants';
import { t } from '../../core/l10n';
import type { FolderChoice } from '../../core/folderPreferences';
import { RowIds } from '../../core/rows/rowIds';
import { rowOf } from '../../core/rows/rowOf';
import type { Ctx } from '../../ctx';
import { pickConnection } from './pickConnection';
import type { CommandDefinition } from './registry';

type Uses = Pick<Ctx, 'accountFor' | 'connections' | 'explorer' | 'folderPreferences' | 'input'>;

/**
 * Hide Folder / Unhide Folder, Pin to Top / Unpin, Show / Stop Showing Hidden Folders: the user's own arrangement of
 * a connection's folders, kept in the user's storage. No choice is written to the service (so read-only connections
 * offer them too); the connection's row is redrawn and its folders re-arranged from what the tree already read (a
 * folder pinned from its row is known there: no request).
 */
const setFolderChoice = (
  id: CommandId,
  title: string,
  choice: FolderChoice,
  on: boolean,
): CommandDefinition<Pick<Ctx, 'explorer' | 'folderPreferences'>> => ({
  id,
  title,
  async run({ ctx }, node) {
    const { connection, folder, summary } = rowOf(node, 'folder');
    await ctx.folderPreferences.choose(connection.id, choice, folder.id, on);
    redrawConnection(ctx, connection.id);
    return summary.FullyQualifiedName ?? summary.DisplayName;
  },
});

export const hideFolder = setFolderChoice(CommandId.hideFolder, t('Hide Folder'), 'hidden', true);
export const unhideFolder = setFolderChoice(CommandId.unhideFolder, t('Unhide Folder'), 'hidden', false);
export const pinFolder = setFolderChoice(CommandId.pinFolder, t('Pin to Top'), 'pinned', true);
export const unpinFolder = setFolderChoice(CommandId.unpinFolder, t('Unpin'), 'pinned', false);

const showHidden = (id: CommandId, title: string, on: boolean): CommandDefinition<Uses> => ({
  id,
  title,
  async run({ ctx }, arg) {
    const connection = await pickConnection(ctx, arg, t('{0} of which connection?', title), (c) =>
      on ? ctx.folderPreferences.hiddenFolders(c.id) === 'hidden' : ctx.folderPreferences.showsHidden(c.id),
    );
    if (!connection) return undefined;
    ctx.folderPreferences.setShowHidden(connection.id, on);
    redrawConnection(ctx, connection.id);
    return connection.label;
  },
});

export const showHiddenFolders = showHidden(CommandId.showHiddenFolders, t('Show Hidden Folders'), true);
export const stopShowingHiddenFolders = showHidden(
  CommandId.stopShowingHiddenFolders,
  t('Stop Showing Hidden Folders'),
  false,
);

/** The connection's row says whether it has hidden folders, and its folders (at any depth) are arranged again. */
function redrawConnection(ctx: Pick<Ctx, 'explorer'>, connectionId: string): void {
  const row = ctx.explorer.find(RowIds.connection(connectionId));
  if (row) ctx.explorer.changed(row);
  else ctx.explorer.changed(undefined);
}
