import { CommandId, ViewId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import { openDocument } from '../documents/documentUris';
import type { CommandDefinition } from './registry';
import type { Services } from '../services';
import { folderLabelOf } from './folderLabel';
import { t } from '../../core/l10n';
import { nls } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'active' | 'documents' | 'explorer'>;

/** Opens a process's input values as a JSON object (checked against the package's declared types; saved with PATCH). */
export const editProcessInputValues: CommandDefinition<Uses> = {
  id: CommandId.editProcessInputValues,
  contributes: {
    title: nls('Edit Input Values'),
    icon: '$(edit)',
    palette: 'never',
    rows: [
      {
        views: ViewId.explorer,
        rows: [ContextValue.process, ContextValue.processOutdated],
        group: '1_process',
        order: 0,
      },
    ],
  },
  title: t('Edit Input Values'),
  async run({ ctx }, node) {
    const { connection, folder, release } = rowOf(node, 'process');
    const where = [...folderLabelOf(ctx, connection, folder).split('/'), t('Processes')];
    const target = { kind: 'releaseInput', folderId: folder.id, releaseId: release.Id, name: release.Name } as const;
    return openDocument(ctx.documents, connection, target, where, { preview: false });
  },
};
