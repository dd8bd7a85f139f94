/**
 * Where a connection's folders live, as far as this window has seen: each folder's parent (null at the top level), or
 * `gone` for one that could not be found or reached. Every page of folders read tells it, so looking a pinned folder
 * up (host/views/explorer/pinnedBeyond.ts) costs a request only for a pin this window has never seen, and a pin known
 * to live in another list, or gone, costs no list a request again.
 */
export type FolderLocation = number | null | 'gone';

export class FolderLocations {
  private readonly parents = new Map<number, FolderLocation>();

  /** A page of `parent`'s children (null: the top level) was read. */
  seen(parent: number | null, ids: Iterable<number>): void {
    for (const id of ids) this.parents.set(id, parent);
  }

  /** A lookup answered: the folder lives under `parent`, or is gone (not found, or out of the user's reach). */
  found(id: number, location: FolderLocation): void {
    this.parents.set(id, location);
  }

  /** Where the folder lives, or undefined when this window has not seen it. */
  of(id: number): FolderLocation | undefined {
    return this.parents.get(id);
  }
}
