import type { Connection } from '../../../core/connections';
import { OrchestratorError } from '../../../core/http/errors';
import type { FolderSummary } from '../../../core/rows/rows';
import type { ExplorerHost } from './explorerHost';

/**
 * How many pinned folders one list looks up beyond the pages it read (a request each), per Refresh: far above real
 * use, a bound on what a stored list of pins can cost a tenant's rate limit.
 */
export const MAX_PIN_LOOKUPS = 20;
/** A lookup holds the list back this long at most (the list is shown without the pin after it). */
const PIN_LOOKUP_TIMEOUT_MS = 5_000;

/**
 * The pinned folders of one list that are not among the pages it read (folders arrive 100 at a time), so that a pin
 * comes first in a list of hundreds too. While the list has pages left, each pin that lives here or whose place this
 * window has not seen (core/folderLocations.ts) is looked up once: its own navigation context names its parent. A
 * list drops this on Refresh and makes a new one at its next lookup; a lookup still under way lands in the old one and
 * is not shown.
 */
export class PinnedBeyond {
  private readonly found = new Map<number, FolderSummary>();
  private readonly lookedUp = new Set<number>();
  private lookingUp: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: ExplorerHost,
    private readonly connection: Connection,
    private readonly parent: number | null,
  ) {}

  /** Looks up the pins not read yet that may live here (each once); callers at the same time share the requests. */
  lookUp(pinned: readonly number[], read: ReadonlySet<number>): Promise<void> {
    this.lookingUp = this.lookingUp.then(() => this.lookUpNow(pinned, read)).catch(() => undefined);
    return this.lookingUp;
  }

  /** The pinned folders found here and not read yet, for the list to show first. */
  shown(pinned: readonly number[], read: ReadonlySet<number>): FolderSummary[] {
    const current = new Set(pinned);
    return [...this.found.values()].filter((folder) => current.has(folder.Id) && !read.has(folder.Id));
  }

  /** A page brought these folders: their own entries replace what a lookup found. */
  read(ids: Iterable<number>): number[] {
    const replaced: number[] = [];
    for (const id of ids) if (this.found.delete(id)) replaced.push(id);
    return replaced;
  }

  private async lookUpNow(pinned: readonly number[], read: ReadonlySet<number>): Promise<void> {
    const locations = this.host.folderLocations(this.connection);
    const wanted = pinned
      .filter((id) => !read.has(id) && !this.lookedUp.has(id))
      .filter((id) => {
        const where = locations.of(id);
        return where === undefined || where === this.parent;
      })
      .slice(0, Math.max(0, MAX_PIN_LOOKUPS - this.lookedUp.size));
    for (const id of wanted) this.lookedUp.add(id);
    const answers = await Promise.all(wanted.map((id) => this.lookUpOne(id)));
    for (const folder of answers) if (folder) this.found.set(folder.Id, folder);
  }

  /** The pinned folder as this list shows it, when it lives here; where it lives is kept either way. */
  private async lookUpOne(id: number): Promise<FolderSummary | undefined> {
    const locations = this.host.folderLocations(this.connection);
    try {
      const nav = await this.host
        .clientFor(this.connection)
        .folders.navigation(id, { take: 1 }, { signal: AbortSignal.timeout(PIN_LOOKUP_TIMEOUT_MS) });
      const parent = nav.Ancestors.at(-1);
      const name = nav.DisplayName;
      if (nav.Id !== id || typeof name !== 'string') return undefined;
      locations.found(id, parent?.Id ?? null);
      if ((parent?.Id ?? null) !== this.parent) return undefined;
      return {
        Id: id,
        ...(typeof nav.Key === 'string' ? { Key: nav.Key } : {}),
        DisplayName: name,
        FullyQualifiedName: !parent ? name : parent.FullyQualifiedName ? `${parent.FullyQualifiedName}/${name}` : null,
        IsSelectable: nav.IsSelectable,
        IsPersonal: nav.IsPersonal,
        ChildrenCount: nav.ChildrenCount,
      };
    } catch (error) {
      // Not found or out of reach: gone for this window. Not answered: the pin waits for Load more, as any folder does.
      if (error instanceof OrchestratorError && (error.status === 404 || error.status === 403))
        locations.found(id, 'gone');
      return undefined;
    }
  }
}
