// The few vscode classes the tree nodes construct, so the real node code runs in plain Node for the bench.
// Registered by `useVscodeStub()` before the host modules are required.
import Module from 'node:module';

class EventEmitter<T> {
  private listeners = new Set<(value: T) => void>();
  event = (listener: (value: T) => void) => (this.listeners.add(listener), { dispose: () => this.listeners.delete(listener) });
  fire(value: T) {
    for (const listener of this.listeners) listener(value);
  }
  dispose() {
    this.listeners.clear();
  }
}

export const vscodeStub = {
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  TreeItem: class {
    id?: string;
    description?: string;
    contextValue?: string;
    tooltip?: unknown;
    iconPath?: unknown;
    command?: unknown;
    constructor(readonly label: string, readonly collapsibleState: number) {}
  },
  ThemeIcon: class {
    constructor(readonly id: string, readonly color?: unknown) {}
  },
  ThemeColor: class {
    constructor(readonly id: string) {}
  },
  MarkdownString: class {
    constructor(readonly value: string) {}
  },
  EventEmitter,
};

/** Makes `require('vscode')` answer the stub (the bench runs under tsx, which compiles to CommonJS). */
export function useVscodeStub(): void {
  const moduleWithResolve = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = moduleWithResolve._load;
  moduleWithResolve._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? vscodeStub : load.call(this, request, ...rest);
  };
}
