import type { ParsedFault, ParsedLogLine } from './faultText';
import { isInsideRelative, pathSegments, projectFileFor } from './projectPaths';
import { displayNamePosition } from './xamlLines';

// A fault's places in the workspace project, for the Problems panel: the workflow files it names (at the activity's
// element) and the coded workflows' stack frames (at their line). The host backs `ProjectFiles` with the editor's file
// system; nothing here reads a file the project's listing does not hold, or one whose real path is outside it.

/** What the locations need of a project folder. Paths are relative to it and `/`-separated. */
export interface ProjectFiles {
  /** The project's files (the host bounds the walk). */
  list(signal?: AbortSignal): Promise<readonly string[]>;
  /** A file's text, at most `maxChars` of it; undefined when it cannot be read. */
  read(relativePath: string, maxChars: number, signal?: AbortSignal): Promise<string | undefined>;
  /**
   * Where the file really is once links are followed, relative to the project folder's own real path (`../…` or an
   * absolute path when it is outside); undefined when it cannot be resolved.
   */
  realPath(relativePath: string, signal?: AbortSignal): Promise<string | undefined>;
}

export interface FaultLocation {
  /** The file, relative to the project folder, `/`-separated; always inside it. */
  readonly relativePath: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, when known. */
  readonly column?: number;
  readonly message: string;
  /** The activity's display name, or the method of a coded workflow's frame. */
  readonly source?: string;
}

export interface FaultEvidence {
  /** The faulted job's Info, parsed. */
  readonly fault?: ParsedFault;
  /** Its Error and Fatal log lines, parsed. */
  readonly errorLines?: readonly ParsedLogLine[];
}

/** Read at most this much of a workflow file to find its activity. */
export const MAX_WORKFLOW_CHARS = 4 * 1024 * 1024;
/** Files listed beyond this are not considered (a project folder with more is not a robot project). */
export const MAX_PROJECT_FILES = 20_000;
/** Places per fault: the first ones are where it failed; the rest of a long stack is noise in Problems. */
export const MAX_LOCATIONS = 20;
/** .NET writes 16707566 (0xFEEFEE) for a hidden line, and 0 for none: neither is a place in the file. */
export const MAX_LINE = 1_000_000;

interface Named {
  readonly path: string;
  readonly absolute: boolean;
  readonly line?: number;
  readonly message: string;
  readonly source?: string;
}

/** Every file the evidence names, with what it says there, most telling first. */
function namedFiles({ fault, errorLines = [] }: FaultEvidence): Named[] {
  const named: Named[] = [];
  for (const frame of fault?.frames ?? [])
    if (
      frame.file &&
      frame.line !== undefined &&
      frame.line >= 1 &&
      frame.line <= MAX_LINE &&
      /\.cs$/i.test(frame.file)
    )
      named.push({ path: frame.file, absolute: true, line: frame.line, message: fault!.message, source: frame.method });
  for (const line of errorLines)
    if (line.workflowFile)
      named.push({ path: line.workflowFile, absolute: false, message: line.message, source: line.source });
  for (const file of fault?.workflowFiles ?? [])
    named.push({ path: file, absolute: false, message: fault!.message, source: fault!.source });
  return named;
}

/** Each file is resolved and read at most once per fault, however many lines name it. */
function projectReader(files: ProjectFiles, signal?: AbortSignal) {
  const inside = new Map<string, Promise<boolean>>();
  const texts = new Map<string, Promise<string | undefined>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    const known = cache.get(key);
    if (known) return known;
    const loading = load();
    cache.set(key, loading);
    return loading;
  };
  return {
    isInside: (file: string) =>
      once(inside, file, async () => {
        const real = await files.realPath(file, signal);
        return real !== undefined && isInsideRelative(real);
      }),
    async xamlPosition(file: string, source: string | undefined): Promise<{ line: number; column?: number }> {
      if (!source) return { line: 1 };
      const text = await once(texts, file, () => files.read(file, MAX_WORKFLOW_CHARS, signal));
      return (text !== undefined && displayNamePosition(text, source)) || { line: 1 };
    },
  };
}

/** The places in the project a fault names; the ones it cannot map are left out (the panel still shows the text). */
export async function locateFault(
  evidence: FaultEvidence,
  files: ProjectFiles,
  signal?: AbortSignal,
): Promise<FaultLocation[]> {
  const named = namedFiles(evidence);
  if (named.length === 0) return [];
  const listed = (await files.list(signal)).slice(0, MAX_PROJECT_FILES);
  const project = projectReader(files, signal);
  const locations: FaultLocation[] = [];
  const seen = new Set<string>();
  for (const { path, absolute, line, message, source } of named) {
    if (locations.length >= MAX_LOCATIONS) break;
    signal?.throwIfAborted();
    const segments = pathSegments(path, { absolute });
    const file = segments && projectFileFor(segments, listed);
    if (!file || !(await project.isInside(file))) continue;
    const position = line !== undefined ? { line } : await project.xamlPosition(file, source);
    const key = `${file}\n${position.line}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    locations.push({ relativePath: file, ...position, message, ...(source ? { source } : {}) });
  }
  return locations;
}
