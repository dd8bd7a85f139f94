// Beyond the spec (README): queues and assets of every folder the caller may use, as real clients list them.
import type { EntitySetDef } from '../../odata/query';
import { badRequest } from '../../server/errors';
import type { Call, ODataRoute } from '../context';
import { inFolder, list, sets } from '../respond';

/** Each row names its folder, so rows of several folders can be told apart (and filtered or sorted by it). */
const FOLDER_FIELDS = ['OrganizationUnitId', 'OrganizationUnitFullyQualifiedName'];

/**
 * The rows of every folder the caller may use, whatever folder header is sent (a header is still checked), less the
 * folder `excludeFolderId` names (`Op(excludeFolderId=<id>)` or `?excludeFolderId=<id>`).
 */
function acrossFolders<R extends { $folderId?: unknown }>(call: Call, set: EntitySetDef<R>, rows: R[]) {
  const raw = call.params.excludeFolderId ?? call.req.url.searchParams.get('excludeFolderId');
  const exclude = raw === null || raw === undefined || raw === '' ? undefined : Number(raw);
  if (exclude !== undefined && !Number.isInteger(exclude))
    throw badRequest(`excludeFolderId must be a folder id (an integer), got ${JSON.stringify(raw)}.`);
  const names = new Map(call.tenant.folders.map((f) => [f.Id, f.FullyQualifiedName]));
  const shown = inFolder({ ...call, folder: undefined }, rows)
    .filter((r) => r.$folderId !== exclude)
    .map((r) => ({
      ...r,
      OrganizationUnitId: r.$folderId,
      OrganizationUnitFullyQualifiedName: names.get(r.$folderId as number) ?? null,
    }));
  const widened: EntitySetDef<(typeof shown)[number]> = {
    ...set,
    fields: [...new Set([...set.fields, ...FOLDER_FIELDS])],
  };
  return list(call, widened, shown);
}

export const ACROSS_FOLDER_ROUTES: ODataRoute[] = [
  {
    method: 'GET',
    set: 'QueueDefinitions',
    operation: 'GetQueuesAcrossFolders',
    scope: 'optionalFolder',
    permissions: ['Queues.View'],
    handler: (call) => acrossFolders(call, sets(call).QueueDefinitions, call.tenant.queues),
  },
  {
    method: 'GET',
    set: 'Assets',
    operation: 'GetAssetsAcrossFolders',
    scope: 'optionalFolder',
    permissions: ['Assets.View'],
    handler: (call) => acrossFolders(call, sets(call).Assets, call.tenant.assets),
  },
];
