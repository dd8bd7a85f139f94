import { strFromU8, unzipSync } from 'fflate';
import { badRequest } from '../server/errors';

/** What the sandbox reads from an uploaded package: the .nuspec's metadata and the project's declared arguments. */
export interface PackageContents {
  id: string;
  version: string;
  title: string | null;
  description: string;
  authors: string;
  releaseNotes: string | null;
  /** The project's main workflow (project.json `main`), if the package carries a project definition. */
  mainEntryPointPath: string | null;
  /** `Library` when the project definition says so (designOptions.outputType), else `Process`. */
  projectType: 'Process' | 'Library';
  /** JSON text of the main entry point's declarations, as GetArguments answers them. */
  arguments: { Input: string | null; Output: string | null };
}

/** The files read from the zip are small text; a bigger one is refused rather than inflated (a zip bomb). */
const MAX_TEXT_ENTRY_BYTES = 1024 * 1024;
/** Where Studio's publish puts the project definition: `lib/<target framework>/project.json`. */
const PROJECT_DEFINITION = /^lib\/[^/]+\/project\.json$/i;
const NUSPEC = /^[^/]+\.nuspec$/i;
const PACKAGE_ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;
const VERSION = /^\d+(\.\d+){1,3}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

const notAPackage = (why: string) => badRequest(`The file is not a package (.nupkg): ${why}`);

function unzipped(bytes: Uint8Array): Record<string, Uint8Array> {
  let tooBig: string | undefined;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const wanted = NUSPEC.test(file.name) || PROJECT_DEFINITION.test(file.name);
        if (wanted && file.originalSize > MAX_TEXT_ENTRY_BYTES) tooBig = file.name;
        return wanted && tooBig === undefined;
      },
    });
  } catch (error) {
    throw notAPackage(`it is not a zip archive (${(error as Error).message}).`);
  }
  if (tooBig) throw notAPackage(`${tooBig} is larger than ${MAX_TEXT_ENTRY_BYTES} bytes.`);
  return files;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name] ?? whole;
    })
    .trim();
}

/** One element of the .nuspec's `<metadata>` (the first, attributes allowed), or undefined. */
function element(metadata: string, name: string): string | undefined {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'i').exec(metadata);
  return match ? xmlText(match[1]!) : undefined;
}

interface Declaration {
  name?: unknown;
  type?: unknown;
  required?: unknown;
  hasDefault?: unknown;
}

/** The main entry point's input and output declarations, as GetArguments answers them (JSON text of arrays). */
function declaredArguments(definition: Record<string, unknown>, main: string | null): PackageContents['arguments'] {
  const entryPoints = Array.isArray(definition.entryPoints)
    ? (definition.entryPoints as Record<string, unknown>[])
    : [];
  const entry = entryPoints.find((e) => e?.filePath === main) ?? entryPoints[0];
  if (!entry) return { Input: null, Output: null };
  const list = (value: unknown, which: 'input' | 'output') => {
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value)) throw notAPackage(`project.json: entryPoints[].${which} must be an array.`);
    return JSON.stringify(
      value.map((d: Declaration, i) => {
        if (typeof d?.name !== 'string' || typeof d.type !== 'string')
          throw notAPackage(`project.json: ${which}[${i}] must have a name and a type.`);
        return which === 'input'
          ? { name: d.name, type: d.type, required: d.required === true, hasDefault: d.hasDefault === true }
          : { name: d.name, type: d.type };
      }),
    );
  };
  return { Input: list(entry.input, 'input'), Output: list(entry.output, 'output') };
}

/**
 * Reads an uploaded .nupkg: a zip with a `.nuspec` at its root (id, version, title, description, authors,
 * releaseNotes) and, for a Studio project, its definition at `lib/<tfm>/project.json` (main workflow, the main entry
 * point's arguments, whether it is a library). Anything that is not such a package is a 400 saying why.
 */
export function readNupkg(bytes: Uint8Array): PackageContents {
  const files = unzipped(bytes);
  const nuspecName = Object.keys(files).find((name) => NUSPEC.test(name));
  if (!nuspecName) throw notAPackage('the archive has no .nuspec at its root.');
  const nuspec = strFromU8(files[nuspecName]!);
  const metadata = /<metadata(?:\s[^>]*)?>([\s\S]*?)<\/metadata>/i.exec(nuspec)?.[1];
  if (metadata === undefined) throw notAPackage(`${nuspecName} has no <metadata>.`);
  const id = element(metadata, 'id') ?? '';
  const version = element(metadata, 'version') ?? '';
  if (!PACKAGE_ID.test(id)) throw notAPackage(`${nuspecName}: the id '${id.slice(0, 100)}' is not a package id.`);
  if (!VERSION.test(version)) throw notAPackage(`${nuspecName}: '${version.slice(0, 64)}' is not a version.`);
  const definitionName = Object.keys(files).find((name) => PROJECT_DEFINITION.test(name));
  let definition: Record<string, unknown> | undefined;
  if (definitionName) {
    try {
      const parsed: unknown = JSON.parse(strFromU8(files[definitionName]!));
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        definition = parsed as Record<string, unknown>;
    } catch {
      // Studio's definition is JSON; anything else is no definition.
    }
    if (!definition) throw notAPackage(`${definitionName} is not a JSON object.`);
  }
  const main = typeof definition?.main === 'string' ? definition.main : null;
  const designOptions = definition?.designOptions as { outputType?: unknown } | undefined;
  return {
    id,
    version,
    title: element(metadata, 'title') || null,
    description: element(metadata, 'description') ?? '',
    authors: element(metadata, 'authors') ?? '',
    releaseNotes: element(metadata, 'releaseNotes') || null,
    mainEntryPointPath: main,
    projectType: designOptions?.outputType === 'Library' ? 'Library' : 'Process',
    arguments: definition ? declaredArguments(definition, main) : { Input: null, Output: null },
  };
}
