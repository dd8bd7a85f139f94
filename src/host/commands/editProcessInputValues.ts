import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import { openDocument } from '../documents/documentUris';
import type { CommandDefinition } from './registry';
import type { Services } from '../services';
import { folderLabelOf } from './folderLabel';
import { t } from '../../core/l10n';
import { inExplorer, nls, rowCommand, RowKinds } from './contribution';

type Uses = Pick<Services, 'active' | 'documents' | 'explorer'>;

/** Opens a process's input values as a JSON object (checked against the package's declared types; saved with PATCH). */
export const editProcessInputValues: CommandDefinition<Uses> = {
  id: CommandId.editProcessInputValues,
  contributes: rowCommand(nls('Edit Input Values'), '$(edit)', [inExplorer(RowKinds.process, '1_process', 0)]),
  title: t('Edit Input Values'),
  async run({ ctx }, node) {
    const { connection, folder, release } = rowOf(node, 'process');
    const where = [...folderLabelOf(ctx, connection, folder).split('/'), t('Processes')];
    const target = { kind: 'releaseInput', folderId: folder.id, releaseId: release.Id, name: release.Name } as const;
    return openDocument(ctx.documents, connection, target, where, { preview: false });
  },
};
