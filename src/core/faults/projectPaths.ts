// Paths from service text (a job's Info, a log line's RawMessage) name files on a robot or build machine. They are
// only ever mapped onto files listed inside the workspace project; anything that could point elsewhere is refused
// here, before any lookup: `..`, URIs, UNC and device paths, drive-relative paths, alternate data streams, control and
// bidirectional-override characters, and overlong text.

/** Longer than any real path (Windows' long-path limit is 32,767; robots' paths are far shorter). */
export const MAX_PATH_CHARS = 1024;

// C0 and C1 controls, and the characters that reorder how a name is shown (bidi overrides, isolates, marks).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
/** `file:`, `http:`, … and `C:relative` (a drive's current folder): checked after a drive root is taken off. */
const SCHEME_OR_DRIVE = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const DRIVE_ROOT = /^[A-Za-z]:[\\/]/;

/**
 * The segments of a path from service text, or undefined when it is refused. `absolute` allows a build machine's
 * absolute path (`C:\Builds\…`, `/home/build/…`), whose root is dropped: only its suffix is ever matched.
 */
export function pathSegments(path: string, options: { readonly absolute: boolean }): string[] | undefined {
  if (path.length === 0 || path.length > MAX_PATH_CHARS || UNSAFE_CHARS.test(path)) return undefined;
  if (/^[\\/]{2}/.test(path)) return undefined; // UNC \\server\share, //server/share, \\?\ and \\.\ device paths
  let rest = path;
  if (DRIVE_ROOT.test(rest)) {
    if (!options.absolute) return undefined;
    rest = rest.slice(3);
  } else if (/^[\\/]/.test(rest)) {
    if (!options.absolute) return undefined;
    rest = rest.slice(1);
  } else if (SCHEME_OR_DRIVE.test(rest)) return undefined;
  const segments = rest.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
  if (segments.length === 0) return undefined;
  // `..` anywhere, a stream (`a.cs:secret`) or a name Windows trims to another (`a.cs.`, `a.cs `, `...`).
  if (segments.some((s) => s.includes(':') || /^\.+$/.test(s) || /[. ]$/.test(s))) return undefined;
  return segments;
}

/** A path relative to the project folder as the project files interface gives it: `/`-separated, inside. */
export function isInsideRelative(path: string): boolean {
  const segments = pathSegments(path, { absolute: false });
  return segments !== undefined && segments.join('/') === path.replace(/\\/g, '/').replace(/^\.\//, '');
}

const lower = (segments: readonly string[]) => segments.map((s) => s.toLowerCase());

function endsWith(whole: readonly string[], tail: readonly string[]): boolean {
  if (tail.length > whole.length) return false;
  const offset = whole.length - tail.length;
  return tail.every((segment, i) => whole[offset + i] === segment);
}

/**
 * The project file a named path is: the project path that is the longest trailing part of it (a build machine's
 * `C:\Builds\Invoice.Processing\Workflows\ReadInvoice.cs` → `Workflows/ReadInvoice.cs`), else the one project path
 * ending in it (`Process Invoice.xaml` → `Framework/Process Invoice.xaml`). Case-insensitive, as on the robots'
 * Windows; two equally good answers are no answer.
 */
export function projectFileFor(named: readonly string[], projectFiles: readonly string[]): string | undefined {
  const wanted = lower(named);
  let best: { path: string; length: number } | undefined;
  let tied = false;
  const endingInWanted: string[] = [];
  for (const path of projectFiles) {
    if (!isInsideRelative(path)) continue;
    const segments = lower(path.split('/'));
    if (endsWith(wanted, segments)) {
      if (!best || segments.length > best.length) [best, tied] = [{ path, length: segments.length }, false];
      else if (segments.length === best.length) tied = true;
    } else if (endsWith(segments, wanted)) endingInWanted.push(path);
  }
  if (best) return tied ? undefined : best.path;
  return endingInWanted.length === 1 ? endingInWanted[0] : undefined;
}
