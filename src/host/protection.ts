import * as vscode from 'vscode';
import type { Connection } from '../core/connections';

/**
 * Every command that changes something on a service calls this first: read-only connections refuse with the reason,
 * `confirm` connections ask in a modal dialog.
 */
export async function guardChange(connection: Connection, action: string): Promise<void> {
  if (connection.protection === 'readOnly') {
    throw new Error(`'${connection.label}' is read-only: ${action} is disabled. Change its protection level in Edit Connection to allow changes.`);
  }
  if (connection.protection === 'confirm') {
    const answer = await vscode.window.showWarningMessage(`${action} on '${connection.label}'?`, { modal: true, detail: 'This connection asks for confirmation before any change.' }, 'Continue');
    if (answer !== 'Continue') throw new vscode.CancellationError();
  }
}
