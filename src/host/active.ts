import * as vscode from 'vscode';
import type { FolderContext } from '../core/http/connection';
import { Stored, type ActiveSelection, type StoredState } from './storedState';

export type { ActiveSelection } from './storedState';

/** Which connection and folder commands act on by default; kept per user (global state, no secrets). */
export class ActiveContext implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ActiveSelection>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly state: StoredState) {}

  get(): ActiveSelection {
    return this.state.get(Stored.activeSelection);
  }

  folderContext(): FolderContext | undefined {
    const folder = this.get().folder;
    return folder ? { id: folder.id } : undefined;
  }

  async set(selection: ActiveSelection): Promise<void> {
    await this.state.update(Stored.activeSelection, selection);
    this.emitter.fire(selection);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
