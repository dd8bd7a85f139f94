// The extension, loaded by src/extension.ts once the display language's messages are in place.
import * as vscode from 'vscode';
import type { Connection } from './core/connections';
import { Ctx } from './ctx';

/**
 * What `activate()` gives other extensions (`vscode.extensions.getExtension(…).exports`): which connections the user
 * has, by name — nothing secret, no service to call. The whole context is handed out only when the extension runs
 * for development or tests (this repository's integration suite and bench drive it through `testing`); an installed
 * extension never exposes its services, tokens or test hooks.
 */
export interface OrchestratorWorkbenchApi {
  readonly apiVersion: 1;
  /** The configured connections: id, label, kind and service URL (what the user typed in their settings). */
  connections(): readonly Pick<Connection, 'id' | 'label' | 'kind' | 'serviceUrl'>[];
  /** Development and test runs only (`ExtensionMode.Development` / `Test`): the extension's context. */
  readonly testing?: Ctx;
}

let ctx: Ctx | undefined;

/** Builds the one context object that owns every service and disposable; nothing else happens here. */
export function activate(context: vscode.ExtensionContext): OrchestratorWorkbenchApi {
  const owned = new Ctx(context);
  ctx = owned;
  return {
    apiVersion: 1,
    connections: () =>
      owned.connections.all().map(({ id, label, kind, serviceUrl }) => ({ id, label, kind, serviceUrl })),
    ...(context.extensionMode === vscode.ExtensionMode.Production ? {} : { testing: owned }),
  };
}

export function deactivate(): void {
  ctx?.dispose();
  ctx = undefined;
}
