import { badRequest, notFound } from '../server/errors';
import { json, type Reply } from '../server/http';
import { queryCollection, single, type EntitySetDef } from '../odata/query';
import type { Call } from './context';
import { entitySets } from './sets';
import { canUseFolder } from './access';

export function list<R extends object>(
  call: Call,
  set: EntitySetDef<R>,
  rows: Iterable<R>,
  alwaysCount = false,
): Reply {
  return json(queryCollection(set, rows, call.req.url.searchParams, call.odataBase, alwaysCount));
}

export function one<R extends object>(call: Call, set: EntitySetDef<R>, row: R): Reply {
  return json(single(set, row, call.req.url.searchParams, call.odataBase));
}

/** The rows of the request's folder; without one (a route whose folder is optional), of every folder it may use. */
export function inFolder<R extends { $folderId?: unknown }>(call: Call, rows: R[]): R[] {
  if (call.folder) return rows.filter((r) => r.$folderId === call.folder!.Id);
  const usable = new Set<unknown>(call.tenant.folders.filter((f) => canUseFolder(call.user, f)).map((f) => f.Id));
  return rows.filter((r) => r.$folderId === undefined || usable.has(r.$folderId));
}

export function byKey<R extends object>(rows: R[], key: unknown, what: string): R {
  const row = rows.find((r) => {
    const id = (r as { Id?: unknown }).Id;
    return id === key || (typeof key === 'string' && typeof id === 'string' && id.toLowerCase() === key.toLowerCase());
  });
  if (!row) throw notFound(`${what} ${JSON.stringify(key)} does not exist.`);
  return row;
}

export function requireKeyInt(call: Call, what: string): number {
  if (typeof call.key !== 'number' || !Number.isInteger(call.key))
    throw badRequest(`The key of ${what} must be an integer id.`);
  return call.key;
}

/** The tenant's entity sets as this request sees them (navigation indexes are built per request). */
export function sets(call: Call) {
  return entitySets(call.tenant, call.clock.now());
}
