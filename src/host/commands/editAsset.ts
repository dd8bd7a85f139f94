import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { t } from '../../core/l10n';
import {
  checkAssetInput,
  isAssetValueType,
  type AssetInput,
  type AssetRobotValueInput,
} from '../../core/orchestrator/assetValues';
import { plainText } from '../../core/presentation/plainText';
import { ContextValue } from '../../core/rows/contextValues';
import { guardChange } from '../guards/guardChange';
import { explainAssetFailure, sendAssetChange, type AssetChange } from './assetChanges';
import { askAssetName, askAssetRobots, askAssetValue, TYPE_LABELS, type AssetPlace } from './assetPrompts';
import { inExplorer, nls, rowChange } from './contribution';
import { folderLabelOf } from './folderLabel';
import type { CommandDefinition } from './registry';
import { rowChangeCommand } from './rowChangeCommand';
import type { AssetChangeUses } from './uses';

/**
 * Edit Asset… on an asset row: the asset is read again first (the row may be old), then its name and value (each
 * robot's value for a per-robot asset) are asked with what it holds now filled in, a credential's password left empty
 * to keep it; one PUT with the whole asset, as the service requires.
 */
export const editAsset: CommandDefinition<AssetChangeUses> = rowChangeCommand('asset', {
  id: CommandId.editAsset,
  title: t('Edit Asset'),
  contributes: rowChange(nls('Edit Asset…'), '$(edit)', [inExplorer([ContextValue.asset], '1_asset', 1)]),
  async change({ ctx, signal, progressTitle }, row) {
    const { connection, folder, asset: shown } = row;
    const folderLabel = folderLabelOf(ctx, connection, folder);
    const change: AssetChange = { connection, folder, folderLabel, name: shown.Name, permission: 'Assets.Edit' };
    if ((ctx.connections.get(connection.id) ?? connection).protection === 'readOnly')
      await guardChange(ctx, connection, { what: t("Edit asset '{0}'", shown.Name), detail: '', action: t('Save') });
    const client = ctx.clientFor(connection).assets;
    const asset = await client
      .readWithRobotValues(shown.Id, { folder, signal })
      .catch((error: unknown) => Promise.reject(explainAssetFailure(ctx, error, change)));
    const type = asset.ValueType;
    if (!isAssetValueType(type))
      throw new Error(
        t(
          "Asset '{0}' holds a value of type {1}; Edit Asset changes text, integer, boolean and credential assets.",
          asset.Name,
          type,
        ),
      );
    const place: AssetPlace = { connection, folder, signal, heading: t("Edit Asset '{0}'", asset.Name) };
    const name = await askAssetName(ctx, place, asset.Name);
    if (name === undefined) return undefined;
    let edited: AssetInput;
    if (asset.ValueScope === 'PerRobot') {
      const before = new Map((asset.RobotValues ?? []).map((v) => [v.RobotId, v]));
      const robots = await askAssetRobots(ctx, place, [...before.keys()]);
      if (!robots) return undefined;
      const RobotValues: AssetRobotValueInput[] = [];
      for (const robot of robots) {
        const current = before.get(robot.Id);
        const value = await askAssetValue(ctx, place, type, {
          whose: robot.Name,
          current,
          keepsPassword: Boolean(current),
        });
        if (!value) return undefined;
        RobotValues.push({ ...value, RobotId: robot.Id });
      }
      // The asset's own value (what robots without one read) is kept as it is: PUT replaces the whole asset.
      const own = { StringValue: asset.StringValue ?? undefined, IntValue: asset.IntValue ?? undefined };
      edited = {
        Name: name,
        ValueScope: 'PerRobot',
        ValueType: type,
        RobotValues,
        ...own,
        BoolValue: asset.BoolValue ?? undefined,
      };
    } else {
      const value = await askAssetValue(ctx, place, type, { current: asset, keepsPassword: true });
      if (!value) return undefined;
      edited = { Name: name, ValueScope: 'Global', ...value };
    }
    const problem = checkAssetInput(edited);
    if (problem) throw new Error(problem);
    await guardChange(ctx, connection, {
      what: name === asset.Name ? t("Save asset '{0}'", name) : t("Save asset '{0}' as '{1}'", asset.Name, name),
      detail: t(
        '{0} asset in {1}; robots read the new value from their next use of it.',
        TYPE_LABELS[type],
        folderLabel,
      ),
      action: t('Save'),
    });
    progressTitle(t("Saving asset '{0}'…", name));
    const saved = await sendAssetChange(
      ctx,
      change,
      () => client.replace(asset.Id, edited, { folder, signal }),
      (reason) =>
        t(
          "The change to asset '{0}' was sent, but no clean answer came back ({1}). It may have been saved: look at the asset before editing it again.",
          asset.Name,
          reason,
        ),
    );
    if (!saved) return undefined;
    void vscode.window.showInformationMessage(plainText(t("Saved asset '{0}' in {1}.", name, folderLabel)));
    return asset.Id;
  },
});
