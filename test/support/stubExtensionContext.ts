// The ExtensionContext the stubbed `activate()` is given (the bench's activation figure, the budget test): this
// package's manifest, state in memory, and secrets in a Map the caller may fill first. The `vscode` module itself is
// vscodeStub.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { URI, Utils } from 'vscode-uri';

/** An event nobody fires: subscribing gives a disposable that does nothing. */
const noEvent = () => ({ dispose: () => undefined });

/** A Memento backed by a Map. */
function memento() {
  const values = new Map<string, unknown>();
  return {
    get: (key: string, fallback?: unknown) => (values.has(key) ? values.get(key) : fallback),
    update: async (key: string, value: unknown) => void values.set(key, value),
    keys: () => [...values.keys()],
    setKeysForSync: () => undefined,
  };
}

/** SecretStorage backed by a Map (the bench and tests put a stored sign-in in it before activating). */
export function stubSecrets(): {
  get(key: string): Promise<string | undefined>;
  store(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  onDidChange: typeof noEvent;
  keys(): Promise<string[]>;
} {
  const values = new Map<string, string>();
  return {
    get: async (key) => values.get(key),
    store: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
    onDidChange: noEvent,
    keys: async () => [...values.keys()],
  };
}

const ROOT = join(__dirname, '..', '..');

/** An ExtensionContext for `activate()`: this package's manifest, in-memory state and the given secrets. */
export function stubExtensionContext(
  secrets = stubSecrets(),
): { subscriptions: { dispose(): unknown }[] } & Record<string, unknown> {
  const extensionUri = URI.file(ROOT);
  return {
    subscriptions: [],
    secrets,
    globalState: memento(),
    workspaceState: memento(),
    extensionUri,
    extensionPath: ROOT,
    extensionMode: 3,
    extension: {
      id: 'orchestrator-workbench.orchestrator-workbench',
      extensionUri,
      packageJSON: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as unknown,
    },
    globalStorageUri: Utils.joinPath(extensionUri, '.stub', 'global'),
    storageUri: undefined,
    logUri: Utils.joinPath(extensionUri, '.stub', 'log'),
  };
}
