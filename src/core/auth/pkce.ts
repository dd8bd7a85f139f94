import { t } from '../l10n';

/**
 * Authorization code + PKCE values exactly as the spec's Authentication section: a verifier of 32 random bytes as
 * base64url without padding, its S256 challenge, and random state and nonce. Uses Web Crypto (Node and browsers).
 */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomBase64url(byteLength = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

export async function challengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export interface PkcePair {
  verifier: string;
  challenge: string;
  state: string;
  nonce: string;
}

export async function createPkce(): Promise<PkcePair> {
  const verifier = randomBase64url(32);
  return { verifier, challenge: await challengeFor(verifier), state: randomBase64url(16), nonce: randomBase64url(16) };
}

export interface AuthorizeRequest {
  identityUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: string;
  audience?: string;
  pkce: PkcePair;
  /** Standard OIDC hints: which account to use, and whether to show a login page. */
  loginHint?: string;
  prompt?: string;
  /** Extra parameters an identity provider needs (the sandbox's `tenant`). */
  extra?: Record<string, string>;
}

/** The spec's authorization endpoint: {auth_url}/authorize. */
export const authorizeEndpoint = (identityUrl: string) => `${identityUrl.replace(/\/+$/, '')}/authorize`;

/** The authorization request's parameters (empty values left out). */
export function authorizeParams(request: AuthorizeRequest): URLSearchParams {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    nonce: request.pkce.nonce,
    state: request.pkce.state,
    code_challenge: request.pkce.challenge,
    code_challenge_method: 'S256',
    scope: request.scopes,
    audience: request.audience,
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    login_hint: request.loginHint,
    prompt: request.prompt,
    ...request.extra,
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, value);
  return search;
}

/** The spec's authorization request: every parameter in the browser's URL. */
export function authorizeUrl(request: AuthorizeRequest): string {
  return `${authorizeEndpoint(request.identityUrl)}?${authorizeParams(request)}`;
}

export type CallbackResult = { code: string } | { error: string; description: string };

/** Reads the redirect: the state must be ours (else it is someone else's response), then a code or an error. */
export function parseCallback(callbackUrl: string, expectedState: string): CallbackResult {
  let url: URL;
  try {
    url = new URL(callbackUrl.trim());
  } catch {
    return {
      error: 'invalid_callback',
      description: t('That is not a URL. Paste the whole address the browser ended on.'),
    };
  }
  const state = url.searchParams.get('state');
  if (state !== expectedState)
    return {
      error: 'state_mismatch',
      description: t('The sign-in response does not belong to this sign-in attempt (state mismatch). Start again.'),
    };
  const error = url.searchParams.get('error');
  if (error) return { error, description: url.searchParams.get('error_description') ?? error };
  const code = url.searchParams.get('code');
  if (!code) return { error: 'invalid_callback', description: t('The sign-in response has no authorization code.') };
  return { code };
}
