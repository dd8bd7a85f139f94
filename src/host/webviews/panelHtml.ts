import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { t } from '../../core/l10n';

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
 * extension's own files only. The page carries no data: everything arrives later as validated messages.
 */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, bundle: string, title: string): string {
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webviews', `${bundle}.js`));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css'));
  const csp = [
    t("default-src 'none'"),
    t("script-src 'nonce-{0}'", nonce),
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
  ].join('; ');
  return t(
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="{0}">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<link rel="stylesheet" href="{1}">\n<title>{2}</title>\n</head>\n<body>\n<div id="status" aria-live="polite"></div>\n<main id="app"></main>\n<script nonce="{3}" src="{4}"></script>\n</body>\n</html>',
    csp,
    escapeAttribute(style.toString()),
    escapeAttribute(title),
    nonce,
    escapeAttribute(script.toString()),
  );
}
