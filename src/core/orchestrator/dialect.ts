import * as z from 'zod/mini';
import type { Dialect } from '../http/connection';
export { SPEC_DIALECT, type Dialect } from '../http/connection';
import { formatBytes, readCapped, TooLarge } from '../http/responseBody';
import type { FetchLike } from '../http/transport';
import { t } from '../l10n';

/** Where a service publishes its API definition (OpenAPI JSON), below its base URL. */
export const API_DEFINITION_PATH = '/swagger/v1/swagger.json';
/** Real definitions run to a few megabytes; anything far larger is not one. */
export const API_DEFINITION_MAX_BYTES = 20 * 1024 * 1024;

export const DialectSchema = z.object({
  namespace: z.string().check(z.regex(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/)),
  queueNamespace: z.string().check(z.regex(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/)),
  headerPrefix: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9-]*$/)),
  folderKeyHeader: z.boolean(),
});

const NAMESPACE = String.raw`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)`;
const OPERATION_NAMESPACE = new RegExp(String.raw`/odata/Jobs/${NAMESPACE}\.StartJobs\b`);
const QUEUE_NAMESPACE = new RegExp(String.raw`/odata/Queues/${NAMESPACE}\.AddQueueItem\b`);
const FOLDER_ID_HEADER = /^([A-Za-z][A-Za-z0-9-]*)-OrganizationUnitId$/i;

const DefinitionSchema = z.looseObject({
  paths: z.record(z.string(), z.unknown()),
  components: z.optional(z.looseObject({ parameters: z.optional(z.record(z.string(), z.unknown())) })),
});
const ParameterSchema = z.looseObject({ name: z.string(), in: z.string() });

/** Every header parameter the definition names, on its operations or among its shared parameters. */
function headerNames(definition: z.infer<typeof DefinitionSchema>): Set<string> {
  const names = new Set<string>();
  const take = (candidate: unknown) => {
    const parsed = ParameterSchema.safeParse(candidate);
    if (parsed.success && parsed.data.in.toLowerCase() === 'header') names.add(parsed.data.name);
  };
  for (const parameter of Object.values(definition.components?.parameters ?? {})) take(parameter);
  for (const item of Object.values(definition.paths)) {
    if (!item || typeof item !== 'object') continue;
    for (const operation of Object.values(item as Record<string, unknown>)) {
      const parameters = (operation as { parameters?: unknown } | null)?.parameters;
      if (Array.isArray(parameters)) parameters.forEach(take);
    }
  }
  return names;
}

/**
 * The dialect an API definition speaks: the namespace of StartJobs, the namespace of AddQueueItem, the prefix of the
 * folder-id header, and whether a folder-key header is listed. A definition without one of the first three is not
 * one this extension can use, and says which is missing.
 */
export function readDialect(definition: unknown): { dialect: Dialect } | { problem: string } {
  const parsed = DefinitionSchema.safeParse(definition);
  if (!parsed.success) return { problem: t('it is not an OpenAPI document (it has no paths)') };
  const paths = Object.keys(parsed.data.paths);
  const find = (pattern: RegExp) => paths.map((path) => pattern.exec(path)?.[1]).find((match) => match !== undefined);
  const namespace = find(OPERATION_NAMESPACE);
  const queueNamespace = find(QUEUE_NAMESPACE);
  const headers = [...headerNames(parsed.data)];
  const headerPrefix = headers.map((name) => FOLDER_ID_HEADER.exec(name)?.[1]).find((match) => match !== undefined);
  if (!namespace) return { problem: t('it lists no StartJobs operation of Jobs') };
  if (!queueNamespace) return { problem: t('it lists no AddQueueItem operation of Queues') };
  if (!headerPrefix) return { problem: t('it names no folder header (…-OrganizationUnitId)') };
  const folderKeyHeader = headers.some((name) => name.toLowerCase() === `${headerPrefix}-FolderKey`.toLowerCase());
  return { dialect: { namespace, queueNamespace, headerPrefix, folderKeyHeader } };
}

/** What the user set on the connection wins over what the service publishes. */
export function withOverrides(
  dialect: Dialect,
  overrides: { namespace?: string; queueNamespace?: string; headerPrefix?: string },
): Dialect {
  return {
    ...dialect,
    namespace: overrides.namespace ?? dialect.namespace,
    queueNamespace: overrides.queueNamespace ?? dialect.queueNamespace,
    headerPrefix: overrides.headerPrefix ?? dialect.headerPrefix,
  };
}

/** Bounded: a definition that does not come within this is read as absent, and the spec's names are used. */
export const API_DEFINITION_TIMEOUT_MS = 20_000;

/**
 * Reads a service's API definition once (no token: services publish it openly) and the dialect in it. Every way this
 * can fail — no answer, an error status, a body too large or not JSON, a document without the needed names — is a
 * `problem` in the user's words; only the caller's cancellation is thrown.
 */
export async function discoverDialect(
  fetch: FetchLike,
  baseUrl: string,
  signal?: AbortSignal,
): Promise<{ dialect: Dialect } | { problem: string; transient?: boolean }> {
  const url = `${baseUrl}${API_DEFINITION_PATH}`;
  const timeout = AbortSignal.timeout(API_DEFINITION_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) {
      await response.body?.cancel();
      const transient = response.status >= 500 || response.status === 429;
      return { problem: t('the service answered {0} for {1}', response.status, API_DEFINITION_PATH), transient };
    }
    const bytes = await readCapped(response, API_DEFINITION_MAX_BYTES, false);
    let document: unknown;
    try {
      document = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return { problem: t('{0} is not JSON', API_DEFINITION_PATH) };
    }
    const read = readDialect(document);
    return 'dialect' in read ? read : { problem: t('the API definition cannot be used: {0}', read.problem) };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof TooLarge)
      return { problem: t('the API definition is larger than {0}', formatBytes(API_DEFINITION_MAX_BYTES)) };
    // No answer in time, or none at all: the service may be back in a moment.
    if (timeout.aborted)
      return {
        problem: t('the API definition did not arrive within {0} s', API_DEFINITION_TIMEOUT_MS / 1000),
        transient: true,
      };
    return { problem: t('the API definition could not be read ({0})', (error as Error).message), transient: true };
  }
}
