import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import { connectionSlug } from '../../core/documents/orchestratorUri';
import type { FolderContext } from '../../core/http/connection';
import type { Job } from '../../core/orchestrator/schemas';
import { OrchestratorFileSystem } from '../documents/orchestratorFileSystem';
import type { CommandDefinition } from './registry';

/** The output arguments of a job (from Jobs(<key>); the list never carries them), as a read-only JSON document. */
export const showJobOutput: CommandDefinition = {
  id: CommandId.showJobOutput,
  title: 'Show Output Arguments',
  async run(_run, node) {
    const value = (node as { value?: { connection?: Connection; folder?: FolderContext; job?: Job } } | undefined)?.value;
    if (!value?.connection || !value.folder || !value.job || !('id' in value.folder)) throw new Error('Choose a job under Jobs in the Orchestrator view.');
    const uri = OrchestratorFileSystem.uriOf({ kind: 'jobOutput', connection: connectionSlug(value.connection.id), folderId: value.folder.id, jobKey: value.job.Key });
    await vscode.window.showTextDocument(uri, { preview: true });
    return uri.toString();
  },
};
