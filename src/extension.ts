// The extension's entry point (dist/extension.mjs). Its one job before anything else of ours is evaluated: load the
// display language's messages, because modules build tables of texts (command titles, the row kinds a refusal names,
// field labels) when they are evaluated. An ES module evaluates all its static imports before its own code, so the
// rest of the extension (src/main.ts) is imported afterwards, dynamically, when the editor activates it.
import * as vscode from 'vscode';
import { loadBundle } from './core/l10n';

export type { OrchestratorWorkbenchApi } from './main';

loadBundle(vscode.l10n.bundle, vscode.env.language);

let main: Promise<typeof import('./main')> | undefined;
const loadMain = () => (main ??= import('./main'));

export async function activate(context: vscode.ExtensionContext): Promise<import('./main').OrchestratorWorkbenchApi> {
  return (await loadMain()).activate(context);
}

export async function deactivate(): Promise<void> {
  // Nothing to end when the rest never loaded (activate() failed and said so).
  const loaded = await main?.catch(() => undefined);
  loaded?.deactivate();
}
