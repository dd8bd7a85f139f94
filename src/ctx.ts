import * as vscode from 'vscode';
import { ContextKey, OUTPUT_CHANNEL_NAME } from './constants';
import { registerAllCommands } from './host/commands/registry';

/**
 * The one place that wires the extension together: it owns the services, the disposables and the context keys.
 * Later features add their services here so their lifetime follows the extension's.
 */
export class Ctx implements vscode.Disposable {
  readonly log: vscode.LogOutputChannel;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(readonly extension: vscode.ExtensionContext) {
    this.log = this.track(vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true }));
    for (const registration of registerAllCommands(this)) this.track(registration);
    void vscode.commands.executeCommand('setContext', ContextKey.activated, true);
    extension.subscriptions.push(this);
  }

  get version(): string {
    return String((this.extension.extension.packageJSON as { version?: unknown }).version ?? 'unknown');
  }

  track<T extends vscode.Disposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
  }
}
