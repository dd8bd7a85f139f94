import { MAX_PROJECT_FILES, type ProjectFiles } from '../../core/faults/faultLocations';
import { isInsideRelative } from '../../core/faults/projectPaths';

// The core's `ProjectFiles` over a project folder of the workspace, with the bounds a folder of any size needs: the
// walk stops at a number of files and folders and never follows a link, a file is read only when its size is within
// what was asked, and nothing outside the folder is ever named (the core checks the real path the folder gives).

/** One entry of a folder, as the editor's file system lists it. */
export interface FolderEntry {
  readonly name: string;
  readonly kind: 'file' | 'directory' | 'other';
  /** A symbolic link: listed (its real path decides), never walked into. */
  readonly link: boolean;
}

/** What the adapter needs of the project folder; every path is relative to it and `/`-separated. */
export interface FolderAccess {
  readDirectory(relativePath: string): Promise<readonly FolderEntry[]>;
  /** The file's size in bytes, undefined when it is not a file. */
  size(relativePath: string): Promise<number | undefined>;
  readFile(relativePath: string): Promise<Uint8Array>;
  /** Where the file really is, relative to the folder's own real path (`../…` or absolute when outside). */
  realPath(relativePath: string): Promise<string | undefined>;
}

/** Folders read per walk: a robot project has tens; a folder with thousands is not one worth walking. */
export const MAX_FOLDERS = 2_000;
/** Nesting below this is not walked (Studio projects are a few levels deep). */
export const MAX_DEPTH = 12;
/** Build output, packages and the editor's and Studio's own folders hold no workflow of the project. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'bin', 'obj']);

const joined = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`);

/** The project's files, breadth first, within the bounds. */
async function listFiles(access: FolderAccess, signal?: AbortSignal): Promise<string[]> {
  const files: string[] = [];
  const folders: { path: string; depth: number }[] = [{ path: '', depth: 0 }];
  let read = 0;
  while (folders.length > 0 && read < MAX_FOLDERS && files.length < MAX_PROJECT_FILES) {
    signal?.throwIfAborted();
    const { path, depth } = folders.shift()!;
    read++;
    let entries: readonly FolderEntry[];
    try {
      entries = await access.readDirectory(path);
    } catch {
      continue; // unreadable: its files are not the project's as far as the Problems panel is concerned
    }
    for (const entry of entries) {
      const child = joined(path, entry.name);
      if (!isInsideRelative(child)) continue;
      if (entry.kind === 'file') {
        files.push(child);
        if (files.length >= MAX_PROJECT_FILES) break;
      } else if (
        entry.kind === 'directory' &&
        !entry.link &&
        depth + 1 < MAX_DEPTH &&
        !entry.name.startsWith('.') &&
        !SKIPPED_FOLDERS.has(entry.name.toLowerCase())
      )
        folders.push({ path: child, depth: depth + 1 });
    }
  }
  return files;
}

/** A project folder's files for `locateFault`. */
export function projectFiles(access: FolderAccess): ProjectFiles {
  return {
    list: (signal) => listFiles(access, signal),
    async read(relativePath, maxChars, signal) {
      if (!isInsideRelative(relativePath)) return undefined;
      try {
        const size = await access.size(relativePath);
        // A byte is at most a character: a file within maxChars bytes is within maxChars characters.
        if (size === undefined || size > maxChars) return undefined;
        signal?.throwIfAborted();
        const bytes = await access.readFile(relativePath);
        if (bytes.byteLength > maxChars) return undefined; // it grew since
        return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch (error) {
        if (signal?.aborted) throw error;
        return undefined;
      }
    },
    async realPath(relativePath) {
      if (!isInsideRelative(relativePath)) return undefined;
      try {
        return await access.realPath(relativePath);
      } catch {
        return undefined;
      }
    },
  };
}
