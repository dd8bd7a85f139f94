// Enough of the `vscode` module for the real host code to run in plain Node: host unit tests (test/unit/host), the
// tree nodes for the bench, and the whole `activate()` for the activation figure and the budget test. Classes the code constructs are small real
// implementations; views, channels and status items are objects that accept any call; every `show…` answers
// "dismissed". Installed for the whole unit layer by `installVscodeStub.ts` (test/unit/.mocharc.json's `require`).
// The ExtensionContext `activate()` is given is in stubExtensionContext.ts.
import Module from 'node:module';
import { URI, Utils } from 'vscode-uri';

class EventEmitter<T> {
  private listeners = new Set<(value: T) => void>();
  event = (listener: (value: T) => void) => (
    this.listeners.add(listener),
    { dispose: () => this.listeners.delete(listener) }
  );
  fire(value: T) {
    for (const listener of this.listeners) listener(value);
  }
  dispose() {
    this.listeners.clear();
  }
}

const disposable = () => ({ dispose: () => undefined });

/** A real CancellationTokenSource: cancel() fires the token's listeners once. */
class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.emitter.event };
  cancel() {
    if (this.token.isCancellationRequested) return;
    this.token.isCancellationRequested = true;
    this.emitter.fire();
  }
  dispose() {
    this.emitter.dispose();
  }
}
const event = () => disposable();

/**
 * Stands for anything the code only calls into (a view, a channel, `window.tabGroups`): callable, any method can be
 * called on it and any event subscribed to; assigned properties read back.
 */
function anything(fields: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = { ...fields };
  return new Proxy(function () {} as unknown as Record<string, unknown>, {
    apply: () => anything(),
    get(_target, key) {
      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined;
      if (key in values) return values[key];
      if (/^on(Did|Will)/.test(key)) return event;
      return anything();
    },
    set(_target, key, value) {
      values[key as string] = value;
      return true;
    },
  });
}

/** Every `show…` call of a namespace (`window.showErrorMessage`, …), in order, for tests to read: name and arguments. */
export const shownMessages: { name: string; args: unknown[] }[] = [];

/** A namespace: `show…` resolves to undefined (the user dismissed it), `on…` are events, the rest is `anything`. */
function namespace<T extends Record<string, unknown>>(known: T): T & Record<string, unknown> {
  return new Proxy(known, {
    get(target, key) {
      if (key in target) return target[key as string];
      if (typeof key === 'symbol' || key === 'then') return undefined;
      if (key.startsWith('show')) return async (...args: unknown[]) => void shownMessages.push({ name: key, args });
      if (/^on(Did|Will)/.test(key)) return event;
      return anything();
    },
  });
}

/** Settings the stubbed `workspace.getConfiguration` answers, by full key (`orchestrator.connections`). */
export const stubSettings = new Map<string, unknown>();

const configuration = (section?: string) => ({
  get: (key: string, fallback?: unknown) => stubSettings.get(section ? `${section}.${key}` : key) ?? fallback,
  has: (key: string) => stubSettings.has(section ? `${section}.${key}` : key),
  // The stub's settings are user settings: the extension reads credential-bearing keys from that level only.
  inspect: (key: string) => ({ key, globalValue: stubSettings.get(section ? `${section}.${key}` : key) }),
  update: async (key: string, value: unknown) => void stubSettings.set(section ? `${section}.${key}` : key, value),
});

