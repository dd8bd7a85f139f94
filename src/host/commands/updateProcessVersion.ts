import { CommandId } from '../../constants';
import { RowIds } from '../../core/rows/rowIds';
import { rowOf } from '../../core/rows/rowOf';
import { guardChange } from './guardChange';
import type { CommandDefinition } from './registry';
import type { RowChangeUses } from './uses';

/**
 * Update to Latest Version / Roll Back of a process (release): behind the connection's protection, one POST (never
 * repeated), then the folder's Processes row reloads to show the version now deployed.
 */
const updateProcessVersion = (to: 'latest' | 'previous'): CommandDefinition<RowChangeUses> => ({
  id: to === 'latest' ? CommandId.updateProcessToLatest : CommandId.rollBackProcess,
  title: to === 'latest' ? 'Update to Latest Version' : 'Roll Back',
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const { connection, folder, release } = rowOf(node, 'process');
    await guardChange(ctx, connection, {
      what:
        to === 'latest'
          ? `Update ${release.Name} to the latest version of ${release.ProcessKey}`
          : `Roll back ${release.Name} to its previous version`,
      detail: `It runs ${release.ProcessKey} ${release.ProcessVersion} now; jobs started afterwards use the ${to === 'latest' ? 'latest' : 'previous'} version.`,
      action: to === 'latest' ? 'Update' : 'Roll Back',
    });
    progressTitle(`${to === 'latest' ? 'Updating' : 'Rolling back'} ${release.Name}…`);
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
