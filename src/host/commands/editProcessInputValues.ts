import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import { OrchestratorFileSystem } from '../documents/orchestratorFileSystem';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';

/** Opens a process's input values as a JSON object (checked against the package's declared types; saved with PATCH). */
export const editProcessInputValues: CommandDefinition<unknown> = {
  id: CommandId.editProcessInputValues,
  title: t('Edit Input Values'),
  async run(_run, node) {
    const { connection, folder, release } = rowOf(node, 'process');
    const target = { kind: 'releaseInput', folderId: folder.id, releaseId: release.Id, name: release.Name } as const;
    return OrchestratorFileSystem.open(connection.id, target, { preview: false });
  },
};
