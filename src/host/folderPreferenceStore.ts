import {
  NO_FOLDER_PREFERENCES,
  withChoice,
  type FolderChoice,
  type FolderPreferences,
} from '../core/folderPreferences';
import type { HiddenFolders } from '../core/rows/contextValues';
import { Stored, type StoredState } from './storedState';

/**
 * The folders each connection's user hid or pinned (kept in the user's storage, so they follow the user across
 * workspaces and reloads), and which connections show their hidden folders for now (this window only: a reload hides
 * them again).
 */
export class FolderPreferenceStore {
  private readonly showingHidden = new Set<string>();

  constructor(private readonly state: StoredState) {}

  of(connectionId: string): FolderPreferences {
    return this.state.get(Stored.folderPreferences)[connectionId] ?? NO_FOLDER_PREFERENCES;
  }

  async choose(connectionId: string, choice: FolderChoice, folderId: number, on: boolean): Promise<void> {
    const all = this.state.get(Stored.folderPreferences);
    const next = withChoice(all[connectionId] ?? NO_FOLDER_PREFERENCES, choice, folderId, on);
    const rest = without(all, connectionId);
    // Nothing hidden any more: showing hidden folders ends with it (a later Hide Folder hides again).
    if (next.hidden.length === 0) this.showingHidden.delete(connectionId);
    const empty = next.hidden.length === 0 && next.pinned.length === 0;
    await this.state.update(Stored.folderPreferences, empty ? rest : { ...rest, [connectionId]: next });
  }

  showsHidden(connectionId: string): boolean {
    return this.showingHidden.has(connectionId);
  }

  setShowHidden(connectionId: string, on: boolean): void {
    if (on) this.showingHidden.add(connectionId);
    else this.showingHidden.delete(connectionId);
  }

  /** What the connection's row says of its hidden folders (its menu offers Show or Stop Showing them). */
  hiddenFolders(connectionId: string): HiddenFolders {
    if (this.of(connectionId).hidden.length === 0) return 'none';
    return this.showsHidden(connectionId) ? 'shown' : 'hidden';
  }

  /** A removed connection's choices go with it. */
  async forget(connectionId: string): Promise<void> {
    this.showingHidden.delete(connectionId);
    const all = this.state.get(Stored.folderPreferences);
    if (!(connectionId in all)) return;
    await this.state.update(Stored.folderPreferences, without(all, connectionId));
  }
}

/** Every connection's choices but this one's. */
function without<V>(all: Readonly<Record<string, V>>, connectionId: string): Record<string, V> {
  return Object.fromEntries(Object.entries(all).filter(([id]) => id !== connectionId));
}
