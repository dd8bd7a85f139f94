import type * as vscode from 'vscode';
import type { SecretStore } from '../../core/auth/sessions';

/** The core's secret store on VS Code's SecretStorage (the OS keychain on desktop). */
export function secretStoreOf(secrets: vscode.SecretStorage): SecretStore {
  return {
    get: (key) => Promise.resolve(secrets.get(key)),
    store: (key, value) => Promise.resolve(secrets.store(key, value)),
    delete: (key) => Promise.resolve(secrets.delete(key)),
  };
}
