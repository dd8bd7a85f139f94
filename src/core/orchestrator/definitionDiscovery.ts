import type { FetchLike } from '../http/transport';
import { onOrigin } from './apiPage';
import { DefinitionReader } from './definitionReader';
import { scanDefinition } from './definitionScan';
import type { Dialect, Discovered } from './dialect';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

export { API_DEFINITION_MAX_BYTES, MAX_DEFINITION_REQUESTS } from './definitionReader';

/**
 * Where a service points to its definition, below its base URL: its API page (Swagger UI; newer versions), the
 * older versions' page, and last the path an ASP.NET service serves by default.
 */
export const API_PAGES = ['swagger/index.html', 'swagger/ui/index'] as const;
export const DEFAULT_DEFINITION_PATH = 'swagger/v1/swagger.json';

/** The dialect in a definition's text, or why it cannot be used (tests, and what the reading does in steps). */
export function readDialect(text: string): { dialect: Dialect } | { problem: string } {
  const scan = scanDefinition(text);
  return 'names' in scan ? { dialect: scan.names } : { problem: scan.problem };
}

/** Bounded: a reading (every request of it) that does not end within this is read as absent. */
export const API_DEFINITION_TIMEOUT_MS = 20_000;

export interface DiscoverOptions {
  signal?: AbortSignal;
  /** Where the definition answered last time (origin-relative): asked first. */
  remembered?: string;
  timeoutMs?: number;
}

/**
 * Reads a service's API definition (no token: services publish it openly) and the dialect in it, in at most
 * MAX_DEFINITION_REQUESTS requests: where it answered last time; the API page (`swagger/index.html`) and the
 * definition it names, which real deployments version (`swagger/v20.0/swagger.json`); else the older page
 * (`swagger/ui/index`) and the one it names; last `swagger/v1/swagger.json`. The first usable definition wins and its
 * path is kept in the dialect. Every way this can fail is a `problem` in the user's words; only the caller's
 * cancellation is thrown.
 */
export async function discoverDialect(
  fetch: FetchLike,
  baseUrl: string,
  options: DiscoverOptions = {},
): Promise<Discovered> {
  const timeoutMs = options.timeoutMs ?? API_DEFINITION_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const reader = new DefinitionReader(
    fetch,
    baseUrl,
    options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  );
  try {
    return await findDefinition(reader, baseUrl, options.remembered);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // No answer in time, or none at all: the service may be back in a moment.
    if (timeout.aborted)
      return { problem: t('the API definition did not arrive within {0} s', timeoutMs / 1000), transient: true };
    return { problem: t('the API definition could not be read ({0})', errorMessage(error)), transient: true };
  }
}

async function findDefinition(reader: DefinitionReader, baseUrl: string, remembered?: string): Promise<Discovered> {
  const origin = new URL(baseUrl).origin;
  const tried = new Set<string>();
  let unusable: string | undefined;
  const tryAt = async (url: string): Promise<Dialect | undefined> => {
    if (tried.has(url)) return undefined;
    tried.add(url);
    const read = await reader.definition(url);
    if (!read) return undefined;
    const { scan } = read;
    if ('names' in scan) {
      const where = new URL(read.url);
      return { ...scan.names, definitionPath: `${where.pathname}${where.search}` };
    }
    unusable ??= 'tooLarge' in scan ? scan.problem : t('the API definition cannot be used: {0}', scan.problem);
    return undefined;
  };
  const last = remembered?.startsWith('/') ? onOrigin(remembered, baseUrl, origin) : undefined;
  const found =
    (last && (await tryAt(last))) || (await fromPages()) || (await tryAt(`${baseUrl}/${DEFAULT_DEFINITION_PATH}`));
  if (found) return { dialect: found };
  if (unusable) return { problem: unusable };
  return {
    problem: t('no API definition was found: {0}', reader.notes.join(', ')),
    ...(reader.transient ? { transient: true } : {}),
  };

  async function fromPages(): Promise<Dialect | undefined> {
    for (const page of API_PAGES) {
      const named = await reader.namedBy(`${baseUrl}/${page}`);
      for (const url of named) {
        const dialect = await tryAt(url);
        if (dialect) return dialect;
      }
      // A page that named its definition is the service's word: the older page is not asked.
      if (named.length > 0) return undefined;
    }
    return undefined;
  }
}
