import * as z from 'zod/mini';
import { ideasBaseUrl, type Connection } from '../connections';
import type { IdeaCredentials } from '../ideas/sandboxCredentials';
import type { StoredAccount } from './sessions';
import { t } from '../l10n';

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
  const again = t("Nothing was sent. Sign in to '{0}' again.", connection.label);
  if (!account.serviceOrigin)
    return t("The sign-in to '{0}' does not record where it was made. {1}", connection.label, again);
  const service = originOf(connection.serviceUrl);
  if (service !== account.serviceOrigin)
    return t(
      "'{0}' now points at {1}, but you signed in at {2}. {3}",
      connection.label,
      service ?? t('an invalid service URL'),
      account.serviceOrigin,
      again,
    );
  if (account.kind !== 'accessToken') {
    const identity = originOf(connection.identityUrl);
    if (!account.identityOrigin || identity !== account.identityOrigin) {
      return t(
        "'{0}' now signs in at {1}, but you signed in at {2}. {3}",
        connection.label,
        identity ?? t('no identity provider'),
        account.identityOrigin ?? t('an unrecorded identity provider'),
        again,
      );
    }
  }
  // An application's sign-in is that application's: another application id (or another way to sign in) needs its own.
  if (
    account.kind === 'application' &&
    (connection.authentication !== 'application' || account.clientId !== connection.clientId)
  )
    return t("'{0}' no longer signs in as application '{1}'. {2}", connection.label, account.clientId ?? '', again);
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
  const again = t(
    'Nothing was sent. Run "Orchestrator: Set Idea Service Credentials" for \'{0}\' again.',
    connection.label,
  );
  let parsed: z.infer<typeof StoredIdeaCredentialsSchema>;
  try {
    parsed = StoredIdeaCredentialsSchema.parse(JSON.parse(stored));
  } catch {
    return { problem: t("The stored idea-service credentials of '{0}' cannot be read. {1}", connection.label, again) };
  }
  const current = originOf(ideasBaseUrl(connection));
  if (!parsed.origin)
    return {
      problem: t(
        "The idea-service credentials of '{0}' do not record which service they were entered for. {1}",
        connection.label,
        again,
      ),
    };
  if (current !== parsed.origin)
    return {
      problem: t(
        "The idea-service credentials of '{0}' were entered for {1}, but its idea service is now {2}. {3}",
        connection.label,
        parsed.origin,
        current ?? t('not set'),
        again,
      ),
    };
  return { credentials: { token: parsed.token, appKey: parsed.appKey } };
}
