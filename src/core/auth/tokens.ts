import { z } from 'zod';
import type { FetchLike } from '../http/transport';

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  id_token: z.string().optional(),
  scope: z.string().optional(),
  expires_in: z.number().positive(),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be Bearer'),
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

async function tokenCall(
  fetch: FetchLike,
  identityUrl: string,
  body: Record<string, string>,
  signal?: AbortSignal,
): Promise<TokenResponse> {
  let response: Response;
  try {
    response = await fetch(`${identityUrl.replace(/\/+$/, '')}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new TokenError(
      'network',
      `Can't reach the identity provider: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`,
    );
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const oauth = json as { error?: string; error_description?: string } | undefined;
    if (response.status >= 500)
      throw new TokenError('server', `The identity provider failed (HTTP ${response.status}). Try again later.`);
    if (oauth?.error === 'invalid_grant')
      throw new TokenError('invalid_grant', oauth.error_description ?? 'The sign-in has expired.', 'invalid_grant');
    throw new TokenError(
      'rejected',
      `The identity provider refused the request: ${oauth?.error_description ?? oauth?.error ?? `HTTP ${response.status}`}.`,
      oauth?.error,
    );
  }
  const parsed = TokenResponseSchema.safeParse(json);
  if (!parsed.success)
    throw new TokenError(
      'invalidResponse',
      `The identity provider answered an unexpected token response (${parsed.error.issues[0]?.path.join('.') ?? 'body'}).`,
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
