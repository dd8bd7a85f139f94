import * as vscode from 'vscode';
import type { FolderContext } from '../core/http/connection';

export interface ActiveSelection {
  connectionId?: string;
  folder?: { id: number; path: string };
}

const KEY = 'orchestrator.active';

/** Which connection and folder commands act on by default; kept per user (global state, no secrets). */
export class ActiveContext implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ActiveSelection>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly memento: vscode.Memento) {}

  get(): ActiveSelection {
    return this.memento.get<ActiveSelection>(KEY) ?? {};
  }

  folderContext(): FolderContext | undefined {
    const folder = this.get().folder;
    return folder ? { id: folder.id } : undefined;
  }

  async set(selection: ActiveSelection): Promise<void> {
    await this.memento.update(KEY, selection);
    this.emitter.fire(selection);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
