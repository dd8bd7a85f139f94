import type { RunningSandbox } from '@orchestrator-workbench/sandbox';

/**
 * The editor settings `npm start` gives a user: the sandbox as one connection, exactly as a user would add it (no
 * login hint, no prompt=none: Sign In goes through the sandbox's login page). The UI suite uses the same settings, so
 * it signs in the way an `npm start` user does. No secrets: sign-in keeps tokens in SecretStorage.
 */
export function sandboxEditorSettings(sandbox: RunningSandbox): Record<string, unknown> {
  return {
    'orchestrator.connections': [
      {
        label: 'Sandbox (main)',
        kind: 'cloud',
        serviceUrl: sandbox.url,
        identityUrl: sandbox.identityUrl,
        account: 'sandbox',
        tenant: 'main',
        clientId: 'orchestrator-workbench',
        scopes: 'openid profile offline_access email',
        audience: sandbox.url,
        protection: 'normal',
      },
    ],
    // The run folder sits inside this repository: no "open the repository in the parent folders?" notice.
    'git.openRepositoryInParentFolders': 'never',
  };
}

/**
 * What the extension host is started with: the sandbox's address and its idea-service credentials. The extension
 * stores the credentials in SecretStorage for the connection whose service URL is that address (never in settings),
 * so the Ideas view works at once. An environment variable, because only whoever starts the editor sets it.
 */
export function sandboxEditorEnvironment(sandbox: RunningSandbox): Record<string, string> {
  return {
    ORCHESTRATOR_SANDBOX_URL: sandbox.url,
    ORCHESTRATOR_SANDBOX_IDEAS: JSON.stringify({ token: sandbox.ideasToken, appKey: sandbox.ideasAppKey }),
  };
}
