import * as vscode from 'vscode';
import { onFirstUse } from '../../../core/onFirstUse';
import type { Services } from '../../services';

/** The definitions and the server load when the editor first asks for them (mcpDefinitions.ts), not at activation. */
export const mcpDefinitions = onFirstUse(() => import('./mcpDefinitions'));

/**
 * Offers the tools as an MCP server to the editor's agents outside the chat view
 * (`contributes.mcpServerDefinitionProviders`), and stops it with the window.
 */
export function registerMcpProvider(ctx: Services): vscode.Disposable[] {
  const stop = { dispose: () => void mcpDefinitions().then((code) => code.stopServer()) };
  if (typeof vscode.lm?.registerMcpServerDefinitionProvider !== 'function') return [stop];
  return [
    stop,
    vscode.lm.registerMcpServerDefinitionProvider('orchestrator.mcpServer', {
      provideMcpServerDefinitions: async () => (await mcpDefinitions()).serverDefinitions(ctx),
      resolveMcpServerDefinition: async (definition) => (await mcpDefinitions()).resolveDefinition(ctx, definition),
    }),
  ];
}
