import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import { OrchestratorFileSystem } from '../documents/orchestratorFileSystem';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';

/** The output arguments of a job (from Jobs(<key>); the list never carries them), as a read-only JSON document. */
export const showJobOutput: CommandDefinition<unknown> = {
  id: CommandId.showJobOutput,
  title: t('Show Output Arguments'),
  async run(_run, node) {
    const { connection, folder, job } = rowOf(node, 'job');
    const name = `${job.ReleaseName ?? t('Job')} #${job.Id}`;
    const target = { kind: 'jobOutput', folderId: folder.id, jobKey: job.Key, name } as const;
    return OrchestratorFileSystem.open(connection.id, target, { preview: true });
  },
};
