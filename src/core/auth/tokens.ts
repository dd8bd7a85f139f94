import * as z from 'zod/mini';
import type { FetchLike } from '../http/transport';
import { readCapped } from '../http/responseBody';
import { networkCause } from '../http/errors';
import { t } from '../l10n';

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
  id_token: z.optional(z.string()),
  scope: z.optional(z.string()),
  expires_in: z.number().check(z.positive()),
  token_type: z.string().check(z.refine((t) => t.toLowerCase() === 'bearer', t('token_type must be Bearer'))),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Why a token call failed: the grant is dead (sign in again), the request was wrong, or the network/server failed. */
export class TokenError extends Error {
  constructor(
    readonly kind: 'invalid_grant' | 'rejected' | 'network' | 'server' | 'invalidResponse',
    message: string,
    readonly oauthError?: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/** A token answer is a few kilobytes: past this it is not one. */
const TOKEN_RESPONSE_MAX_BYTES = 64 * 1024;
/** A token endpoint that has not answered by then has failed: a sign-in or renewal never waits longer. */
export const TOKEN_TIMEOUT_MS = 30_000;

/** One POST to a token endpoint: the body (JSON, or a form for the client-credentials grant) and extra headers. */
export interface TokenRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export const tokenEndpointOf = (identityUrl: string) => `${identityUrl.replace(/\/+$/, '')}/oauth/token`;

function tokenCall(
  fetch: FetchLike,
  identityUrl: string,
  body: Record<string, string>,
  signal?: AbortSignal,
): Promise<TokenResponse> {
  return postTokenRequest(
    fetch,
    {
      url: tokenEndpointOf(identityUrl),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    signal,
  );
}

/** Sends a token request, bounded by TOKEN_TIMEOUT_MS; every failure is a TokenError saying what went wrong. */
export async function postTokenRequest(
  fetch: FetchLike,
  request: TokenRequest,
  signal?: AbortSignal,
): Promise<TokenResponse> {
  let response: Response;
  const timeout = AbortSignal.timeout(TOKEN_TIMEOUT_MS);
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { ...request.headers, accept: 'application/json' },
      body: request.body,
      // A redirect would send the secret or the refresh token on to wherever it points: refused, not followed.
      redirect: 'error',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted)
      throw new TokenError('network', t('The identity provider did not answer within {0} s.', TOKEN_TIMEOUT_MS / 1000));
    throw new TokenError('network', t("Can't reach the identity provider: {0}", await networkCause(error)));
  }
  // Bounded: a token answer is a few kilobytes; anything past the cap is not one.
  const text = await readCapped(response, TOKEN_RESPONSE_MAX_BYTES, true)
    .then((bytes) => new TextDecoder().decode(bytes))
    .catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const oauth = json as { error?: string; error_description?: string } | undefined;
    if (response.status >= 500)
      throw new TokenError('server', t('The identity provider failed (HTTP {0}). Try again later.', response.status));
    if (oauth?.error === 'invalid_grant')
      throw new TokenError('invalid_grant', oauth.error_description ?? t('The sign-in has expired.'), 'invalid_grant');
    throw new TokenError(
      'rejected',
      t(
        'The identity provider refused the request: {0}.',
        oauth?.error_description ?? oauth?.error ?? `HTTP ${response.status}`,
      ),
      oauth?.error,
    );
  }
  const parsed = TokenResponseSchema.safeParse(json);
  if (!parsed.success)
    throw new TokenError(
      'invalidResponse',
      t(
        'The identity provider answered an unexpected token response ({0}).',
        parsed.error.issues[0]?.path.join('.') ?? 'body',
      ),
    );
  return parsed.data;
}

export function exchangeCode(
  fetch: FetchLike,
  identityUrl: string,
  request: { code: string; verifier: string; redirectUri: string; clientId: string },
  signal?: AbortSignal,
) {
  return tokenCall(
    fetch,
    identityUrl,
    {
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.verifier,
      client_id: request.clientId,
    },
    signal,
  );
}

export function refreshTokens(
  fetch: FetchLike,
  identityUrl: string,
  request: { refreshToken: string; clientId: string },
  signal?: AbortSignal,
) {
  return tokenCall(
    fetch,
    identityUrl,
    { grant_type: 'refresh_token', refresh_token: request.refreshToken, client_id: request.clientId },
    signal,
  );
}

/** The claims the extension uses from a validated id_token (see idToken.ts). */
export interface IdTokenClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  nonce?: string;
  name?: string;
  email?: string;
  preferred_username?: string;
  exp?: number;
}

/** When to refresh: 10 % of the lifetime before expiry, at least 60 s before and never in the past. */
export function refreshDelayMs(expiresInSeconds: number, receivedAt: number, now: number): number {
  const lifetime = expiresInSeconds * 1000;
  const margin = Math.max(60_000, lifetime * 0.1);
  return Math.max(0, receivedAt + lifetime - margin - now);
}
