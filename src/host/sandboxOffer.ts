import * as vscode from 'vscode';

/**
 * Whether the product mentions the sandbox at all. The sandbox is ours, for development and tests: someone who
 * installed the extension has none, so neither the welcome view nor Add Connection offers it to them. It appears in a
 * development or test run of the extension, or when whoever started the editor gave its address in the environment
 * (`npm start` and the test harness do; a workspace cannot).
 */
export interface SandboxOffer {
  readonly available: boolean;
  /** Its address when known (the environment's); otherwise the loopback prefix to complete. */
  readonly url: string;
}

export function sandboxOffer(mode: vscode.ExtensionMode, env: NodeJS.ProcessEnv = process.env): SandboxOffer {
  const given = env.ORCHESTRATOR_SANDBOX_URL?.trim();
  if (given) return { available: true, url: given };
  return { available: mode !== vscode.ExtensionMode.Production, url: 'http://127.0.0.1:' };
}
