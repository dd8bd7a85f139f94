import * as vscode from 'vscode';
import { readConnections, type Connection, type ConnectionSetting } from '../core/connections';
import { UserSettingKey, userSettings } from './settings';

export const CONNECTIONS_SETTING = UserSettingKey.connections;

/**
 * The configured connections, re-read when the setting changes; problems are reported once per change. From user
 * settings only (see settings.ts): a workspace cannot add a connection or change where one's tokens go.
 */
export class ConnectionStore implements vscode.Disposable {
  private current: Connection[] = [];
  private readonly emitter = new vscode.EventEmitter<Connection[]>();
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly report: (problems: string[]) => void) {
    this.reload();
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(CONNECTIONS_SETTING)) this.reload();
    });
  }

  private reload(): void {
    const { connections, problems } = readConnections(userSettings(vscode.workspace.getConfiguration()).connections);
    this.current = connections;
    if (problems.length > 0) this.report(problems);
    this.emitter.fire(connections);
  }

  all(): Connection[] {
    return this.current;
  }

  get(id: string): Connection | undefined {
    return this.current.find((c) => c.id === id);
  }

  /** Writes the list back to user settings (no secrets are ever part of it). */
  async save(settings: ConnectionSetting[]): Promise<void> {
    await vscode.workspace.getConfiguration().update(CONNECTIONS_SETTING, settings, vscode.ConfigurationTarget.Global);
    this.reload();
  }

  raw(): ConnectionSetting[] {
    const value = userSettings(vscode.workspace.getConfiguration()).connections;
    return Array.isArray(value) ? (value as ConnectionSetting[]) : [];
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
