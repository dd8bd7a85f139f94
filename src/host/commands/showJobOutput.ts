import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import { openDocument } from '../documents/documentUris';
import type { CommandDefinition } from './registry';
import type { Services } from '../services';
import { folderLabelOf } from './folderLabel';
import { t } from '../../core/l10n';
import { inExplorer, nls, rowCommand } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'active' | 'documents' | 'explorer'>;

/** The output arguments of a job (from Jobs(<key>); the list never carries them), as a read-only JSON document. */
export const showJobOutput: CommandDefinition<Uses> = {
  id: CommandId.showJobOutput,
  contributes: rowCommand(nls('Show Output Arguments'), '$(json)', [inExplorer([ContextValue.jobFinal], '0_run', 5)]),
  title: t('Show Output Arguments'),
  async run({ ctx }, node) {
    const { connection, folder, job } = rowOf(node, 'job');
    const where = [...folderLabelOf(ctx, connection, folder).split('/'), t('Jobs')];
    const name = `${job.ReleaseName ?? t('Job')} #${job.Id}`;
    const target = { kind: 'jobOutput', folderId: folder.id, jobKey: job.Key, name } as const;
    return openDocument(ctx.documents, connection, target, where, { preview: true });
  },
};
