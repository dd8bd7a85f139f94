import type * as vscode from 'vscode';
import * as z from 'zod/mini';
import '../core/zodLocale';
import { DialectSchema } from '../core/orchestrator/dialect';
import { rawValues } from '../shared/protocol/ideaForm';
import { MAX_FOLDER_CHOICES } from '../core/folderPreferences';
import { t } from '../core/l10n';

/**
 * What the extension keeps in the editor's storage between sessions, key by key: where it lives (the user's storage,
 * or this workspace's), its shape, and its value when absent. Stored state is input like any other: another version
 * of the extension, a synced profile or a hand-edited state database may hold anything under a key, so every read is
 * checked against the key's schema and an unreadable value counts as absent (and is reported once). Nothing secret
 * is stored here: secrets live in SecretStorage.
 */
export interface StoredEntry<T> {
  readonly key: string;
  /** `user`: globalState (follows the user across workspaces); `workspace`: workspaceState (this folder only). */
  readonly scope: 'user' | 'workspace';
  readonly schema: z.ZodMiniType<T>;
  readonly fallback: T;
}

const entry = <T>(
  scope: StoredEntry<T>['scope'],
  key: string,
  schema: z.ZodMiniType<T>,
  fallback: T,
): StoredEntry<T> => ({
  key,
  scope,
  schema,
  fallback,
});

const draftSchema = z.object({
  text: z.string(),
  base: z.string(),
  savedAt: z.number(),
  /** The account (its id: connection and user name) that wrote it; absent on drafts of earlier versions. */
  owner: z.optional(z.string()),
});
export type StoredDraft = z.infer<typeof draftSchema>;

const selectionSchema = z.object({
  connectionId: z.optional(z.string()),
  folder: z.optional(z.object({ id: z.number(), path: z.string() })),
});
export type ActiveSelection = z.infer<typeof selectionSchema>;

const folderIds = z.array(z.int()).check(z.maxLength(MAX_FOLDER_CHOICES));
const folderPreferencesSchema = z.object({ hidden: folderIds, pinned: folderIds });

/** Every key the extension stores: one place, so a reader cannot invent a key or a shape. */
export const Stored = {
  /** The connection and folder commands act on by default. */
  activeSelection: entry('user', 'orchestrator.active', selectionSchema, {}),
  /** Connections whose account signed out: their Ideas wait for a sign-in (signedOut.ts). */
  lockedConnections: entry('user', 'orchestrator.ideas.lockedUntilSignIn', z.array(z.string()), []),
  /** Saved, not yet applied edits of `orchestrator:` documents, by document URI and owner (documentDrafts.ts). */
  documentDrafts: entry('user', 'orchestrator.documentDrafts', z.record(z.string(), draftSchema), {}),
  /** Each connection's service dialect, read from its API definition (dialects.ts), by connection id. */
  dialects: entry('user', 'orchestrator.dialects', z.record(z.string(), DialectSchema), {}),
  /** Package versions whose arguments the service refused to change, by connection id. */
  refusedArguments: entry('user', 'orchestrator.argumentsRefused', z.record(z.string(), z.array(z.string())), {}),
  /** Folders the user hid or pinned, by connection id (core/folderPreferences.ts). */
  folderPreferences: entry('user', 'orchestrator.folderPreferences', z.record(z.string(), folderPreferencesSchema), {}),
  /** Get Started was opened by itself once already (firstSteps.ts): never again. */
  getStartedOpened: entry('user', 'orchestrator.getStarted.opened', z.boolean(), false),
  /** Idea forms typed and not submitted, by panel identity. */
  ideaDrafts: entry('workspace', 'orchestrator.ideaDrafts', z.record(z.string(), rawValues), {}),
  /** The input arguments last typed in Start Job, by connection, folder and process. */
  lastArguments: entry(
    'workspace',
    'orchestrator.lastArguments',
    z.record(z.string(), z.record(z.string(), z.string())),
    {},
  ),
} as const;

/** Each storage's queue of writes (shared by every StoredState over it) and the values waiting in it, by key. */
const queues = new WeakMap<vscode.Memento, StorageWrites>();

interface StorageWrites {
  last: Promise<unknown>;
  /** Writes started or queued and not yet ended. */
  busy: number;
  pending: Map<string, { value: unknown }>;
}

function writesOf(memento: vscode.Memento): StorageWrites {
  let writes = queues.get(memento);
  if (!writes) queues.set(memento, (writes = { last: Promise.resolve(), busy: 0, pending: new Map() }));
  return writes;
}

/** The part of an ExtensionContext this needs (a plain object in unit tests). */
export type StateSource = Pick<vscode.ExtensionContext, 'globalState' | 'workspaceState'>;

export class StoredState {
  private readonly reported = new Set<string>();
  /**
   * The last value read of each key, with what the storage held then. The editor's storage hands back the same object
   * until the key is written, so a key is checked once per value, not on every read (the tree reads the folder
   * preferences on each redraw; the document checks read the drafts on each keystroke). Readers copy before changing.
   */
  private readonly checked = new Map<string, { raw: unknown; value: unknown }>();

  constructor(
    private readonly source: StateSource,
    private readonly onUnreadable: (message: string) => void = () => undefined,
  ) {}

  get<T>(entry: StoredEntry<T>): T {
    const queued = writesOf(this.memento(entry)).pending.get(entry.key);
    if (queued) return queued.value as T;
    const raw = this.memento(entry).get<unknown>(entry.key);
    if (raw === undefined) return entry.fallback;
    const last = this.checked.get(entry.key);
    if (last && last.raw === raw) return last.value as T;
    const parsed = entry.schema.safeParse(raw);
    if (parsed.success) {
      this.checked.set(entry.key, { raw, value: parsed.data });
      return parsed.data;
    }
    if (!this.reported.has(entry.key)) {
      this.reported.add(entry.key);
      this.onUnreadable(
        t(
          'Stored state {0} is unreadable and was ignored: {1}.',
          entry.key,
          parsed.error.issues[0]?.message ?? t('wrong shape'),
        ),
      );
    }
    return entry.fallback;
  }

  /**
   * Writes a value of the key's shape (checked here too: a bug must not store what the next read would drop). Writes
   * to one storage go one at a time, and a queued value is what a read returns until it is written: the editor's
   * storage changes the extension host's copy at once, then replaces that copy wholesale with the one the main
   * process echoes back, so a write made while another was on its way could be lost though its promise resolved.
   */
  async update<T>(entry: StoredEntry<T>, value: T): Promise<void> {
    const memento = this.memento(entry);
    const parsed = entry.schema.parse(value);
    const writes = writesOf(memento);
    // Wrapped, so that a later write of an equal primitive is told apart from this one when this one is done.
    const mine = { value: parsed };
    writes.pending.set(entry.key, mine);
    // With none on its way the write starts at once, so the storage's copy holds it before this returns, as before.
    const start = () => memento.update(entry.key, parsed);
    const written: Promise<void> = writes.busy === 0 ? new Promise((done) => done(start())) : writes.last.then(start);
    writes.busy++;
    writes.last = written.catch(() => undefined).then(() => void writes.busy--);
    try {
      await written;
    } finally {
      if (writes.pending.get(entry.key) === mine) writes.pending.delete(entry.key);
    }
  }

  private memento(entry: StoredEntry<unknown>): vscode.Memento {
    return entry.scope === 'user' ? this.source.globalState : this.source.workspaceState;
  }
}
