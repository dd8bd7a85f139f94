import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import { connectionSlug } from '../../core/documents/orchestratorUri';
import type { FolderContext } from '../../core/http/connection';
import type { Release } from '../../core/orchestrator/schemas';
import { OrchestratorFileSystem } from '../documents/orchestratorFileSystem';
import type { CommandDefinition } from './registry';

/** Opens a process's input values as a JSON object (checked against the package's declared types; saved with PATCH). */
export const editProcessInputValues: CommandDefinition = {
  id: CommandId.editProcessInputValues,
  title: 'Edit Input Values',
  async run(_run, node) {
    const value = (node as { value?: { connection?: Connection; folder?: FolderContext; release?: Release } } | undefined)?.value;
    if (!value?.connection || !value.folder || !value.release || !('id' in value.folder)) throw new Error('Choose a process under Processes in the Orchestrator view.');
    const uri = OrchestratorFileSystem.uriOf({ kind: 'releaseInput', connection: connectionSlug(value.connection.id), folderId: value.folder.id, releaseId: value.release.Id, name: value.release.Name });
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri.toString();
  },
};
