import { CommandId, ViewId } from '../../constants';
import { t } from '../../core/l10n';
import type { FolderChoice } from '../../core/folderPreferences';
import { RowIds } from '../../core/rows/rowIds';
import type { Services } from '../services';
import { pickConnection } from './pickConnection';
import type { CommandDefinition } from './registry';
import { selectedRows } from './rowSelection';
import { nls, rowCommand, type CommandContribution, type RowMenu } from './contribution';
import { ContextValue, RowFlag } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'accountFor' | 'commands' | 'connections' | 'explorer' | 'folderPreferences' | 'input'>;

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
  contributes: CommandContribution,
): CommandDefinition<Pick<Services, 'explorer' | 'folderPreferences'>> => ({
  id,
  title,
  contributes,
  // Several folders selected together (Hide three at once) are each chosen the same way; no service is asked.
  acceptsMany: true,
  run: async ({ ctx }, clicked, selected) => {
    const rows = selectedRows(clicked, selected, ['folder']);
    for (const { connection, folder } of rows) await ctx.folderPreferences.choose(connection.id, choice, folder.id, on);
    redrawConnection(ctx, rows[0]!.connection.id);
    const names = rows.map(({ summary }) => summary.FullyQualifiedName ?? summary.DisplayName);
    return names.length === 1 ? names[0] : names;
  },
});

/** A folder row's menu entry (never in the palette), in the group and place of its pair (Pin/Unpin, Hide/Unhide). */
const onFolders = (
  title: string,
  icon: `$(${string})`,
  order: number,
  flag: Pick<RowMenu, 'has' | 'lacks'>,
): CommandContribution =>
  rowCommand(title, icon, [{ views: ViewId.explorer, rows: [ContextValue.folder], ...flag, group: '1_folder', order }]);

export const hideFolder = setFolderChoice(
  CommandId.hideFolder,
  t('Hide Folder'),
  'hidden',
  true,
  onFolders(nls('Hide Folder'), '$(eye-closed)', 3, { lacks: RowFlag.hidden }),
);
export const unhideFolder = setFolderChoice(
  CommandId.unhideFolder,
  t('Unhide Folder'),
  'hidden',
  false,
  onFolders(nls('Unhide Folder'), '$(eye)', 3, { has: RowFlag.hidden }),
);
export const pinFolder = setFolderChoice(
  CommandId.pinFolder,
  t('Pin to Top'),
  'pinned',
  true,
  onFolders(nls('Pin to Top'), '$(pin)', 2, { lacks: RowFlag.pinned }),
);
export const unpinFolder = setFolderChoice(
  CommandId.unpinFolder,
  t('Unpin'),
  'pinned',
  false,
  onFolders(nls('Unpin'), '$(pinned)', 2, { has: RowFlag.pinned }),
);

const showHidden = (
  id: CommandId,
  title: string,
  on: boolean,
  contributes: CommandContribution,
): CommandDefinition<Uses> => ({
  id,
  title,
  contributes,
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

/** A signed-in connection's menu entry while it has hidden folders (shown or not, by the flag). */
const onConnections = (title: string, icon: `$(${string})`, has: RowFlag): CommandContribution =>
  rowCommand(title, icon, [
    { views: ViewId.explorer, rows: [ContextValue.connectionSignedIn], has, group: '3_folders', order: 1 },
  ]);

export const showHiddenFolders = showHidden(
  CommandId.showHiddenFolders,
  t('Show Hidden Folders'),
  true,
  onConnections(nls('Show Hidden Folders'), '$(eye)', RowFlag.hiddenFolders),
);
export const stopShowingHiddenFolders = showHidden(
  CommandId.stopShowingHiddenFolders,
  t('Stop Showing Hidden Folders'),
  false,
  onConnections(nls('Stop Showing Hidden Folders'), '$(eye-closed)', RowFlag.hiddenFoldersShown),
);

/** The connection's row says whether it has hidden folders, and its folders (at any depth) are arranged again. */
function redrawConnection(ctx: Pick<Services, 'explorer'>, connectionId: string): void {
  const row = ctx.explorer.find(RowIds.connection(connectionId));
  if (row) ctx.explorer.changed(row);
  else ctx.explorer.changed(undefined);
}
