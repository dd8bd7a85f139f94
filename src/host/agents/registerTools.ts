import * as vscode from 'vscode';
import { onFirstUse } from '../../core/onFirstUse';
import type { Services } from '../services';
import { ToolName } from './toolNames';

/** The runner (and through it each tool) loads with the first call, not at activation. */
const runner = onFirstUse(() => import('./toolRunner'));

/**
 * Registers every language-model tool the manifest declares. An editor without the language-model API registers
 * none (the commands and views work as before).
 */
export function registerTools(ctx: Services): vscode.Disposable[] {
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  return Object.values(ToolName).map((name) =>
    vscode.lm.registerTool<unknown>(name, {
      prepareInvocation: async (options) => (await runner()).prepareTool(ctx, name, options.input),
      invoke: async (options, token) => (await runner()).toolResult(ctx, name, options, token),
    }),
  );
}
