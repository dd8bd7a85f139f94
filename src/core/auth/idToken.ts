import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { z } from 'zod';
import type { FetchLike } from '../http/transport';
import { TokenError, type IdTokenClaims } from './tokens';

/**
 * ID token validation, OpenID Connect Core 3.1.3.7. The sign-in trusts the id_token to say who signed in and that the
 * response belongs to this attempt, so an unsigned or foreign token must never pass: the signature is checked against
 * the keys the provider publishes (`jwks_uri` in its discovery document), the issuer against the discovery document's
 * `issuer`, and the audience, times and nonce against this sign-in.
 */

/** Clock difference tolerated between this machine and the provider (OIDC leaves it to the client; 5 min is common). */
export const CLOCK_SKEW_SECONDS = 300;
/** Asymmetric algorithms only: with a symmetric one the "key" would be the client secret a public client cannot keep. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;

const DiscoverySchema = z.looseObject({ issuer: z.string().min(1), jwks_uri: z.string().min(1) });
const JwksSchema = z.looseObject({ keys: z.array(z.looseObject({ kty: z.string() })) });

export interface IdTokenExpectations {
  nonce: string;
  clientId: string;
  /** The identity URL the user configured: discovery and keys are read from its origin only. */
  identityUrl: string;
  now?: () => number;
}

/** What the provider publishes for id_token checks: its issuer name and its signing keys. */
export interface ProviderKeys {
  issuer: string;
  jwks: JSONWebKeySet;
}

async function readJson(fetch: FetchLike, url: string, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new TokenError('network', `Can't read the identity provider's ${what}: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`);
  }
  if (!response.ok) throw new TokenError('invalidResponse', `The identity provider's ${what} is not available (HTTP ${response.status}), so the sign-in cannot be verified.`);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new TokenError('invalidResponse', `The identity provider's ${what} is too large.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new TokenError('invalidResponse', `The identity provider's ${what} is not JSON.`);
  }
}

/**
 * The issuer and keys from `{identityUrl}/.well-known/openid-configuration`. A `jwks_uri` on another origin is not
 * followed: the identity URL the user configured decides whom the extension trusts (as for the PAR endpoint).
 */
export async function fetchProviderKeys(fetch: FetchLike, identityUrl: string): Promise<ProviderKeys> {
  const base = identityUrl.replace(/\/+$/, '');
  const discovery = DiscoverySchema.safeParse(await readJson(fetch, `${base}/.well-known/openid-configuration`, 'discovery document'));
  if (!discovery.success) throw new TokenError('invalidResponse', `The identity provider's discovery document has no ${discovery.error.issues[0]?.path.join('.') ?? 'issuer or jwks_uri'}, so the sign-in cannot be verified.`);
  let jwksUrl: URL;
  try {
    jwksUrl = new URL(discovery.data.jwks_uri);
  } catch {
    throw new TokenError('invalidResponse', 'The identity provider\'s jwks_uri is not a URL.');
  }
  if (jwksUrl.origin !== new URL(base).origin) throw new TokenError('invalidResponse', `The identity provider publishes its keys at another origin (${jwksUrl.origin}); they are not used.`);
  const jwks = JwksSchema.safeParse(await readJson(fetch, jwksUrl.href, 'signing keys'));
  if (!jwks.success) throw new TokenError('invalidResponse', 'The identity provider\'s signing keys (JWKS) cannot be read.');
  return { issuer: discovery.data.issuer, jwks: jwks.data as JSONWebKeySet };
}

const refuse = (why: string) => new TokenError('invalidResponse', `The id_token was refused: ${why}. The sign-in was not completed.`);

/** Checks an id_token against keys already fetched (pure: the unit tests call it with their own keys and clock). */
export async function verifyIdTokenWith(idToken: string | undefined, keys: ProviderKeys, expected: Omit<IdTokenExpectations, 'identityUrl'>): Promise<IdTokenClaims> {
  if (!idToken) throw new TokenError('invalidResponse', 'The identity provider returned no id_token, so the sign-in cannot be verified.');
  if (idToken.split('.').length !== 3) throw refuse('it is not a signed JWT');
  const nowSeconds = Math.floor((expected.now?.() ?? Date.now()) / 1000);
  let payload: IdTokenClaims & { iat?: number; azp?: string };
  try {
    ({ payload } = await jwtVerify(idToken, createLocalJWKSet(keys.jwks), {
      issuer: keys.issuer,
      audience: expected.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: new Date(nowSeconds * 1000),
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub'],
    }));
  } catch (error) {
    throw refuse(reasonOf(error));
  }
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + CLOCK_SKEW_SECONDS) throw refuse('it was issued in the future (iat)');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload.azp !== expected.clientId) throw refuse('it names several audiences without this client as authorized party (azp)');
  if (payload.azp !== undefined && payload.azp !== expected.clientId) throw refuse('it was issued to another authorized party (azp)');
  if (payload.nonce !== expected.nonce) throw refuse('it does not carry this sign-in\'s nonce; the response was not meant for this attempt');
  return payload;
}

function reasonOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'it has expired (exp)';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'it was not issued by the configured identity provider (iss)';
    if (error.claim === 'aud') return 'it was issued for another client (aud)';
    return `its "${error.claim}" claim is missing or wrong`;
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'it is unsigned or signed with an algorithm that is not accepted';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'its signature does not match the provider\'s keys';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'it is signed with a key the provider does not publish';
  return 'it cannot be read as a signed JWT';
}

/** Fetches the provider's keys, then validates (the sign-in flow's one call). */
export async function verifyIdToken(fetch: FetchLike, idToken: string | undefined, expected: IdTokenExpectations): Promise<IdTokenClaims> {
  if (!idToken) throw new TokenError('invalidResponse', 'The identity provider returned no id_token, so the sign-in cannot be verified.');
  return verifyIdTokenWith(idToken, await fetchProviderKeys(fetch, expected.identityUrl), expected);
}
