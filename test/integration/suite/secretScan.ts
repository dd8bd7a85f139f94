import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';

/**
 * Every place a secret typed into the extension (an application secret, a credential asset's password) must never be:
 * the log (which also holds every failure notification, as "Notified: …"), the extension's settings, the text of every
 * open document, the extension's stored state, and the messages a test caught (errors the user was shown). Returns
 * the places it was found, one a line: '' when none.
 */
export function secretLeaks(ctx: Ctx, secret: string, messages: readonly string[] = []): string {
  const config = vscode.workspace.getConfiguration('orchestrator');
  // Every value the user's settings give, and the connections at every level they may be set.
  const settings = JSON.stringify(config) + JSON.stringify(config.inspect('connections'));
  const stored = [ctx.extension.globalState, ctx.extension.workspaceState].flatMap((memento) =>
    memento.keys().map((key) => [key, JSON.stringify(memento.get(key))] as const),
  );
  return [
    ...ctx.log.recent().filter((line) => line.includes(secret)),
    ...(settings.includes(secret) ? ['settings'] : []),
    ...vscode.workspace.textDocuments
      .filter((document) => document.getText().includes(secret))
      .map((document) => `document ${document.uri.toString()}`),
    ...stored.filter(([, value]) => value?.includes(secret)).map(([key]) => `stored state ${key}`),
    ...messages.filter((message) => message.includes(secret)),
  ].join('\n');
}
