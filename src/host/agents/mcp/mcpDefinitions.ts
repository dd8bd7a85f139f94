import * as vscode from 'vscode';
import type { Services } from '../../services';
import type { RunningMcpServer } from './mcpServer';

// The MCP server definition the editor lists, and the one server of this window behind it. The editor lists
// definitions eagerly: nothing starts then. The server (and the MCP SDK) loads and starts when the editor resolves the
// definition to connect, and stops with the window.

let started: Promise<RunningMcpServer> | undefined;

/** The server of this window, started on first use. */
export function runningServer(ctx: Services): Promise<RunningMcpServer> {
  started ??= import('./mcpServer').then(({ startMcpServer }) => startMcpServer(ctx));
  return started;
}

export function stopServer(): void {
  const server = started;
  started = undefined;
  void server?.then((running) => running.close()).catch(() => undefined);
}

const LABEL = 'Orchestrator Workbench'; // l10n: code (the product's name)

/** Not started yet: the address and the secret are filled in when the editor resolves it. */
export function serverDefinitions(ctx: Services): vscode.McpServerDefinition[] {
  return [new vscode.McpHttpServerDefinition(LABEL, vscode.Uri.parse('http://127.0.0.1/mcp'), {}, ctx.version)];
}

export async function resolveDefinition(
  ctx: Services,
  definition: vscode.McpServerDefinition,
): Promise<vscode.McpServerDefinition> {
  if (!(definition instanceof vscode.McpHttpServerDefinition)) return definition;
  const server = await runningServer(ctx);
  definition.uri = vscode.Uri.parse(server.url);
  definition.headers = { ...server.headers };
  return definition;
}
