import * as z from 'zod/mini';
import type { FetchLike } from '../http/transport';
import { formatBytes, readCapped, TooLarge } from '../http/responseBody';
import { readDiscovery, sameOrigin, type Discovery } from './discovery';
import { authorizeEndpoint, authorizeParams, authorizeUrl, type AuthorizeRequest } from './pkce';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

/**
 * Pushed authorization requests (RFC 9126). The browser's URL then carries only `client_id` and a short-lived
 * `request_uri`: the redirect URI, challenge and hints travel in a direct POST from the extension host. Why it
 * matters here: in the browser editor (code-server) an identity provider on a loopback address is opened through the
 * editor's port proxy, which rewrites `//` in the query, so a redirect_uri in the URL arrived as `http:/127.0.0.1…`
 * and the token exchange then failed. Providers that do not advertise PAR get the spec's plain GET.
 */

const PUSH_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

const PushedSchema = z.looseObject({
  request_uri: z.string().check(z.minLength(1)).check(z.maxLength(2048)),
  expires_in: z.number().check(z.positive()),
});

/** Where the browser goes to sign in: the URL, and whether the request was pushed (for the log). */
export interface BrowserSignIn {
  url: string;
  pushed: boolean;
}

/**
 * The provider's PAR and authorization endpoints from its discovery document, when it has them on its own origin (an
 * endpoint elsewhere is not followed: the identity URL the user configured decides where the request goes).
 */
function parEndpoints(discovery: Discovery, identityUrl: string): { par: string; authorize: string } | undefined {
  const par = discovery.pushed_authorization_request_endpoint;
  if (!par || !sameOrigin(par, identityUrl)) return undefined;
  const authorize =
    discovery.authorization_endpoint && sameOrigin(discovery.authorization_endpoint, identityUrl)
      ? discovery.authorization_endpoint
      : authorizeEndpoint(identityUrl);
  return { par, authorize };
}

/**
 * The URL to open in the browser: pushed when the provider offers it, else the spec's GET with every parameter.
 * A provider that refuses the pushed request fails the sign-in with its reason (the same request would be refused in
 * the browser); an unreachable or unreadable discovery document falls back to the plain GET.
 */
export async function browserSignInUrl(
  fetch: FetchLike,
  request: AuthorizeRequest,
  log?: (message: string) => void,
  known?: Discovery,
): Promise<BrowserSignIn> {
  let endpoints: ReturnType<typeof parEndpoints>;
  try {
    endpoints = parEndpoints(known ?? (await readDiscovery(fetch, request.identityUrl)), request.identityUrl);
  } catch (error) {
    log?.(
      `The identity provider's discovery document could not be read (${errorMessage(error)}); signing in with the plain authorization request.`,
    );
    endpoints = undefined;
  }
  if (!endpoints) return { url: authorizeUrl(request), pushed: false };
  const signal = AbortSignal.timeout(PUSH_TIMEOUT_MS);
  const response = await fetch(endpoints.par, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: authorizeParams(request).toString(),
    // A redirect would carry the state, nonce, challenge and login hint to wherever it points: not followed, even on
    // the provider's own origin (the discovery document names the endpoint itself).
    redirect: 'manual',
    signal,
  });
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(
      t('The identity provider redirected the sign-in request (HTTP {0}); it is not followed.', response.status),
    );
  }
  let text: string;
  try {
    // An error's description is at its start; a success larger than this is no pushed-request answer.
    text = new TextDecoder().decode(await readCapped(response, MAX_ANSWER_BYTES, !response.ok));
  } catch (error) {
    if (error instanceof TooLarge)
      throw new Error(
        t('The identity provider answered the sign-in request with more than {0}.', formatBytes(MAX_ANSWER_BYTES)),
        { cause: error },
      );
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.status !== 201 && response.status !== 200) {
    const reason = (body as { error_description?: unknown } | undefined)?.error_description;
    throw new Error(
      t(
        'The identity provider refused the sign-in request: {0}',
        typeof reason === 'string' ? reason : `HTTP ${response.status}`,
      ),
    );
  }
  const pushed = PushedSchema.safeParse(body);
  if (!pushed.success)
    throw new Error(
      t('The identity provider answered the sign-in request with something unexpected (no request_uri).'),
    );
  const url = new URL(endpoints.authorize);
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('request_uri', pushed.data.request_uri);
  return { url: url.toString(), pushed: true };
}
