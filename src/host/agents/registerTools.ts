import * as vscode from 'vscode';
import { onFirstUse } from '../../core/onFirstUse';
import type { Services } from '../services';

/** The runner (and through it each tool) loads with the first call, not at activation. */
const runner = onFirstUse(() => import('./toolRunner'));

/**
 * Registers every language-model tool the manifest declares (`npm run manifest` writes them from the definitions), by
 * name only: no tool's code loads at activation, and the runner answers a name without code. An editor without the
 * language-model API registers none.
 */
export function registerTools(ctx: Services): vscode.Disposable[] {
  const declared: unknown = ctx.extension.extension.packageJSON?.contributes?.languageModelTools;
  if (typeof vscode.lm?.registerTool !== 'function' || !Array.isArray(declared)) return [];
  return declared.map(({ name }: { name: string }) =>
    vscode.lm.registerTool<unknown>(name, {
      prepareInvocation: async (options) => (await runner()).prepareTool(ctx, name, options.input),
      invoke: async (options, token) => (await runner()).toolResult(ctx, name, options, token),
    }),
  );
}
