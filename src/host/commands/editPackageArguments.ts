import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import { openDocument } from '../documents/documentUris';
import type { CommandDefinition } from './registry';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import { nls, packageCommand } from './contribution';

type Uses = Pick<Services, 'documents'>;

/** Opens a package version's declared arguments as a JSON document (saved with SetArguments). */
export const editPackageArguments: CommandDefinition<Uses> = {
  id: CommandId.editPackageArguments,
  contributes: packageCommand(nls('Edit Package Arguments'), '$(edit)', 0),
  title: t('Edit Package Arguments'),
  async run({ ctx }, node) {
    const { connection, package: pkg } = rowOf(node, 'package', 'packageVersion');
    const target = { kind: 'packageArguments', packageId: pkg.Id, version: pkg.Version } as const;
    return openDocument(ctx.documents, connection, target, [t('Packages')], { preview: false });
  },
};
