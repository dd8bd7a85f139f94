import * as vscode from 'vscode';
import { CommandId } from '../constants';
import type { Ctx } from '../ctx';
import { plainText } from '../core/presentation/plainText';

/** What this needs from the extension's context, and nothing more. */
export type StatusBarDeps = Pick<Ctx, 'accountFor' | 'active' | 'activeConnection' | 'connections'>;

/** Active connection › folder; a warning when its sign-in is missing or expired; coloured for protected connections. */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('orchestrator.active', vscode.StatusBarAlignment.Left, 50);

  constructor(private readonly ctx: StatusBarDeps) {
    this.item.name = 'Orchestrator connection';
    this.update();
  }

  update(): void {
    const connections = this.ctx.connections.all();
    if (connections.length === 0) {
      this.item.hide();
      return;
    }
    const active = this.ctx.activeConnection();
    const signedIn = active ? this.ctx.accountFor(active.id) !== undefined : false;
    const folder = this.ctx.active.get().folder;
    if (!active) {
      this.item.text = '$(organization) Orchestrator: choose a connection';
      this.item.command = CommandId.switchActiveFolder;
      this.item.backgroundColor = undefined;
    } else if (!signedIn) {
      this.item.text = `$(warning) ${plainText(active.label)}: signed out`;
      this.item.tooltip = `You are not signed in to ${plainText(active.label)} (or the sign-in expired). Click to sign in.`;
      this.item.command = { command: CommandId.signIn, title: 'Sign In', arguments: [active.id] };
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      // The label (settings) and folder path (service) are plain text: `$(…)` in them must not become an icon.
      this.item.text = `$(organization) ${plainText(active.label)}${folder ? ` › ${plainText(folder.path)}` : ''}`;
      const protection =
        active.protection === 'readOnly'
          ? ' (read-only)'
          : active.protection === 'confirm'
            ? ' (changes need confirmation)'
            : '';
      this.item.tooltip = `Orchestrator: ${plainText(active.label)}${protection}${folder ? `\nFolder: ${plainText(folder.path)}` : ''}\nClick to switch the active folder.`;
      this.item.command = CommandId.switchActiveFolder;
      this.item.backgroundColor =
        active.protection === 'readOnly'
          ? new vscode.ThemeColor('statusBarItem.errorBackground')
          : active.protection === 'confirm'
            ? new vscode.ThemeColor('statusBarItem.warningBackground')
            : undefined;
    }
    this.item.show();
  }

  text(): string {
    return this.item.text;
  }

  dispose(): void {
    this.item.dispose();
  }
}
