import type { Connection } from '../core/connections';
import { tenantBaseUrl } from '../core/http/connection';
import type { FetchLike } from '../core/http/transport';
import { onFirstUse } from '../core/onFirstUse';
import { SPEC_DIALECT, type Dialect, type Discovered } from '../core/orchestrator/dialect';
import { Stored, type StoredState } from './storedState';

// Reading a definition (pages, redirects, the streamed scan) loads with the first reading: stored dialects need none.
const definitionDiscovery = onFirstUse(() => import('../core/orchestrator/definitionDiscovery'));

/** What the cache needs (the Ctx passes its own; unit tests plain objects). */
export interface DialectsDeps {
  readonly fetch: FetchLike;
  readonly state: Pick<StoredState, 'get' | 'update'>;
  /** Tells the user once per session that a connection's definition could not be read (the spec's names are used). */
  warn(connection: Connection, problem: string): void;
}

/** After a reading that failed for a passing reason (no answer, a 5xx), the spec's names serve this long, then it is read again. */
export const RETRY_AFTER_MS = 60_000;

/**
 * The dialect of each connection's service, read from its API definition the first time the connection is used and
 * kept in the user's storage (by connection id, which changes with the URL) with where it answered, so later sessions
 * send no request for it. Callers that ask while it is being
 * read wait for that one reading. A definition that cannot be read leaves the spec's names for this session (and is
 * tried again in the next, or with Refresh Service Definition); one whose paths answer 404 is read again once.
 */
export class Dialects {
  private readonly known = new Map<string, Promise<Dialect>>();
  /** When a connection whose reading failed for a passing reason is read again (ms since the epoch). */
  private readonly retryAt = new Map<string, number>();
  /** Connections already warned about this session: one warning each, however often the reading fails. */
  private readonly warned = new Set<string>();
  /** Connections whose definition was read again this session after its paths answered 404: once each. */
  private readonly reread = new Set<string>();
  /** How many definitions were read, in all and by connection id, for tests and the bench. */
  readings = 0;
  private readonly readingsById = new Map<string, number>();

  constructor(
    private readonly deps: DialectsDeps,
    private readonly now: () => number = Date.now,
  ) {}

  forConnection(connection: Connection): Promise<Dialect> {
    const retry = this.retryAt.get(connection.id);
    if (retry !== undefined && this.now() >= retry) {
      this.retryAt.delete(connection.id);
      this.known.delete(connection.id);
    }
    let dialect = this.known.get(connection.id);
    if (!dialect) {
      const stored = this.deps.state.get(Stored.dialects)[connection.id];
      dialect = stored ? Promise.resolve(stored) : this.read(connection);
      this.known.set(connection.id, dialect);
    }
    return dialect;
  }

  /**
   * Reads the definition again (Refresh Service Definition): kept when usable and answered either way; a reading that
   * fails leaves the names in use as they were.
   */
  async refresh(connection: Connection, signal?: AbortSignal): Promise<Discovered> {
    const found = await this.discover(connection, signal);
    if ('dialect' in found) {
      this.known.set(connection.id, Promise.resolve(found.dialect));
      this.retryAt.delete(connection.id);
    }
    return found;
  }

  /**
   * A request in the dialect's namespaces answered 404: the service may have been upgraded since its definition was
   * read. It is read again, once per session per connection (a 404 also answers an item that is gone), and what it
   * finds is used from the next request on.
   */
  async missed(connection: Connection): Promise<void> {
    if (this.reread.has(connection.id)) return;
    this.reread.add(connection.id);
    const found = await this.discover(connection).catch(() => undefined);
    if (found && 'dialect' in found) this.known.set(connection.id, Promise.resolve(found.dialect));
  }

  /**
   * What the folder-Key header's one try proved (transport.ts), kept for the session: clients made later (a new sign-in)
   * do not try again. Not written to storage: a write there while the tree loads delayed the editor's reveal of a row
   * in the integration suite; a new session tries once more (one request, on a service that refuses the Key).
   */
  learnFolderKey(connection: Connection, accepted: boolean): void {
    const folderKey = accepted ? 'accepted' : 'refused';
    const current = this.forConnection(connection);
    this.known.set(
      connection.id,
      current.then((dialect) => ({ ...dialect, folderKey })),
    );
  }

  readingsOf(connectionId: string): number {
    return this.readingsById.get(connectionId) ?? 0;
  }

  private async read(connection: Connection): Promise<Dialect> {
    const found = await this.discover(connection);
    if ('dialect' in found) return found.dialect;
    if (found.transient) this.retryAt.set(connection.id, this.now() + RETRY_AFTER_MS);
    if (!this.warned.has(connection.id)) {
      this.warned.add(connection.id);
      this.deps.warn(connection, found.problem);
    }
    return SPEC_DIALECT;
  }

  private async discover(connection: Connection, signal?: AbortSignal): Promise<Discovered> {
    this.readings++;
    this.readingsById.set(connection.id, this.readingsOf(connection.id) + 1);
    // Where it answered last asks first (a refresh, a reading after a 404).
    const remembered = this.deps.state.get(Stored.dialects)[connection.id]?.definitionPath;
    const { discoverDialect } = await definitionDiscovery();
    const found = await discoverDialect(this.deps.fetch, tenantBaseUrl(connection), { signal, remembered });
    if ('dialect' in found) {
      const stored = this.deps.state.get(Stored.dialects);
      await this.deps.state.update(Stored.dialects, { ...stored, [connection.id]: found.dialect });
    }
    return found;
  }
}
