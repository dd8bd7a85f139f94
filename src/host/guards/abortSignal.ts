import type * as vscode from 'vscode';

/** An AbortSignal that fires when the command's cancellation token does (the core client speaks AbortSignal). */
export function abortSignalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
