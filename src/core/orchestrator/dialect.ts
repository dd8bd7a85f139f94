import * as z from 'zod/mini';
import type { Dialect } from '../http/connection';
export { SPEC_DIALECT, type Dialect } from '../http/connection';

// What a service's dialect is and how it is stored. Reading it from the service's definition loads on first use
// (definitionDiscovery.ts): a session whose dialects are all stored never loads that code.

/** The longest operation or queue namespace taken from a definition; real ones are under 40 characters. */
export const MAX_NAMESPACE_LENGTH = 128;
/** The longest folder-header prefix taken; a longer one made every folder request fail (431 headers too large). */
export const MAX_HEADER_PREFIX_LENGTH = 64;

const dotted = z.string().check(z.maxLength(MAX_NAMESPACE_LENGTH), z.regex(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/));

export const DialectSchema = z.object({
  namespace: dotted,
  queueNamespace: dotted,
  headerPrefix: z.string().check(z.maxLength(MAX_HEADER_PREFIX_LENGTH), z.regex(/^[A-Za-z][A-Za-z0-9-]*$/)),
  definitionPath: z.optional(z.string().check(z.maxLength(2048), z.regex(/^\/(?!\/)/))),
});

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

export type Discovered = { dialect: Dialect } | { problem: string; transient?: boolean };
