import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import type { FolderContext } from '../../core/http/connection';
import type { Release } from '../../core/orchestrator/schemas';
import type { TreeNode } from '../views/treeNode';
import { abortSignalOf } from './abortSignal';
import { guardChange } from './guardChange';
import type { CommandDefinition } from './registry';

const processOf = (node: unknown) => {
  const row = node as (TreeNode & { value?: { connection?: Connection; folder?: FolderContext; release?: Release } }) | undefined;
  if (!row?.value?.connection || !row.value.folder || !row.value.release) throw new Error('Choose a process under Processes in the Orchestrator view.');
  return { row, connection: row.value.connection, folder: row.value.folder, release: row.value.release };
};

/**
 * Update to Latest Version / Roll Back of a process (release): behind the connection's protection, one POST (never
 * repeated), then the folder's Processes row reloads to show the version now deployed.
 */
const updateProcessVersion = (to: 'latest' | 'previous'): CommandDefinition => ({
  id: to === 'latest' ? CommandId.updateProcessToLatest : CommandId.rollBackProcess,
  title: to === 'latest' ? 'Update to Latest Version' : 'Roll Back',
  asksFirst: true,
  async run({ ctx, token, progressTitle }, node) {
    const { row, connection, folder, release } = processOf(node);
    await guardChange(ctx, connection, {
      what: to === 'latest' ? `Update ${release.Name} to the latest version of ${release.ProcessKey}` : `Roll back ${release.Name} to its previous version`,
      detail: `It runs ${release.ProcessKey} ${release.ProcessVersion} now; jobs started afterwards use the ${to === 'latest' ? 'latest' : 'previous'} version.`,
      action: to === 'latest' ? 'Update' : 'Roll Back',
    });
    progressTitle(`${to === 'latest' ? 'Updating' : 'Rolling back'} ${release.Name}…`);
    const client = ctx.clientFor(connection).releases;
    const signal = abortSignalOf(token);
    const updated = to === 'latest' ? await client.updateToLatest(release.Id, { folder, signal }) : await client.rollBack(release.Id, { folder, signal });
    const processes = `${row.id.slice(0, row.id.lastIndexOf('/process/'))}/processes`;
    ctx.explorer.refreshWhere((n) => n.id === processes);
    return updated.ProcessVersion;
  },
});

export const updateProcessToLatest = updateProcessVersion('latest');
export const rollBackProcess = updateProcessVersion('previous');
