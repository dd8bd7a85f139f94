import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import { documentUri } from '../../core/documents/documentAddress';
import { connectionSlug, type DocumentTarget } from '../../core/documents/orchestratorUri';
import type { OrchestratorFileSystem } from './orchestratorFileSystem';

// The addresses commands open: imported by commands only, so building them loads with the first one run.

/** Omit over each member of a union (plain Omit merges the members). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The document that shows a target. */
export function uriOf(target: DocumentTarget): vscode.Uri {
  return vscode.Uri.parse(documentUri(target).toString());
}

/** The service's current copy of a target, read-only, for comparing (named like the document it sits beside). */
export function serviceUriOf(target: DocumentTarget): vscode.Uri {
  return vscode.Uri.parse(documentUri(target, { server: true }).toString());
}

/**
 * Opens a connection's document in an editor (a process's input values, a package's arguments: kept open; a job's
 * output: a preview) and answers its URI. Its address reads by names — the connection's label, then `where` (the
 * folder's path and the collection) — so the breadcrumbs do; the ids stay in its query.
 */
export async function openDocument(
  documents: Pick<OrchestratorFileSystem, 'adoptDraft'>,
  connection: Pick<Connection, 'id' | 'label'>,
  target: DistributiveOmit<DocumentTarget, 'connection' | 'place'>,
  where: readonly string[],
  options: { preview: boolean },
): Promise<string> {
  const place = [connection.label, ...where];
  const uri = uriOf({ ...target, connection: connectionSlug(connection.id), place } as DocumentTarget);
  await documents.adoptDraft(uri); // a draft saved under the earlier id address opens here
  await vscode.window.showTextDocument(uri, options);
  return uri.toString();
}
