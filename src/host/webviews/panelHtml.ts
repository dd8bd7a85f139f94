import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** Only the bundles and the stylesheet are reachable from a panel. */
export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableFindWidget: true,
    localResourceRoots: [
      vscode.Uri.joinPath(extensionUri, 'dist', 'webviews'),
      vscode.Uri.joinPath(extensionUri, 'media'),
    ],
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The one page template: `default-src 'none'`, the panel's bundle by a fresh random nonce, styles and fonts from the
 * extension's own files only. The page carries no service data: everything arrives later as validated messages. In a
 * display language other than English its body carries our own messages for that language (`data-l10n`, the editor's
 * bundle for this extension, read and checked by webviews/common/displayLanguage.ts).
 */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, bundle: string, title: string): string {
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webviews', `${bundle}.js`));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css'));
  const csp = [
    `default-src 'none'`,
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
  ].join('; ');
  // Text to text, as the panel checks it (a bundle entry may also be { message, comment }).
  const messages = vscode.l10n.bundle
    ? Object.fromEntries(
        Object.entries(vscode.l10n.bundle as Record<string, unknown>).map(([key, value]) => [
          key,
          typeof value === 'string' ? value : String((value as { message?: unknown } | null)?.message ?? ''),
        ]),
      )
    : undefined;
  // l10n: code (markup)
  const language = messages ? ` data-l10n="${escapeAttribute(JSON.stringify(messages))}"` : '';
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(vscode.env.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeAttribute(style.toString())}">
<title>${escapeAttribute(title)}</title>
</head>
<body${language}>
<div id="status" aria-live="polite"></div>
<main id="app"></main>
<script nonce="${nonce}" src="${escapeAttribute(script.toString())}"></script>
</body>
</html>`;
}
