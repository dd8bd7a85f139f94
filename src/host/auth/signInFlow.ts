import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import { abortSignalOf } from '../guards/abortSignal';
import { authorizationCodeFlow, SignInStopped, type BrowserSteps, type SignInResult } from './authorizationCode';
import { t } from '../../core/l10n';

export type { SignInResult } from './authorizationCode';

/**
 * The browser sign-in in the editor (the flow itself is authorizationCode.ts). The redirect goes to a loopback server
 * in the extension host; `asExternalUri` makes it reachable from the user's browser in every setup (local, remote,
 * web: code-server proxies the port as /proxy/<port>/callback). This extension always runs in a Node extension host,
 * so the loopback server is always available. A URI-handler redirect is not offered: in the web workbench
 * openExternal re-encodes the query of the authorize URL, which splits a redirect_uri that has its own query
 * (…/callback?vscode-reqid=…&…). If the browser cannot be opened, the user pastes the final URL instead. A stopped
 * sign-in (cancelled or replaced) ends in a CancellationError.
 */
export async function runAuthorizationCodeFlow(
  connection: Connection,
  token: vscode.CancellationToken,
  port = 0,
  log?: (message: string) => void,
): Promise<SignInResult> {
  try {
    return await authorizationCodeFlow(connection, editorSteps, abortSignalOf(token), port, log);
  } catch (error) {
    throw error instanceof SignInStopped ? new vscode.CancellationError() : error;
  }
}

const editorSteps: BrowserSteps = {
  externalUri: async (uri) => (await vscode.env.asExternalUri(vscode.Uri.parse(uri))).toString(true),
  open: async (url) => vscode.env.openExternal(vscode.Uri.parse(url)),
  paste: pasteFallback,
};

/** When no browser could be opened: the URL goes to the clipboard and the user pastes where the browser ended. */
async function pasteFallback(url: string, signal: AbortSignal): Promise<string | undefined> {
  await vscode.env.clipboard.writeText(url);
  const closed = new vscode.CancellationTokenSource();
  signal.addEventListener('abort', () => closed.cancel(), { once: true });
  try {
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
      closed.token,
    );
    return pasted || undefined;
  } finally {
    closed.dispose();
  }
}
