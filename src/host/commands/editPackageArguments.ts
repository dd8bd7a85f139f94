import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import { openDocument } from '../documents/documentUris';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';

/** Opens a package version's declared arguments as a JSON document (saved with SetArguments). */
export const editPackageArguments: CommandDefinition<unknown> = {
  id: CommandId.editPackageArguments,
  title: t('Edit Package Arguments'),
  async run(_run, node) {
    const { connection, package: pkg } = rowOf(node, 'package', 'packageVersion');
    const target = { kind: 'packageArguments', packageId: pkg.Id, version: pkg.Version } as const;
    return openDocument(connection, target, [t('Packages')], { preview: false });
  },
};
