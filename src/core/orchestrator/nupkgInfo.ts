import { strFromU8, unzipSync } from 'fflate';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

/** What a package says it is, read before it is uploaded: enough to tell the user what will be sent. */
export interface NupkgInfo {
  id: string;
  version: string;
  title?: string;
  description?: string;
}

/** The .nuspec is small text: a bigger one is not read (a zip bomb stays packed). */
const MAX_NUSPEC_BYTES = 1024 * 1024;
const NUSPEC = /^[^/]+\.nuspec$/i;

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
 * The id and version of a .nupkg (a zip with a `.nuspec` at its root), or the reason it is not a package. Only the
 * `.nuspec` is inflated, whatever the package's size.
 */
export function readNupkgInfo(bytes: Uint8Array): NupkgInfo | { problem: string } {
  let files: Record<string, Uint8Array>;
  let tooBig = false;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!NUSPEC.test(file.name)) return false;
        tooBig ||= file.originalSize > MAX_NUSPEC_BYTES;
        return !tooBig;
      },
    });
  } catch (error) {
    return { problem: t('it is not a zip archive ({0}).', errorMessage(error)) };
  }
  if (tooBig) return { problem: t('its .nuspec is larger than 1 MB.') };
  const nuspec = Object.values(files)[0];
  if (!nuspec) return { problem: t('it has no .nuspec at its root.') };
  const metadata = /<metadata(?:\s[^>]*)?>([\s\S]*?)<\/metadata>/i.exec(strFromU8(nuspec))?.[1];
  const id = metadata === undefined ? undefined : element(metadata, 'id');
  const version = metadata === undefined ? undefined : element(metadata, 'version');
  if (!id || !version) return { problem: t('its .nuspec names no id and version.') };
  const title = element(metadata!, 'title');
  const description = element(metadata!, 'description');
  return { id, version, ...(title ? { title } : {}), ...(description ? { description } : {}) };
}
