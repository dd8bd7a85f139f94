import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import * as z from 'zod/mini';
import type { FetchLike } from '../http/transport';
import { readDiscovery, readProviderJson, sameOrigin, type Discovery } from './discovery';
import { TokenError, type IdTokenClaims } from './tokens';
import { t } from '../l10n';

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

/**
 * The issuer and keys from `{identityUrl}/.well-known/openid-configuration`. A `jwks_uri` on another origin is not
 * followed: the identity URL the user configured decides whom the extension trusts (as for the PAR endpoint).
 */
export async function fetchProviderKeys(
  fetch: FetchLike,
  identityUrl: string,
  known?: Discovery,
): Promise<ProviderKeys> {
  const discovery = known ?? (await readDiscovery(fetch, identityUrl));
  if (!discovery.issuer || !discovery.jwks_uri)
    throw new TokenError(
      'invalidResponse',
      t(
        "The identity provider's discovery document has no {0}, so the sign-in cannot be verified.",
        discovery.issuer ? 'jwks_uri' : 'issuer',
      ),
    );
  let jwksUrl: URL;
  try {
    jwksUrl = new URL(discovery.jwks_uri);
  } catch {
    throw new TokenError('invalidResponse', t("The identity provider's jwks_uri is not a URL."));
  }
  if (!sameOrigin(jwksUrl.href, identityUrl))
    throw new TokenError(
      'invalidResponse',
      t('The identity provider publishes its keys at another origin ({0}); they are not used.', jwksUrl.origin),
    );
  const jwks = JwksSchema.safeParse(await readProviderJson(fetch, jwksUrl.href, t('signing keys')));
  if (!jwks.success)
    throw new TokenError('invalidResponse', t("The identity provider's signing keys (JWKS) cannot be read."));
  return { issuer: discovery.issuer, jwks: jwks.data as JSONWebKeySet };
}

const refuse = (why: string) =>
  new TokenError('invalidResponse', t('The id_token was refused: {0}. The sign-in was not completed.', why));

/** Checks an id_token against keys already fetched (pure: the unit tests call it with their own keys and clock). */
export async function verifyIdTokenWith(
  idToken: string | undefined,
  keys: ProviderKeys,
  expected: Omit<IdTokenExpectations, 'identityUrl'>,
): Promise<IdTokenClaims> {
  if (!idToken)
    throw new TokenError(
      'invalidResponse',
      t('The identity provider returned no id_token, so the sign-in cannot be verified.'),
    );
  if (idToken.split('.').length !== 3) throw refuse(t('it is not a signed JWT'));
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
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + CLOCK_SKEW_SECONDS)
    throw refuse(t('it was issued in the future (iat)'));
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload.azp !== expected.clientId)
    throw refuse(t('it names several audiences without this client as authorized party (azp)'));
  if (payload.azp !== undefined && payload.azp !== expected.clientId)
    throw refuse(t('it was issued to another authorized party (azp)'));
  if (payload.nonce !== expected.nonce)
    throw refuse(t("it does not carry this sign-in's nonce; the response was not meant for this attempt"));
  return payload;
}

function reasonOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return t('it has expired (exp)');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return t('it was not issued by the configured identity provider (iss)');
    if (error.claim === 'aud') return t('it was issued for another client (aud)');
    return t('its "{0}" claim is missing or wrong', error.claim);
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return t('it is unsigned or signed with an algorithm that is not accepted');
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return t("its signature does not match the provider's keys");
  if (error instanceof joseErrors.JWKSNoMatchingKey) return t('it is signed with a key the provider does not publish');
  return t('it cannot be read as a signed JWT');
}

/** Fetches the provider's keys (from the discovery document already read, when given), then validates. */
export async function verifyIdToken(
  fetch: FetchLike,
  idToken: string | undefined,
  expected: IdTokenExpectations,
  discovery?: Discovery,
): Promise<IdTokenClaims> {
  if (!idToken)
    throw new TokenError(
      'invalidResponse',
      t('The identity provider returned no id_token, so the sign-in cannot be verified.'),
    );
  return verifyIdTokenWith(idToken, await fetchProviderKeys(fetch, expected.identityUrl, discovery), expected);
}
