import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { connectionSlug } from '../../core/documents/orchestratorUri';
import { rowOf } from '../../core/rows/rowOf';
import { OrchestratorFileSystem } from '../documents/orchestratorFileSystem';
import type { CommandDefinition } from './registry';

/** The output arguments of a job (from Jobs(<key>); the list never carries them), as a read-only JSON document. */
export const showJobOutput: CommandDefinition = {
  id: CommandId.showJobOutput,
  title: 'Show Output Arguments',
  async run(_run, node) {
    const { connection, folder, job } = rowOf(node, 'job');
    const uri = OrchestratorFileSystem.uriOf({
      kind: 'jobOutput',
      connection: connectionSlug(connection.id),
      folderId: folder.id,
      jobKey: job.Key,
      name: `${job.ReleaseName ?? 'Job'} #${job.Id}`,
    });
    await vscode.window.showTextDocument(uri, { preview: true });
    return uri.toString();
  },
};
