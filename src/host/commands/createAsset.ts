import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { t } from '../../core/l10n';
import { checkAssetInput, type AssetInput } from '../../core/orchestrator/assetValues';
import { plainText } from '../../core/presentation/plainText';
import { CollectionContext } from '../../core/rows/contextValues';
import { optionalRowOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import { guardChange } from '../guards/guardChange';
import { sendAssetChange, type AssetChange } from './assetChanges';
import {
  askAssetName,
  askAssetRobots,
  askAssetScope,
  askAssetType,
  askAssetValue,
  TYPE_LABELS,
  type AssetPlace,
} from './assetPrompts';
import { inExplorer, nls, paletteCommand, withButton } from './contribution';
import { folderLabelOf } from './folderLabel';
import { pickConnectionToChange } from './pickConnectionToChange';
import { pickFolder } from './pickFolder';
import type { CommandDefinition } from './registry';

type Uses = Pick<
  Services,
  'accountFor' | 'active' | 'clientFor' | 'commands' | 'connections' | 'explorer' | 'input' | 'log'
>;

/**
 * Create Asset… on a folder's Assets row or from the palette: name, type, scope, then the value (a value per chosen
 * robot for a per-robot asset), each checked as typed; one POST after the confirmation the connection asks for.
 */
export const createAsset: CommandDefinition<Uses> = {
  id: CommandId.createAsset,
  title: t('Create Asset'),
  contributes: paletteCommand(nls('Create Asset…'), '$(add)', 'signedIn', {
    changes: true,
    rows: withButton(inExplorer([CollectionContext.assets], '1_assets', 1)),
  }),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const where = await placeOf(ctx, node, signal);
    if (!where) return undefined;
    const { connection, folder } = where;
    const folderLabel = folderLabelOf(ctx, connection, folder);
    const what = t('Create an asset in {0}', folderLabel);
    // A read-only connection refuses before the user types anything, and before any request.
    if ((ctx.connections.get(connection.id) ?? connection).protection === 'readOnly')
      await guardChange(ctx, connection, { what, detail: '', action: t('Create') });
    const place: AssetPlace = { ...where, heading: t('Create Asset in {0}', folderLabel) };
    const name = await askAssetName(ctx, place);
    if (name === undefined) return undefined;
    const type = await askAssetType(ctx, place);
    if (!type) return undefined;
    const perRobot = await askAssetScope(ctx, place);
    if (perRobot === undefined) return undefined;
    let asset: AssetInput;
    if (perRobot) {
      const robots = await askAssetRobots(ctx, place);
      if (!robots) return undefined;
      const RobotValues = [];
      for (const robot of robots) {
        const value = await askAssetValue(ctx, place, type, { whose: robot.Name });
        if (!value) return undefined;
        RobotValues.push({ ...value, RobotId: robot.Id });
      }
      asset = { Name: name, ValueScope: 'PerRobot', ValueType: type, RobotValues };
    } else {
      const value = await askAssetValue(ctx, place, type);
      if (!value) return undefined;
      asset = { Name: name, ValueScope: 'Global', ...value };
    }
    const problem = checkAssetInput(asset);
    if (problem) throw new Error(problem);
    await guardChange(ctx, connection, {
      what: t("Create asset '{0}' in {1}", name, folderLabel),
      detail:
        asset.ValueScope === 'PerRobot'
          ? t('{0}, a value for each of {1} robots.', TYPE_LABELS[type], asset.RobotValues.length)
          : t('{0}, one value for every robot.', TYPE_LABELS[type]),
      action: t('Create'),
    });
    progressTitle(t("Creating asset '{0}'…", name));
    const change: AssetChange = { connection, folder, folderLabel, name, permission: 'Assets.Create' };
    let id: number | undefined;
    const sent = await sendAssetChange(
      ctx,
      change,
      async () => (id = (await ctx.clientFor(connection).assets.create(asset, { folder, signal })).Id),
      (reason) =>
        t(
          "Asset '{0}' was sent to {1}, but no clean answer came back ({2}). It may have been created: look under Assets before creating it again.",
          name,
          folderLabel,
          reason,
        ),
    );
    if (sent) void vscode.window.showInformationMessage(plainText(t("Created asset '{0}' in {1}.", name, folderLabel)));
    return id;
  },
};

/** The folder to create in: the one of the Assets row it runs on, else a connection and folder picked. */
async function placeOf(
  ctx: Uses,
  node: unknown,
  signal: AbortSignal,
): Promise<Omit<AssetPlace, 'heading'> | undefined> {
  const row = optionalRowOf(node, 'folderAssets');
  if (row) return { connection: row.connection, folder: row.folder, signal };
  const connection = await pickConnectionToChange(ctx, node, t('Create Asset: connection'), t('Create Asset'));
  if (!connection) return undefined;
  const folder = await pickFolder(ctx, connection, t('Create Asset: folder'), signal);
  return folder && { connection, folder: { id: folder.id }, signal };
}
