import type { Connection } from '../../core/connections';
import { createPkce, parseCallback } from '../../core/auth/pkce';
import { browserSignInUrl } from '../../core/auth/pushedRequest';
import { verifyIdToken } from '../../core/auth/idToken';
import { readDiscovery } from '../../core/auth/discovery';
import { exchangeCode, type IdTokenClaims, type TokenResponse } from '../../core/auth/tokens';
import { startLoopback } from './loopback';
import { t } from '../../core/l10n';

const FLOW_TIMEOUT_MS = 5 * 60_000;

export interface SignInResult {
  tokens: TokenResponse;
  claims: IdTokenClaims;
}

/** What the editor does for the flow (signInFlow.ts); a test plays the browser itself. */
export interface BrowserSteps {
  /** The redirect address as the user's browser reaches it. */
  externalUri(uri: string): Promise<string>;
  /** Opens the sign-in page; false when no browser could be opened. */
  open(url: string): Promise<boolean>;
  /** Without a browser: the address the user's browser ended on, pasted (undefined when they gave up). */
  paste(url: string, signal: AbortSignal): Promise<string | undefined>;
}

/** The sign-in was stopped before it completed: replaced by a newer one, or cancelled by the user. */
export class SignInStopped extends Error {
  constructor() {
    super(t('The sign-in was cancelled.'));
    this.name = 'SignInStopped';
  }
}

/**
 * Authorization code + PKCE through a loopback listener (see signInFlow.ts for the editor's side). Ends on the
 * callback, when `signal` aborts (SignInStopped), or after 5 minutes, and always closes the listener before it
 * settles, so a sign-in started after it may take the same port. Where the provider offers pushed authorization
 * requests, the browser's URL holds only a reference to the request (see pushedRequest.ts for why).
 */
export async function authorizationCodeFlow(
  connection: Connection,
  steps: BrowserSteps,
  signal: AbortSignal,
  port = 0,
  log?: (message: string) => void,
): Promise<SignInResult> {
  if (!connection.identityUrl) throw new Error(t("Connection '{0}' has no identity URL.", connection.label));
  if (signal.aborted) throw new SignInStopped();
  const pkce = await createPkce();
  const loopback = await startLoopback(pkce.state, port);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  try {
    const stopped = new Promise<never>((_, reject) => {
      onAbort = () => reject(new SignInStopped());
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(
        () => reject(new Error(t('The sign-in did not complete within 5 minutes. Start it again when you are ready.'))),
        FLOW_TIMEOUT_MS,
      );
    });
    stopped.catch(() => undefined);
    const redirectUri = await Promise.race([steps.externalUri(loopback.redirectUri), stopped]);
    log?.(`Signing in to ${connection.label} (redirect ${redirectUri}).`);
    // Read once: it names the pushed-request endpoint and the keys that verify the id_token. Unreadable, the
    // sign-in could not be verified: say so now rather than after the browser step.
    const identityUrl = connection.identityUrl;
    const discovery = await Promise.race([readDiscovery(fetch, identityUrl), stopped]);
    const { url, pushed } = await Promise.race([
      browserSignInUrl(
        fetch,
        {
          identityUrl,
          clientId: connection.clientId,
          redirectUri,
          scopes: connection.scopes,
          audience: connection.audience,
          pkce,
          loginHint: connection.loginHint,
          prompt: connection.prompt,
          extra: connection.kind === 'cloud' && connection.tenant ? { tenant: connection.tenant } : undefined,
        },
        log,
        discovery,
      ),
      stopped,
    ]);
    log?.(
      pushed
        ? 'The sign-in request was pushed to the identity provider (the browser gets only its reference).'
        : 'The identity provider does not offer pushed requests: the browser gets the whole sign-in request.',
    );
    const opened = await Promise.race([steps.open(url), stopped]);
    const pasted = async () => (await steps.paste(url, signal)) ?? Promise.reject(new SignInStopped());
    const callbackUrl = await Promise.race([loopback.callback, ...(opened ? [] : [pasted()]), stopped]);
    const result = parseCallback(callbackUrl, pkce.state);
    if ('error' in result)
      throw new Error(
        result.error === 'access_denied'
          ? t('Sign-in was declined at the identity provider.')
          : t('The identity provider refused the sign-in: {0}', result.description),
      );
    const tokens = await exchangeCode(fetch, identityUrl, {
      code: result.code,
      verifier: pkce.verifier,
      redirectUri,
      clientId: connection.clientId,
    });
    const claims = await verifyIdToken(
      fetch,
      tokens.id_token,
      { nonce: pkce.nonce, clientId: connection.clientId, identityUrl },
      discovery,
    );
    return { tokens, claims };
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
    await loopback.dispose();
  }
}
