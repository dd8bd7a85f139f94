import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { t } from '../../core/l10n';
import { plainText } from '../../core/presentation/plainText';
import { ContextValue } from '../../core/rows/contextValues';
import { guardChange } from '../guards/guardChange';
import { sendAssetChange, type AssetChange } from './assetChanges';
import { inExplorer, nls, rowChange } from './contribution';
import { folderLabelOf } from './folderLabel';
import type { CommandDefinition } from './registry';
import { rowChangeCommand } from './rowChangeCommand';
import type { AssetChangeUses } from './uses';

/** Delete Asset… on an asset row: always confirmed, naming the asset and its folder; one DELETE. */
export const deleteAsset: CommandDefinition<AssetChangeUses> = rowChangeCommand('asset', {
  id: CommandId.deleteAsset,
  title: t('Delete Asset'),
  contributes: rowChange(nls('Delete Asset…'), '$(trash)', [inExplorer([ContextValue.asset], '1_asset', 2)]),
  async change({ ctx, signal, progressTitle }, row) {
    const { connection, folder, asset } = row;
    const folderLabel = folderLabelOf(ctx, connection, folder);
    const what = t("Delete asset '{0}' from {1}", asset.Name, folderLabel);
    if (asset.CanBeDeleted === false)
      throw new Error(t("Asset '{0}' in {1} cannot be deleted: the service marks it so.", asset.Name, folderLabel));
    await guardChange(ctx, connection, {
      what,
      detail: t('Processes that read it fail until an asset of that name exists again. This cannot be undone.'),
      action: t('Delete'),
      alwaysConfirm: true,
    });
    progressTitle(t("Deleting asset '{0}'…", asset.Name));
    const change: AssetChange = { connection, folder, folderLabel, name: asset.Name, permission: 'Assets.Delete' };
    const deleted = await sendAssetChange(
      ctx,
      change,
      () => ctx.clientFor(connection).assets.delete(asset.Id, { folder, signal }),
      (reason) =>
        t(
          "Deleting asset '{0}' was sent, but no clean answer came back ({1}). It may be gone: look under Assets.",
          asset.Name,
          reason,
        ),
    );
    if (!deleted) return undefined;
    void vscode.window.showInformationMessage(plainText(t("Deleted asset '{0}' from {1}.", asset.Name, folderLabel)));
    return asset.Id;
  },
});
