import { CommandId } from '../../constants';
import { RowIds } from '../../core/rows/rowIds';
import { rowOf } from '../../core/rows/rowOf';
import { guardChange } from '../guards/guardChange';
import type { CommandDefinition } from './registry';
import type { RowChangeUses } from './uses';
import { t } from '../../core/l10n';
import { inExplorer, nls, rowChange, RowKinds } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

/**
 * Update to Latest Version / Roll Back of a process (release): behind the connection's protection, one POST (never
 * repeated), then the folder's Processes row reloads to show the version now deployed.
 */
const updateProcessVersion = (to: 'latest' | 'previous'): CommandDefinition<RowChangeUses> => ({
  id: to === 'latest' ? CommandId.updateProcessToLatest : CommandId.rollBackProcess,
  title: to === 'latest' ? t('Update to Latest Version') : t('Roll Back'),
  // Any version can be rolled back; only an outdated one updated.
  contributes:
    to === 'latest'
      ? rowChange(nls('Update to Latest Version…'), '$(arrow-up)', [
          inExplorer([ContextValue.processOutdated], '1_process', 1),
        ])
      : rowChange(nls('Roll Back…'), '$(discard)', [inExplorer(RowKinds.process, '1_process', 2)]),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const { connection, folder, release } = rowOf(node, 'process');
    await guardChange(ctx, connection, {
      what:
        to === 'latest'
          ? t('Update {0} to the latest version of {1}', release.Name, release.ProcessKey)
          : t('Roll back {0} to its previous version', release.Name),
      detail:
        to === 'latest'
          ? t(
              'It runs {0} {1} now; jobs started afterwards use the latest version.',
              release.ProcessKey,
              release.ProcessVersion,
            )
          : t(
              'It runs {0} {1} now; jobs started afterwards use the previous version.',
              release.ProcessKey,
              release.ProcessVersion,
            ),
      action: to === 'latest' ? t('Update') : t('Roll Back'),
    });
    progressTitle(to === 'latest' ? t('Updating {0}…', release.Name) : t('Rolling back {0}…', release.Name));
    const client = ctx.clientFor(connection).releases;
    const updated =
      to === 'latest'
        ? await client.updateToLatest(release.Id, { folder, signal })
        : await client.rollBack(release.Id, { folder, signal });
    ctx.explorer.refreshRows(RowIds.ofFolder(connection.id, folder.id, 'processes'));
    return updated.ProcessVersion;
  },
});

export const updateProcessToLatest = updateProcessVersion('latest');
export const rollBackProcess = updateProcessVersion('previous');
