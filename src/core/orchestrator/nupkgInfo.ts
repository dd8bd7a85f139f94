import { strFromU8, unzipSync } from 'fflate';
import * as z from 'zod/mini';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

/** What a package says it is, read before it is uploaded: enough to tell the user what will be sent. */
export interface NupkgInfo {
  id: string;
  version: string;
  title?: string;
  description?: string;
  /** A library project (its definition says so): it goes to the tenant's library feed, not a folder's processes. */
  library: boolean;
}

/** The .nuspec and the project definition are small text: bigger ones are not read (a zip bomb stays packed). */
const MAX_NUSPEC_BYTES = 1024 * 1024;
const NUSPEC = /^[^/]+\.nuspec$/i;
/** The project definition Studio packs with the workflows: it says whether the project is a library. */
const PROJECT_DEFINITION = /^lib\/[^/]+\/project\.json$/i;

/** What of Studio's project definition is read: the kind of project. */
const ProjectDefinitionSchema = z.looseObject({
  designOptions: z.optional(z.looseObject({ outputType: z.optional(z.unknown()) })),
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function element(metadata: string, name: string): string | undefined {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'i').exec(metadata);
  if (!match) return undefined;
  const text = match[1]!
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(\w+);/g, (whole, entity: string) => ENTITIES[entity] ?? whole)
    .trim();
  return text || undefined;
}

/**
 * The id and version of a .nupkg (a zip with a `.nuspec` at its root) and whether it is a library, or the reason it is
 * not a package. Only the `.nuspec` and the project definition are inflated, whatever the package's size.
 */
export function readNupkgInfo(bytes: Uint8Array): NupkgInfo | { problem: string } {
  let files: Record<string, Uint8Array>;
  let tooBig = false;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        // A project definition too big to read says nothing of the project's kind; a .nuspec too big is refused.
        if (PROJECT_DEFINITION.test(file.name)) return file.originalSize <= MAX_NUSPEC_BYTES;
        if (!NUSPEC.test(file.name)) return false;
        tooBig ||= file.originalSize > MAX_NUSPEC_BYTES;
        return !tooBig;
      },
    });
  } catch (error) {
    return { problem: t('it is not a zip archive ({0}).', errorMessage(error)) };
  }
  if (tooBig) return { problem: t('its .nuspec is larger than 1 MB.') };
  const nuspec = Object.entries(files).find(([name]) => NUSPEC.test(name))?.[1];
  if (!nuspec) return { problem: t('it has no .nuspec at its root.') };
  const metadata = /<metadata(?:\s[^>]*)?>([\s\S]*?)<\/metadata>/i.exec(strFromU8(nuspec))?.[1];
  const id = metadata === undefined ? undefined : element(metadata, 'id');
  const version = metadata === undefined ? undefined : element(metadata, 'version');
  if (!id || !version) return { problem: t('its .nuspec names no id and version.') };
  const title = element(metadata!, 'title');
  const description = element(metadata!, 'description');
  const definition = Object.entries(files).find(([name]) => PROJECT_DEFINITION.test(name))?.[1];
  return {
    id,
    version,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    library: definition !== undefined && isLibraryDefinition(strFromU8(definition)),
  };
}

/** designOptions.outputType "Library"; a definition that is not JSON says nothing (the service judges the package). */
function isLibraryDefinition(text: string): boolean {
  try {
    return ProjectDefinitionSchema.safeParse(JSON.parse(text)).data?.designOptions?.outputType === 'Library';
  } catch {
    return false;
  }
}
