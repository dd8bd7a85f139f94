import type { Connection } from '../../core/connections';
import { isOutcomeUnknown, OrchestratorError } from '../../core/http/errors';
import { t } from '../../core/l10n';
import { RowIds } from '../../core/rows/rowIds';
import type { FolderById } from '../../core/rows/rows';
import type { Services } from '../services';
import { reasonOf, tellOutcomeUnknown } from './unknownOutcome';

/** What Create, Edit and Delete Asset send, in the user's words: where, which asset, the permission it needs. */
export interface AssetChange {
  connection: Connection;
  folder: FolderById;
  /** The folder's path as the user knows it. */
  folderLabel: string;
  name: string;
  /** The permission the change needs: Assets.Create, Assets.Edit or Assets.Delete. */
  permission: string;
}

/** The folder's Assets row reloads: after a change, and after a refusal that shows the list is out of date. */
export function reloadAssets(
  ctx: Pick<Services, 'explorer'>,
  change: Pick<AssetChange, 'connection' | 'folder'>,
): void {
  ctx.explorer.refreshRows(RowIds.ofFolder(change.connection.id, change.folder.id, 'assets'));
}

/**
 * A refusal explained: a missing permission named, an asset deleted meanwhile (the list reloads), a name taken, a
 * change made by someone else meanwhile (412). Anything else is thrown as it came.
 */
export function explainAssetFailure(ctx: Pick<Services, 'explorer'>, error: unknown, change: AssetChange): Error {
  if (!(error instanceof OrchestratorError) || error.kind !== 'http')
    return error instanceof Error ? error : new Error(String(error));
  const said = error.message;
  switch (error.status) {
    case 403:
      return new Error(
        t(
          'The service refused: your account needs the {0} permission in folder {1} ({2}).',
          change.permission,
          change.folderLabel,
          said,
        ),
      );
    case 404:
      reloadAssets(ctx, change);
      return new Error(
        t(
          "Asset '{0}' is no longer in folder {1}: someone deleted it. The list is reloaded. ({2})",
          change.name,
          change.folderLabel,
          said,
        ),
      );
    case 409:
      reloadAssets(ctx, change);
      return new Error(t("Not done: {0} (asset '{1}' in folder {2}).", said, change.name, change.folderLabel));
    case 412:
      reloadAssets(ctx, change);
      return new Error(
        t(
          "Asset '{0}' was changed at the service after it was read. Nothing was saved; run the command again to start from what it holds now.",
          change.name,
        ),
      );
    default:
      return error;
  }
}

/**
 * Sends an asset's change once and reloads the folder's Assets row. A refusal is thrown explained; a change sent with
 * no clean answer is told as unknown (`unknown` words it, given the reason), never as a failure to try again.
 * True when the service took it.
 */
export async function sendAssetChange(
  ctx: Pick<Services, 'explorer' | 'log'>,
  change: AssetChange,
  send: () => Promise<unknown>,
  unknown: (reason: string) => string,
): Promise<boolean> {
  try {
    await send();
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw explainAssetFailure(ctx, error, change);
    reloadAssets(ctx, change);
    tellOutcomeUnknown(ctx, unknown(reasonOf(error)), {});
    return false;
  }
  reloadAssets(ctx, change);
  return true;
}
