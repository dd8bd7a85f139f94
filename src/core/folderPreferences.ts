/**
 * The folders a user hid or pinned, per connection: Hide Folder keeps a folder out of the tree (Show Hidden Folders
 * brings the hidden ones back for a while, marked), Pin to Top lists a folder before its siblings. Both belong to the
 * user and live in the editor's user storage (host/storedState.ts), never at the service: nothing here sends a
 * request, and a redraw re-arranges the folders already read.
 */

/** One connection's choices, by folder id (ids are unique in a tenant, at any depth). */
export interface FolderPreferences {
  readonly hidden: readonly number[];
  readonly pinned: readonly number[];
}

export const NO_FOLDER_PREFERENCES: FolderPreferences = { hidden: [], pinned: [] };

/** How many folders one connection may hide or pin: a bound on what the storage holds, far above any real use. */
export const MAX_FOLDER_CHOICES = 1000;

export type FolderChoice = keyof FolderPreferences;

/** The preferences with one folder added to, or taken out of, a list (the most recent choice kept within the bound). */
export function withChoice(
  preferences: FolderPreferences,
  choice: FolderChoice,
  folderId: number,
  on: boolean,
): FolderPreferences {
  const others = preferences[choice].filter((id) => id !== folderId);
  const list = on ? [...others, folderId].slice(-MAX_FOLDER_CHOICES) : others;
  return { ...preferences, [choice]: list };
}

/** What the user chose for one folder; a hidden one is listed only while the connection shows hidden folders. */
export interface FolderMarks {
  readonly pinned: boolean;
  readonly hidden: boolean;
}

export const NO_MARKS: FolderMarks = { pinned: false, hidden: false };

export interface ArrangedFolder<F> extends FolderMarks {
  readonly folder: F;
}

/**
 * The folders as the tree lists them: hidden ones left out (or kept, marked, while the user shows them), pinned ones
 * first; otherwise in the service's order.
 */
export function arrangeFolders<F extends { Id: number }>(
  folders: readonly F[],
  preferences: FolderPreferences,
  showHidden: boolean,
): ArrangedFolder<F>[] {
  const hidden = new Set(preferences.hidden);
  const pinned = new Set(preferences.pinned);
  const arranged = folders
    .map((folder) => ({ folder, pinned: pinned.has(folder.Id), hidden: hidden.has(folder.Id) }))
    .filter((entry) => showHidden || !entry.hidden);
  return [...arranged.filter((entry) => entry.pinned), ...arranged.filter((entry) => !entry.pinned)];
}
