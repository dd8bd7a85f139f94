import * as vscode from 'vscode';
import { SCHEME } from '../../core/documents/orchestratorUri';
import { t } from '../../core/l10n';

/** The document a document command acts on: the one it was invoked on (title bar, code lens), else the active editor. */
export function documentOf(arg: unknown): vscode.Uri {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri || uri.scheme !== SCHEME)
    throw new Error(t('Open package arguments or process input values first (from the Orchestrator view).'));
  return uri;
}
