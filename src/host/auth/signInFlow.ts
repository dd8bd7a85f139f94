import * as vscode from 'vscode';
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

function cancelled(): Error {
  return new vscode.CancellationError();
}

/**
 * Authorization code + PKCE. The redirect goes to a loopback server in the extension host; `asExternalUri` makes
 * it reachable from the user's browser in every setup (local, remote, web: code-server proxies the port as
 * /proxy/<port>/callback). This extension always runs in a Node extension host, so the loopback server is always
 * available. A URI-handler redirect is not offered: in the web workbench openExternal re-encodes the query of the
 * authorize URL, which splits a redirect_uri that has its own query (…/callback?vscode-reqid=…&…). If the browser
 * cannot be opened, the user pastes the final URL instead. Ends on the callback, on cancellation, or after 5
 * minutes, and always closes the server. Where the provider offers pushed authorization requests, the browser's URL
 * holds only a reference to the request (see pushedRequest.ts for why).
 */
export async function runAuthorizationCodeFlow(
  connection: Connection,
  token: vscode.CancellationToken,
  port = 0,
  log?: (message: string) => void,
): Promise<SignInResult> {
  if (!connection.identityUrl) throw new Error(t("Connection '{0}' has no identity URL.", connection.label));
  const pkce = await createPkce();
  const loopback = await startLoopback(pkce.state, port);
  try {
    const external = await vscode.env.asExternalUri(vscode.Uri.parse(loopback.redirectUri));
    const redirectUri = external.toString(true);
    log?.(`Signing in to ${connection.label} (redirect ${redirectUri}).`);
    // Read once: it names the pushed-request endpoint and the keys that verify the id_token. Unreadable, the
    // sign-in could not be verified: say so now rather than after the browser step.
    const discovery = await readDiscovery(fetch, connection.identityUrl);
    const { url, pushed } = await browserSignInUrl(
      fetch,
      {
        identityUrl: connection.identityUrl,
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
    );
    log?.(
      pushed
        ? 'The sign-in request was pushed to the identity provider (the browser gets only its reference).'
        : 'The identity provider does not offer pushed requests: the browser gets the whole sign-in request.',
    );
    const opened = await vscode.env.openExternal(vscode.Uri.parse(url));
    const callbackUrl = await Promise.race([
      loopback.callback,
      opened ? new Promise<never>(() => undefined) : pasteFallback(url, token),
      new Promise<never>((_, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(t('The sign-in did not complete within 5 minutes. Start it again when you are ready.'))),
          FLOW_TIMEOUT_MS,
        );
        token.onCancellationRequested(() => {
          clearTimeout(timer);
          reject(cancelled());
        });
        void loopback.callback.finally(() => clearTimeout(timer));
      }),
    ]);
    const result = parseCallback(callbackUrl, pkce.state);
    if ('error' in result)
      throw new Error(
        result.error === 'access_denied'
          ? t('Sign-in was declined at the identity provider.')
          : t('The identity provider refused the sign-in: {0}', result.description),
      );
    const tokens = await exchangeCode(fetch, connection.identityUrl, {
      code: result.code,
      verifier: pkce.verifier,
      redirectUri,
      clientId: connection.clientId,
    });
    const claims = await verifyIdToken(
      fetch,
      tokens.id_token,
      { nonce: pkce.nonce, clientId: connection.clientId, identityUrl: connection.identityUrl },
      discovery,
    );
    return { tokens, claims };
  } finally {
    loopback.dispose();
  }
}

/** When no browser could be opened: the URL goes to the clipboard and the user pastes where the browser ended. */
async function pasteFallback(url: string, token: vscode.CancellationToken): Promise<string> {
  await vscode.env.clipboard.writeText(url);
  const pasted = await vscode.window.showInputBox(
    {
      title: t('Sign in: paste the address the browser ends on'),
      prompt: t(
        'The sign-in address is on your clipboard. Open it in a browser, sign in, then paste the full address of the page you land on.',
      ),
      ignoreFocusOut: true,
      validateInput: (value) =>
        /[?&]code=/.test(value) || /[?&]error=/.test(value)
          ? undefined
          : t('Paste the whole address; it contains code= and state='),
    },
    token,
  );
  if (!pasted) throw cancelled();
  return pasted;
}
