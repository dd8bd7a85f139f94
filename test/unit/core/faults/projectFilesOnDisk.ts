import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { ProjectFiles } from '../../../../src/core/faults/faultLocations';

/** ProjectFiles on a real folder, as the host will back it: links listed as files, their real path told. */
export function projectFilesOnDisk(root: string): ProjectFiles {
  const toPosix = (path: string) => path.split(sep).join('/');
  return {
    async list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() || entry.isSymbolicLink())
        .map((entry) => toPosix(relative(root, join(entry.parentPath, entry.name))));
    },
    async read(path, maxChars) {
      const text = await readFile(join(root, path), 'utf8').catch(() => undefined);
      return text?.slice(0, maxChars);
    },
    async realPath(path) {
      const [realRoot, real] = await Promise.all([realpath(root), realpath(join(root, path)).catch(() => undefined)]);
      if (real === undefined || !(await lstat(real).then((s) => s.isFile()))) return undefined;
      const inside = relative(realRoot, real);
      return isAbsolute(inside) ? inside : toPosix(inside);
    },
  };
}

/** ProjectFiles over a map of path → text; `links` maps a path to its real path (as a link's target would). */
export function projectFilesInMemory(files: Record<string, string>, links: Record<string, string> = {}) {
  const reads: string[] = [];
  const project: ProjectFiles = {
    list: () => Promise.resolve(Object.keys(files)),
    read: (path, maxChars) => {
      reads.push(path);
      return Promise.resolve(files[path]?.slice(0, maxChars));
    },
    realPath: (path) => Promise.resolve(path in files ? (links[path] ?? path) : undefined),
  };
  return { project, reads };
}