class Disposable {
  constructor(private readonly callOnDispose: () => void) {}
  static from(...items: { dispose(): unknown }[]) {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose() {
    this.callOnDispose();
  }
}

/** Enums the code reads: numbers by name (their values do not matter outside the editor). */
const enumOf = (...names: string[]) => Object.fromEntries(names.map((name, index) => [name, index]));

export const vscodeStub = {
  version: '1.101.0-stub',
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  TreeItem: class {
    id?: string;
    description?: string;
    contextValue?: string;
    tooltip?: unknown;
    iconPath?: unknown;
    command?: unknown;
    constructor(
      readonly label: string,
      readonly collapsibleState: number,
    ) {}
  },
  ThemeIcon: class {
    constructor(
      readonly id: string,
      readonly color?: unknown,
    ) {}
  },
  ThemeColor: class {
    constructor(readonly id: string) {}
  },
  MarkdownString: class {
    constructor(readonly value: string) {}
  },
  EventEmitter,
  Disposable,
  Uri: {
    parse: (value: string) => URI.parse(value),
    file: (path: string) => URI.file(path),
    from: (parts: Parameters<typeof URI.from>[0]) => URI.from(parts),
    joinPath: Utils.joinPath,
  },
  CancellationError: class extends Error {},
  CancellationTokenSource,
  FileSystemError: class extends Error {},
  StatusBarAlignment: enumOf('Left', 'Right'),
  ConfigurationTarget: enumOf('Global', 'Workspace', 'WorkspaceFolder'),
  UIKind: enumOf('Desktop', 'Web'),
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  ViewColumn: { Active: -1, Beside: -2, One: 1 },
  ProgressLocation: enumOf('SourceControl', 'Window', 'Notification'),
  FileType: enumOf('Unknown', 'File', 'Directory'),
  FileChangeType: enumOf('Changed', 'Created', 'Deleted'),
  DiagnosticSeverity: enumOf('Error', 'Warning', 'Information', 'Hint'),
  CodeActionKind: { QuickFix: 'quickfix' },
  // What a diagnostic is built of (faults to source): plain records of what they are given.
  Range: class {
    constructor(
      readonly startLine: number,
      readonly startCharacter: number,
      readonly endLine: number,
      readonly endCharacter: number,
    ) {}
    get start() {
      return { line: this.startLine, character: this.startCharacter };
    }
  },
  Location: class {
    constructor(
      readonly uri: unknown,
      readonly range: unknown,
    ) {}
  },
  Diagnostic: class {
    source?: string;
    relatedInformation?: unknown[];
    constructor(
      readonly range: unknown,
      readonly message: string,
      readonly severity: number,
    ) {}
  },
  DiagnosticRelatedInformation: class {
    constructor(
      readonly location: unknown,
      readonly message: string,
    ) {}
  },
  QuickPickItemKind: { Separator: -1, Default: 0 },
  window: namespace({
    createTreeView: () => anything({ visible: false }),
    // The task runs at once, reporting to nobody, never cancelled.
    withProgress: <T>(
      _options: unknown,
      task: (progress: { report: () => void }, token: CancellationTokenSource['token']) => Promise<T>,
    ) => task({ report: () => undefined }, new CancellationTokenSource().token),
  }),
  workspace: namespace({ getConfiguration: configuration, workspaceFolders: undefined, textDocuments: [] }),
  commands: namespace({
    // Typed as wide as tests that put their own in place need.
    executeCommand: async (..._args: unknown[]): Promise<unknown> => undefined,
    registerCommand: (_id: string, _handler: (...args: unknown[]) => Promise<unknown>) => disposable(),
    getCommands: async () => [],
  }),
  authentication: namespace({ getSession: async () => undefined }),
  languages: namespace({}),
  env: namespace({ appName: 'stub', uiKind: 0, language: 'en', openExternal: async () => false }),
  // English: VS Code loads no bundle.
  l10n: namespace({ bundle: undefined, uri: undefined }),
};

/** src/core and src/shared run in plain Node and in webviews: a module there that asks for `vscode` is refused. */
const PURE_LAYERS = /[\\/]src[\\/](core|shared)[\\/]/;

/**
 * Makes `require('vscode')` answer the stub (the bench and the unit tests run under tsx, which compiles to CommonJS),
 * except from src/core and src/shared: with the stub installed for the whole unit layer, this keeps the proof that
 * core never needs `vscode` at run time (the house rules test and lint hold it in the source).
 */
export function useVscodeStub(): void {
  const moduleWithLoad = Module as unknown as {
    _load: (request: string, parent?: { filename?: string }, ...rest: unknown[]) => unknown;
  };
  const load = moduleWithLoad._load;
  if ((load as { stubbed?: boolean }).stubbed) return;
  const stubbed = Object.assign(
    function (this: unknown, request: string, parent?: { filename?: string }, ...rest: unknown[]) {
      if (request !== 'vscode') return load.call(this, request, parent, ...rest);
      if (PURE_LAYERS.test(parent?.filename ?? '')) throw new Error(`${parent!.filename} needs vscode: core must not`);
      return vscodeStub;
    },
    { stubbed: true },
  );
  moduleWithLoad._load = stubbed;
}

const STUB_KEY = Symbol.for('orchestrator-workbench.vscodeStub');
let stubbedForModules = false;

/**
 * Makes `import 'vscode'` in an ES module (the production bundle, `dist/extension.mjs` and its chunks) answer the
 * same stub: a module whose exports are the stub's namespaces, read from the one object the tests change.
 */
export function useVscodeStubForModules(): void {
  useVscodeStub();
  if (stubbedForModules) return;
  stubbedForModules = true;
  (globalThis as Record<symbol, unknown>)[STUB_KEY] = vscodeStub;
  const source = [
    `const stub = globalThis[Symbol.for(${JSON.stringify(STUB_KEY.description)})];`,
    ...Object.keys(vscodeStub).map((name) => `export const ${name} = stub.${name};`),
  ].join('\n');
  const url = `data:text/javascript,${encodeURIComponent(source)}`;
  Module.registerHooks({
    resolve: (specifier, context, next) =>
      specifier === 'vscode' ? { url, format: 'module', shortCircuit: true } : next(specifier, context),
  });
}
