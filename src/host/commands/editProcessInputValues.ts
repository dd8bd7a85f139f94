import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { connectionSlug } from '../../core/documents/orchestratorUri';
import { rowOf } from '../../core/rows/rowOf';
import { OrchestratorFileSystem } from '../documents/orchestratorFileSystem';
import type { CommandDefinition } from './registry';

/** Opens a process's input values as a JSON object (checked against the package's declared types; saved with PATCH). */
export const editProcessInputValues: CommandDefinition = {
  id: CommandId.editProcessInputValues,
  title: 'Edit Input Values',
  async run(_run, node) {
    const { connection, folder, release } = rowOf(node, 'process');
    const uri = OrchestratorFileSystem.uriOf({
      kind: 'releaseInput',
      connection: connectionSlug(connection.id),
      folderId: folder.id,
      releaseId: release.Id,
      name: release.Name,
    });
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri.toString();
  },
};
