import * as z from 'zod/mini';
import { ideasBaseUrl, type Connection } from '../connections';
import { t } from '../l10n';

/**
 * The sandbox's idea-service credentials, handed to the editor by whoever started it (`npm start`, the test runners)
 * in two environment variables: ORCHESTRATOR_SANDBOX_URL (where the sandbox listens) and ORCHESTRATOR_SANDBOX_IDEAS
 * (`{ "token", "appKey" }`). A workspace cannot set the editor's environment, so it cannot use this to make the
 * extension send credentials anywhere. They go only to a connection whose service URL *is* the sandbox's origin,
 * a loopback address, and whose idea service lives at that same origin: a secret is bound to where it was issued.
 */
export interface IdeaCredentials {
  token: string;
  appKey: string;
}

const CredentialsSchema = z.object({
  token: z.string().check(z.regex(/^\S{8,}$/)),
  appKey: z.string().check(z.regex(/^\S{8,}$/)),
});
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type SandboxIdeas =
  | { kind: 'none' }
  /** The variables are set but unusable; the problem never repeats the values (they are secrets). */
  | { kind: 'unusable'; problem: string }
  | { kind: 'found'; credentials: IdeaCredentials; connectionIds: string[] };

const originOf = (text: string): URL | undefined => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

export function sandboxIdeaCredentials(
  env: { url?: string; ideas?: string },
  connections: readonly Connection[],
): SandboxIdeas {
  if (!env.ideas) return { kind: 'none' };
  const sandbox = env.url ? originOf(env.url) : undefined;
  if (!sandbox || (sandbox.protocol !== 'http:' && sandbox.protocol !== 'https:') || !LOOPBACK.has(sandbox.hostname)) {
    return {
      kind: 'unusable',
      problem: t(
        'ORCHESTRATOR_SANDBOX_IDEAS is set, but ORCHESTRATOR_SANDBOX_URL is not the address of a sandbox on this machine (http://127.0.0.1:<port>).',
      ),
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(env.ideas);
  } catch {
    // Not the parser's message: it quotes the text, which holds the secrets.
    return {
      kind: 'unusable',
      problem: t('ORCHESTRATOR_SANDBOX_IDEAS is not JSON of the form {"token": "…", "appKey": "…"}.'),
    };
  }
  const checked = CredentialsSchema.safeParse(parsed);
  if (!checked.success)
    return {
      kind: 'unusable',
      problem: t('ORCHESTRATOR_SANDBOX_IDEAS needs a "token" and an "appKey" (each at least 8 characters, no spaces).'),
    };
  const connectionIds = connections
    .filter((connection) => {
      const service = originOf(connection.serviceUrl);
      const ideas = ideasBaseUrl(connection);
      return (
        service?.origin === sandbox.origin &&
        service.pathname === '/' &&
        ideas !== undefined &&
        originOf(ideas)?.origin === sandbox.origin
      );
    })
    .map((c) => c.id);
  return { kind: 'found', credentials: { token: checked.data.token, appKey: checked.data.appKey }, connectionIds };
}
