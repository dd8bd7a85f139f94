// Editor objects the host code is handed, as whole typed fakes: each is written against the `vscode` interface it
// stands for, so a member the interface gains or changes breaks the fake at compile time instead of hiding behind a
// cast. They record what reaches them for the test to read.
import type * as vscode from 'vscode';
import { Logger } from '../../src/host/log';

const disposable = () => ({ dispose: () => undefined });
/** An event nobody fires. */
const silent = () => disposable();

/**
 * A LogOutputChannel that keeps every line written as `<level> <message>`, at `logLevel` (vscode.LogLevel's value:
 * 1 Trace, 2 Debug, 3 Info).
 */
export function aLogOutputChannel(logLevel: vscode.LogLevel = 3): {
  channel: vscode.LogOutputChannel;
  written: string[];
} {
  const written: string[] = [];
  const write = (level: string) => (message: string | Error) => void written.push(`${level} ${String(message)}`);
  const channel: vscode.LogOutputChannel = {
    name: 'Orchestrator (test)',
    logLevel,
    onDidChangeLogLevel: silent,
    trace: write('trace'),
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    append: write('append'),
    appendLine: write('appendLine'),
    replace: write('replace'),
    clear: () => undefined,
    show: () => undefined,
    hide: () => undefined,
    dispose: () => undefined,
  };
  return { channel, written };
}

/** The extension's real Logger over a recording channel: `written` holds what reached the channel. */
export function aRecordingLogger(logLevel: vscode.LogLevel = 3): { log: Logger; written: string[] } {
  const { channel, written } = aLogOutputChannel(logLevel);
  return { log: new Logger(channel), written };
}

/**
 * A webview panel whose page the test plays: `posted` holds what the host posted to the page, `send` delivers a
 * message from the page, `close` disposes the panel as the user closing its tab does.
 */
export function aWebviewPanel(title = 'Panel'): {
  panel: vscode.WebviewPanel;
  posted: unknown[];
  send: (raw: unknown) => void;
  close: () => void;
} {
  const posted: unknown[] = [];
  let receive: (raw: unknown) => void = () => undefined;
  let disposed: () => void = () => undefined;
  const webview: vscode.Webview = {
    options: {},
    html: '',
    cspSource: 'vscode-resource:',
    asWebviewUri: (uri) => uri,
    onDidReceiveMessage: (listener: (raw: unknown) => void) => ((receive = listener), disposable()),
    postMessage: async (message: unknown) => (posted.push(message), true),
  };
  const panel: vscode.WebviewPanel = {
    viewType: 'test.panel',
    title,
    webview,
    options: {},
    viewColumn: undefined,
    active: true,
    visible: true,
    onDidChangeViewState: silent,
    onDidDispose: (listener: () => void) => ((disposed = listener), disposable()),
    reveal: () => undefined,
    dispose: () => disposed(),
  };
  return { panel, posted, send: (raw) => receive(raw), close: () => panel.dispose() };
}

/** SecretStorage in memory: `values` is what was stored (a test may seed it); no change event fires. */
export function aSecretStorage(values = new Map<string, string>()): {
  secrets: vscode.SecretStorage;
  values: Map<string, string>;
} {
  const secrets: vscode.SecretStorage = {
    get: async (key) => values.get(key),
    store: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
    onDidChange: silent,
  };
  return { secrets, values };
}
