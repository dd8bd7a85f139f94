import * as z from 'zod/mini';
import { ideasBaseUrl, type Connection } from '../connections';
import type { IdeaCredentials } from '../ideas/sandboxCredentials';
import type { StoredAccount } from './sessions';

/**
 * A secret is bound to the origins it was issued for. A sign-in records the origins of the identity URL and the
 * service URL it was made with, idea-service credentials the origin of the idea service they were entered for. Before
 * a token or key is sent, the connection as configured now must still point at those origins; otherwise nothing is
 * sent and the user signs in (or enters the credentials) again. So an edited, or maliciously redefined, connection
 * can never carry a token to a host it was not issued for. Origins, not whole URLs: a path change on the same host
 * stays within the trust the user gave that host.
 */

export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** What a new sign-in to this connection records. */
export function signInOrigins(
  connection: Pick<Connection, 'serviceUrl' | 'identityUrl'>,
): Pick<StoredAccount, 'serviceOrigin' | 'identityOrigin'> {
  const identityOrigin = originOf(connection.identityUrl);
  return { serviceOrigin: originOf(connection.serviceUrl), ...(identityOrigin ? { identityOrigin } : {}) };
}

/**
 * Why this stored sign-in may not be used with the connection as configured now (undefined when it may). A sign-in
 * that recorded no origins (made before they were recorded) is not used either: where it was issued is unknown.
 */
export function signInMismatch(account: StoredAccount, connection: Connection): string | undefined {
  const again = `Nothing was sent. Sign in to '${connection.label}' again.`;
  if (!account.serviceOrigin) return `The sign-in to '${connection.label}' does not record where it was made. ${again}`;
  const service = originOf(connection.serviceUrl);
  if (service !== account.serviceOrigin)
    return `'${connection.label}' now points at ${service ?? 'an invalid service URL'}, but you signed in at ${account.serviceOrigin}. ${again}`;
  if (account.kind !== 'accessToken') {
    const identity = originOf(connection.identityUrl);
    if (!account.identityOrigin || identity !== account.identityOrigin) {
      return `'${connection.label}' now signs in at ${identity ?? 'no identity provider'}, but you signed in at ${account.identityOrigin ?? 'an unrecorded identity provider'}. ${again}`;
    }
  }
  // An application's sign-in is that application's: another application id (or another way to sign in) needs its own.
  if (
    account.kind === 'application' &&
    (connection.authentication !== 'application' || account.clientId !== connection.clientId)
  )
    return `'${connection.label}' no longer signs in as application '${account.clientId ?? ''}'. ${again}`;
  return undefined;
}

const StoredIdeaCredentialsSchema = z.object({
  token: z.string().check(z.minLength(1)),
  appKey: z.string().check(z.minLength(1)),
  origin: z.optional(z.string()),
});
/** The secret to store for idea-service credentials entered (or checked) for this base URL. */
export function ideaCredentialsSecret(credentials: IdeaCredentials, baseUrl: string): string {
  return JSON.stringify({ token: credentials.token, appKey: credentials.appKey, origin: originOf(baseUrl) });
}

/** The stored credentials, when they may be sent to the connection's idea service as configured now; else why not. */
export function usableIdeaCredentials(
  stored: string,
  connection: Connection,
): { credentials: IdeaCredentials } | { problem: string } {
  const again = `Nothing was sent. Run "Orchestrator: Set Idea Service Credentials" for '${connection.label}' again.`;
  let parsed: z.infer<typeof StoredIdeaCredentialsSchema>;
  try {
    parsed = StoredIdeaCredentialsSchema.parse(JSON.parse(stored));
  } catch {
    return { problem: `The stored idea-service credentials of '${connection.label}' cannot be read. ${again}` };
  }
  const current = originOf(ideasBaseUrl(connection));
  if (!parsed.origin)
    return {
      problem: `The idea-service credentials of '${connection.label}' do not record which service they were entered for. ${again}`,
    };
  if (current !== parsed.origin)
    return {
      problem: `The idea-service credentials of '${connection.label}' were entered for ${parsed.origin}, but its idea service is now ${current ?? 'not set'}. ${again}`,
    };
  return { credentials: { token: parsed.token, appKey: parsed.appKey } };
}
