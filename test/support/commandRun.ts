// What a command's handler receives when a unit test runs it directly: the parts of the context the test gives, a
// cancellation nobody fires, and no progress (the registry's wrapper is tested on its own).
import { CancellationTokenSource } from 'vscode';
import type { CommandRun } from '../../src/host/commands/registry';

export function aRun<C>(ctx: C): CommandRun<C> {
  return {
    ctx,
    token: new CancellationTokenSource().token,
    signal: new AbortController().signal,
    progressTitle: () => undefined,
  };
}
