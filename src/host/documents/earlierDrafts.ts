import { connectionSlug, legacyConnectionSlug, SCHEME } from '../../core/documents/orchestratorUri';
import type { StoredDraft } from '../storedState';
import { authorityOf, keyOf, partsOf, type DraftOwners } from './documentDrafts';

/**
 * Drafts saved by earlier versions name the connection by a 32-bit hash and no account. Each is moved to its
 * connection's new address, owned by the account signed in to it now (the only one this machine can tell); one whose
 * connection is signed out stays as it is until a later sign-in finds it; none is dropped unsaid (the log counts them,
 * and Remove Connection deletes them with the connection's others). Answers the drafts to store.
 */
export function adoptEarlierDrafts(all: Record<string, StoredDraft>, owners: DraftOwners): Record<string, StoredDraft> {
  const adopted: Record<string, StoredDraft> = {};
  let moved = 0;
  let left = 0;
  for (const [key, draft] of Object.entries(all)) {
    if (partsOf(key).owner !== undefined) {
      adopted[key] = draft;
      continue;
    }
    const authority = authorityOf(key);
    const connectionId = owners.connectionIds().find((id) => legacyConnectionSlug(id) === authority);
    const owner = connectionId === undefined ? undefined : owners.accountOf(connectionId);
    if (connectionId === undefined || owner === undefined) {
      adopted[key] = draft;
      left++;
      continue;
    }
    const uri = `${SCHEME}://${connectionSlug(connectionId)}${key.slice(`${SCHEME}://`.length + authority.length)}`;
    adopted[keyOf(uri, owner)] = { ...draft, owner };
    moved++;
  }
  owners.log(
    `Drafts saved by an earlier version: ${moved} moved to the account signed in to their connection, ${left} kept until their connection is signed in (or removed).`,
  );
  return adopted;
}
