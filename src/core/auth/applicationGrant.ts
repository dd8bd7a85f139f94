import * as z from 'zod/mini';
import type { FetchLike } from '../http/transport';
import { originOf } from './boundSecrets';
import { sameOrigin, type Discovery } from './discovery';
import { postTokenRequest, TokenError, type TokenRequest, type TokenResponse } from './tokens';
import { t } from '../l10n';
import { basicCredentials, scrubSecrets, secretForms } from './secretForms';

/**
 * Sign-in as a confidential application: the OAuth client-credentials grant (RFC 6749 §4.4). The application's id and
 * secret get an access token for the application itself; there is no refresh token, so a token about to expire is
 * replaced by asking again with the stored secret (renewal.ts). The secret is kept in the secret store bound to the
 * identity provider's origin and the application id it was entered for: it is sent nowhere else, and a connection
 * that now signs in elsewhere (or as another application) asks for it again.
 */

/** Secret key of a connection's application secret (kept apart from the sign-in, so Sign Out may keep it). */
// l10n: code (a secret's storage key)
export const applicationSecretKey = (connectionId: string) => `orchestrator.application.${connectionId}`;

const StoredApplicationSecretSchema = z.object({
  clientId: z.string().check(z.minLength(1)),
  secret: z.string().check(z.minLength(1)),
  identityOrigin: z.string().check(z.minLength(1)),
});

/** What is stored for a secret entered for this application at this identity provider. */
export function applicationSecretValue(secret: string, target: { clientId: string; identityUrl: string }): string {
  const identityOrigin = originOf(target.identityUrl);
  if (!identityOrigin) throw new Error(t('The identity URL is not a valid URL.'));
  return JSON.stringify({ clientId: target.clientId, secret, identityOrigin });
}

/**
 * The stored secret, when it may be sent for this application to this identity provider; else why not (and it is
 * then not sent: the user is asked again).
 */
export function usableApplicationSecret(
  stored: string | undefined,
  target: { clientId: string; identityUrl?: string },
): { secret: string } | { problem: string } {
  if (!stored) return { problem: t('No application secret is stored.') };
  let parsed: z.infer<typeof StoredApplicationSecretSchema>;
  try {
    parsed = StoredApplicationSecretSchema.parse(JSON.parse(stored));
  } catch {
    return { problem: t('The stored application secret cannot be read.') };
  }
  const identityOrigin = originOf(target.identityUrl);
  if (parsed.identityOrigin !== identityOrigin)
    return {
      problem: t(
        'The stored application secret was entered for {0}, but the connection now signs in at {1}.',
        parsed.identityOrigin,
        identityOrigin ?? t('no identity provider'),
      ),
    };
  if (parsed.clientId !== target.clientId)
    return {
      problem: t(
        "The stored application secret belongs to application '{0}', not '{1}'.",
        parsed.clientId,
        target.clientId,
      ),
    };
  return { secret: parsed.secret };
}

/**
 * Where the client-credentials request goes: the discovery document's token endpoint on the identity URL's own origin,
 * else `{identityUrl}/connect/token`. A provider that lists its grants without client_credentials is refused here,
 * before the secret is sent anywhere.
 */
export function applicationTokenEndpoint(discovery: Discovery, identityUrl: string): string {
  const grants = discovery.grant_types_supported;
  if (Array.isArray(grants) && !grants.includes('client_credentials'))
    throw new TokenError(
      'rejected',
      t('This identity provider does not offer sign-in as an application (no client_credentials grant).'),
    );
  const listed = typeof discovery.token_endpoint === 'string' ? discovery.token_endpoint : undefined;
  if (listed && !sameOrigin(listed, identityUrl))
    throw new TokenError(
      'invalidResponse',
      t(
        'The identity provider names a token endpoint on another origin ({0}): the secret is not sent there.',
        originOf(listed) ?? 'invalid',
      ),
    );
  return listed ?? `${identityUrl.replace(/\/+$/, '')}/connect/token`;
}

export interface ApplicationTokenRequest {
  tokenEndpoint: string;
  clientId: string;
  secret: string;
  /** Space-separated; empty asks for none by name (the provider grants what the application was granted). */
  scopes: string;
  /** The tenant the token is for, where the provider serves several (as the browser sign-in passes it). */
  tenant?: string;
}

/**
 * The request: a form body (RFC 6749 §4.4.2) and the id and secret as HTTP Basic (§2.3.1: each form-encoded first),
 * the one client authentication every provider must support, which keeps the secret out of the body.
 */
export function clientCredentialsRequest(request: ApplicationTokenRequest): TokenRequest {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (request.scopes.trim()) form.set('scope', request.scopes.trim());
  if (request.tenant) form.set('tenant', request.tenant);
  const basic = basicCredentials(request.clientId, request.secret);
  return {
    url: request.tokenEndpoint,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` }, // l10n: code (an HTTP header)
    body: form.toString(),
  };
}

/** The identity provider did not accept the application's id or secret (RFC 6749 §5.2 invalid_client). */
export const isWrongSecret = (error: unknown): boolean =>
  error instanceof TokenError && error.oauthError === 'invalid_client';

/**
 * Asks for an application token. A refused secret says so in plain words; no message ever carries the secret (a
 * provider that quotes it back has it replaced).
 */
export async function requestApplicationToken(
  fetch: FetchLike,
  request: ApplicationTokenRequest,
  signal?: AbortSignal,
): Promise<TokenResponse> {
  try {
    return await postTokenRequest(fetch, clientCredentialsRequest(request), signal);
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    // Every form sent (raw, URL-encoded, base64, the Basic value): a provider may quote any of them back.
    const scrub = (text: string) => scrubSecrets(text, secretForms(request.secret, request.clientId));
    if (isWrongSecret(error))
      throw new TokenError(
        'rejected',
        t(
          "The identity provider did not accept the secret of application '{0}' (invalid_client). Check the application id and its secret, then sign in again.",
          request.clientId,
        ),
        'invalid_client',
      );
    throw new TokenError(error.kind, scrub(error.message), error.oauthError);
  }
}
