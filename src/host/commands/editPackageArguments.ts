import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import { connectionSlug } from '../../core/documents/orchestratorUri';
import type { Package } from '../../core/orchestrator/schemas';
import { OrchestratorFileSystem } from '../documents/orchestratorFileSystem';
import type { CommandDefinition } from './registry';

/** Opens a package version's declared arguments as a JSON document (saved with SetArguments). */
export const editPackageArguments: CommandDefinition = {
  id: CommandId.editPackageArguments,
  title: 'Edit Package Arguments',
  async run(_run, node) {
    const value = (node as { value?: { connection?: Connection; package?: Package } } | undefined)?.value;
    if (!value?.connection || !value.package) throw new Error('Choose a package or one of its versions in the Orchestrator view.');
    const uri = OrchestratorFileSystem.uriOf({ kind: 'packageArguments', connection: connectionSlug(value.connection.id), packageId: value.package.Id, version: value.package.Version });
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri.toString();
  },
};
