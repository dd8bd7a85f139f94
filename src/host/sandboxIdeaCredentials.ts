import type * as vscode from 'vscode';
import { ideaSecretKey } from '../constants';
import type { Connection } from '../core/connections';
import { sandboxIdeaCredentials } from '../core/ideas/sandboxCredentials';
import { ideaCredentialsSecret } from '../core/auth/boundSecrets';
import { errorMessage } from '../core/errorMessage';

interface Needs {
  connections: { all(): Connection[] };
  extension: { secrets: vscode.SecretStorage };
  log: { info(text: string): void; warn(text: string): void; redact(value: string): void };
}

/**
 * The demo (`npm start`) and the test runners start the sandbox, whose idea service takes a token and app key made
 * new at each start, and pass them in the editor's environment (see src/core/ideas/sandboxCredentials.ts for why
 * that is safe). Here they are stored in SecretStorage — the one place idea credentials live — for each sandbox
 * connection that has none, so the Ideas view works with no manual step. Credentials already stored are left alone:
 * they were entered (or stored here) on purpose. The sandbox's port is new at each start, and with it the
 * connection's id, so a stored pair never outlives the sandbox that issued it.
 *
 * Resolves with the connections it stored credentials for; never rejects (a failure is logged, and the Ideas view
 * then asks for credentials as it would without a sandbox).
 */
export async function storeSandboxIdeaCredentials(ctx: Needs, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  try {
    const found = sandboxIdeaCredentials(
      { url: env.ORCHESTRATOR_SANDBOX_URL, ideas: env.ORCHESTRATOR_SANDBOX_IDEAS },
      ctx.connections.all(),
    );
    if (found.kind === 'none') return [];
    if (found.kind === 'unusable') {
      ctx.log.warn(found.problem);
      return [];
    }
    ctx.log.redact(found.credentials.token);
    ctx.log.redact(found.credentials.appKey);
    const stored: string[] = [];
    for (const id of found.connectionIds) {
      const key = ideaSecretKey(id);
      if (await ctx.extension.secrets.get(key)) continue;
      // Bound to the sandbox's origin, which is these connections' idea-service origin (sandboxIdeaCredentials checks).
      await ctx.extension.secrets.store(key, ideaCredentialsSecret(found.credentials, env.ORCHESTRATOR_SANDBOX_URL!));
      stored.push(id);
    }
    if (stored.length > 0)
      ctx.log.info(
        `Stored the sandbox's idea-service credentials for ${stored.length === 1 ? 'its connection' : `${stored.length} of its connections`} (from the editor's environment).`,
      );
    return stored;
  } catch (error) {
    ctx.log.warn(`Could not store the sandbox's idea-service credentials: ${errorMessage(error)}`);
    return [];
  }
}
