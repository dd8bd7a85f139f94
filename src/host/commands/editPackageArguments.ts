import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { connectionSlug } from '../../core/documents/orchestratorUri';
import { rowOf } from '../../core/rows/rowOf';
import { OrchestratorFileSystem } from '../documents/orchestratorFileSystem';
import type { CommandDefinition } from './registry';

/** Opens a package version's declared arguments as a JSON document (saved with SetArguments). */
export const editPackageArguments: CommandDefinition = {
  id: CommandId.editPackageArguments,
  title: 'Edit Package Arguments',
  async run(_run, node) {
    const { connection, package: pkg } = rowOf(node, 'package', 'packageVersion');
    const uri = OrchestratorFileSystem.uriOf({
      kind: 'packageArguments',
      connection: connectionSlug(connection.id),
      packageId: pkg.Id,
      version: pkg.Version,
    });
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri.toString();
  },
};
