// The editor's globalState and workspaceState in memory, for StoredState in unit tests: each memento reads and
// writes the record it is given, so a test can see (and seed) exactly what was stored.
import type * as vscode from 'vscode';
import type { StateSource } from '../../src/host/storedState';

export class RecordMemento implements vscode.Memento {
  constructor(readonly values: Record<string, unknown> = {}) {}
  keys(): readonly string[] {
    return Object.keys(this.values);
  }
  get<T>(key: string): T | undefined;
  get<T>(key: string, fallback: T): T;
  get<T>(key: string, fallback?: T): T | undefined {
    // A memento hands back what was stored under the type the caller names; StoredState checks it by its schema.
    return key in this.values ? (this.values[key] as T) : fallback;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values[key] = value;
  }
  setKeysForSync(): void {}
}

/** User storage over `user`, workspace storage over `workspace` (the same record when a test gives one only). */
export function memoryState(
  user: Record<string, unknown> = {},
  workspace: Record<string, unknown> = user,
): StateSource {
  return { globalState: new RecordMemento(user), workspaceState: new RecordMemento(workspace) };
}
