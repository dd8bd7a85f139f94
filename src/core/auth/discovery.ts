import * as z from 'zod/mini';
import type { FetchLike } from '../http/transport';
import { TokenError } from './tokens';
import { readCapped, TooLarge } from '../http/responseBody';
import { networkCause } from '../http/errors';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

/**
 * The identity provider's discovery document (`{identityUrl}/.well-known/openid-configuration`), read once per
 * sign-in: the pushed-request endpoint (pushedRequest.ts), the issuer and keys that verify the id_token (idToken.ts),
 * and for an application the token endpoint and whether the grant is offered (applicationGrant.ts) come from it.
 * Every endpoint it names is followed only on the identity URL's own origin.
 */

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;

const DiscoverySchema = z.looseObject({
  issuer: z.optional(z.string().check(z.minLength(1))),
  authorization_endpoint: z.optional(z.string()),
  pushed_authorization_request_endpoint: z.optional(z.string()),
  /** The client-credentials grant (applicationGrant.ts) posts here; the other grants keep {auth_url}/oauth/token. */
  token_endpoint: z.optional(z.string()),
  grant_types_supported: z.optional(z.array(z.string())),
  jwks_uri: z.optional(z.string().check(z.minLength(1))),
});
export type Discovery = z.infer<typeof DiscoverySchema>;

export const sameOrigin = (a: string, b: string): boolean => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

/** A JSON document of the provider, bounded in time and size; every failure is a TokenError saying what. */
export async function readProviderJson(fetch: FetchLike, url: string, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TokenError('network', t("Can't read the identity provider's {0}: {1}", what, await networkCause(error)));
  }
  if (!response.ok)
    throw new TokenError(
      'invalidResponse',
      t(
        "The identity provider's {0} is not available (HTTP {1}), so the sign-in cannot be verified.",
        what,
        response.status,
      ),
    );
  let text: string;
  try {
    text = new TextDecoder().decode(await readCapped(response, MAX_BYTES, false));
  } catch (error) {
    if (error instanceof TooLarge)
      throw new TokenError('invalidResponse', t("The identity provider's {0} is too large.", what));
    throw new TokenError('network', t("The identity provider's {0} could not be read: {1}", what, errorMessage(error)));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new TokenError('invalidResponse', t("The identity provider's {0} is not JSON.", what));
  }
}

export async function readDiscovery(fetch: FetchLike, identityUrl: string): Promise<Discovery> {
  const parsed = DiscoverySchema.safeParse(
    await readProviderJson(
      fetch,
      `${identityUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`,
      t('discovery document'),
    ),
  );
  if (!parsed.success)
    throw new TokenError(
      'invalidResponse',
      t(
        "The identity provider's discovery document cannot be read ({0}).",
        parsed.error.issues[0]?.path.join('.') ?? 'body',
      ),
    );
  return parsed.data;
}
