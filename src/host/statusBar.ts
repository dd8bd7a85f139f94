import * as vscode from 'vscode';
import { CommandId } from '../constants';
import type { Services } from './services';
import { plainText } from '../core/presentation/plainText';
import { t } from '../core/l10n';

/** What this needs from the extension's context, and nothing more. */
export type StatusBarDeps = Pick<Services, 'accountFor' | 'active' | 'activeConnection' | 'connections'>;

/** Active connection › folder; a warning when its sign-in is missing or expired; coloured for protected connections. */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('orchestrator.active', vscode.StatusBarAlignment.Left, 50);

  constructor(private readonly ctx: StatusBarDeps) {
    this.item.name = t('Orchestrator connection');
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
      this.item.text = t('$(organization) Orchestrator: choose a connection');
      this.item.command = CommandId.switchActiveFolder;
      this.item.backgroundColor = undefined;
    } else if (!signedIn) {
      this.item.text = t('$(warning) {0}: signed out', plainText(active.label));
      this.item.tooltip = t(
        'You are not signed in to {0} (or the sign-in expired). Click to sign in.',
        plainText(active.label),
      );
      this.item.command = { command: CommandId.signIn, title: t('Sign In'), arguments: [active.id] };
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      // The label (settings) and folder path (service) are plain text: `$(…)` in them must not become an icon.
      // l10n: code (an icon)
      this.item.text = `$(organization) ${plainText(active.label)}${folder ? ` › ${plainText(folder.path)}` : ''}`;
      const protection =
        active.protection === 'readOnly'
          ? ' (read-only)'
          : active.protection === 'confirm'
            ? t(' (changes need confirmation)')
            : '';
      this.item.tooltip = t(
        'Orchestrator: {0}{1}{2}\nClick to switch the active folder.',
        plainText(active.label),
        protection,
        folder ? `\n${t('Folder: {0}', plainText(folder.path))}` : '',
      );
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
