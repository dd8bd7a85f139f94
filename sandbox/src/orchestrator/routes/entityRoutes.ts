// One helper per kind of route, so a route table is rows of data plus what is really each route's own.
import { ErrorCode, HttpError } from '../../server/errors';
import { empty, json, type Reply } from '../../server/http';
import type { EntitySetDef } from '../../odata/query';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder, list as listOf, one, requireKeyInt, sets } from '../respond';
import type { EntitySets } from '../sets';
import type { TenantState } from '../state';
import { bodyOf } from './body';

type SetName = keyof EntitySets;
type RowOf<K extends SetName> = EntitySets[K] extends EntitySetDef<infer R> ? R : never;
type Body = ReturnType<typeof bodyOf>;

/** What a route says about itself besides its method, set, key and handler (see `ODataRoute`). */
export type RouteOptions = Partial<Omit<ODataRoute, 'method' | 'set' | 'operation' | 'handler'>>;

/** A set as its routes name it: `<set>` in the URL, and the scope of its routes unless a row says otherwise. */
export interface Resource {
  set: string;
  scope: ODataRoute['scope'];
}

/** An entity set as the routes reach it: where its rows live and how a message names one. */
export interface Entity<K extends SetName> extends Resource {
  set: K;
  /** How a 404 names one row: `Queue item 7 does not exist.` */
  what: string;
  /** The tenant's table of these rows: where a create adds and a delete removes. */
  table?(tenant: TenantState): RowOf<K>[];
  /** Throws when the caller may not use this row although it exists (a 403 rather than a 404). */
  access?(call: Call, row: RowOf<K>): void;
  /** The rows the caller may reach. */
  rows(call: Call): RowOf<K>[];
}

/** Entities kept in a tenant table: a folder's (the caller reaches those of the request's folder) or the tenant's. */
export function entity<K extends SetName>(
  set: K,
  what: string,
  table: (tenant: TenantState) => RowOf<K>[],
  scope: 'folder' | 'tenant' = 'folder',
): Entity<K> {
  const rows =
    scope === 'tenant'
      ? (call: Call) => table(call.tenant)
      : (call: Call) => inFolder(call, table(call.tenant) as (RowOf<K> & { $folderId?: unknown })[]);
  return { set, what, scope, table, rows };
}

/** The row the request's key (or the id given) names, among those the caller may reach; else a 404. */
export function rowOf<K extends SetName>(call: Call, entity: Entity<K>, id: unknown = requireKeyInt(call, entity.set)) {
  const row = byKey(entity.rows(call), id, entity.what);
  entity.access?.(call, row);
  return row;
}

/** The set's definition, typed by its rows (every `EntitySets` entry is the definition of its own rows). */
function setOf<K extends SetName>(call: Call, name: K): EntitySetDef<RowOf<K>> {
  return sets(call)[name] as unknown as EntitySetDef<RowOf<K>>;
}

/** A reply of rows as their entity set shapes them, with the query options applied. */
export function listReply<K extends SetName>(call: Call, set: K, rows: RowOf<K>[], alwaysCount?: boolean): Reply {
  return listOf(call, setOf(call, set), rows, alwaysCount);
}

/** A reply of one row as its entity set shapes it. */
export function oneOf<K extends SetName>(call: Call, entity: Entity<K>, row: RowOf<K>): Reply {
  return one(call, setOf(call, entity.set), row);
}

/** A reply `{ '@odata.context': …#<context>, value }`, as the service answers a function returning a value. */
export function valueReply(call: Call, context: string, value: unknown, extra: Record<string, unknown> = {}): Reply {
  return json({ '@odata.context': `${call.odataBase}/$metadata#${context}`, ...extra, value });
}

/** Where a route answers: its method, and whether a key and an operation follow the set in the URL. */
interface Address {
  method: ODataRoute['method'];
  key?: boolean;
  operation?: string | undefined;
}

function build(
  resource: Resource,
  address: Address,
  options: RouteOptions,
  handler: ODataRoute['handler'],
): ODataRoute {
  return {
    method: address.method,
    set: resource.set,
    ...(address.key ? { key: true } : {}),
    ...(address.operation ? { operation: address.operation } : {}),
    scope: resource.scope,
    ...options,
    handler,
  };
}

/**
 * GET <Set> (or, with `operation`, a function answering rows of the set): the rows the caller may reach, or those
 * `rows` picks, with the query options applied.
 */
export function list<K extends SetName>(
  entity: Entity<K>,
  options: RouteOptions & { operation?: string; alwaysCount?: boolean },
  rows: (call: Call) => RowOf<K>[] = (call) => entity.rows(call),
): ODataRoute {
  const { operation, alwaysCount, ...rest } = options;
  const handler = (call: Call) => listReply(call, entity.set, rows(call), alwaysCount);
  return build(entity, { method: 'GET', operation }, rest, handler);
}

/** GET <Set>(<key>): one row the caller may reach, else a 404. */
export function get<K extends SetName>(entity: Entity<K>, options: RouteOptions): ODataRoute {
  return build(entity, { method: 'GET', key: true }, options, (call) => oneOf(call, entity, rowOf(call, entity)));
}

/** POST <Set>: `make` builds the row from the body (or refuses); it joins the table and is the reply. */
export function create<K extends SetName>(
  entity: Entity<K>,
  options: RouteOptions,
  make: (call: Call, body: Body) => RowOf<K>,
): ODataRoute {
  return build(entity, { method: 'POST' }, options, (call) => {
    const row = make(call, bodyOf(call.req));
    entity.table!(call.tenant).push(row);
    call.changed();
    return oneOf(call, entity, row);
  });
}

/** PUT (or PATCH) <Set>(<key>): `change` applies the body to the row; the reply is `{}` or, with `replyRow`, it. */
export function update<K extends SetName>(
  entity: Entity<K>,
  options: RouteOptions & { method?: 'PUT' | 'PATCH'; replyRow?: boolean },
  change: (call: Call, row: RowOf<K>, body: Body) => void,
): ODataRoute {
  const { method = 'PUT', replyRow, ...rest } = options;
  return build(entity, { method, key: true }, rest, (call) => {
    const row = rowOf(call, entity);
    change(call, row, bodyOf(call.req));
    call.changed();
    return replyRow ? oneOf(call, entity, row) : json({});
  });
}

/** DELETE <Set>(<key>): `refuse` throws when this row may not go, `removed` takes what hung on it; then a 204. */
export function remove<K extends SetName>(
  entity: Entity<K>,
  options: RouteOptions & {
    refuse?(call: Call, row: RowOf<K>): void;
    removed?(call: Call, row: RowOf<K>): void;
  },
): ODataRoute {
  const { refuse, removed, ...rest } = options;
  return build(entity, { method: 'DELETE', key: true }, rest, (call) => {
    const row = rowOf(call, entity);
    refuse?.(call, row);
    const table = entity.table!(call.tenant);
    table.splice(table.indexOf(row), 1);
    removed?.(call, row);
    call.changed();
    return empty(204);
  });
}

/**
 * An action on one row, POST `<Set>(<key>)/<operation>` (with `operation` undefined, `method` on `<Set>(<key>)`):
 * `refusal` names why the row's state does not allow it (a 409); `act` does it and answers. It reads the body
 * itself (some actions take none) and calls `call.changed()` when it changes something.
 */
export function entityAction<K extends SetName>(
  entity: Entity<K>,
  operation: string | undefined,
  options: RouteOptions & { method?: ODataRoute['method']; refusal?(row: RowOf<K>): string | undefined },
  act: (call: Call, row: RowOf<K>) => Reply,
): ODataRoute {
  const { method = 'POST', refusal, ...rest } = options;
  const handler = (call: Call) => {
    const row = rowOf(call, entity);
    const refused = refusal?.(row);
    if (refused !== undefined) throw conflict(refused);
    return act(call, row);
  };
  return build(entity, { method, key: true, operation }, rest, handler);
}

/** A function of the set, GET `<Set>/<operation>(…)`: the handler is its own. */
export function setFunction(
  resource: Resource,
  operation: string,
  options: RouteOptions,
  handler: ODataRoute['handler'],
): ODataRoute {
  return build(resource, { method: 'GET', operation }, options, handler);
}

/** An action on the set, POST `<Set>/<operation>`: the handler is its own. */
export function setAction(
  resource: Resource,
  operation: string,
  options: RouteOptions,
  handler: ODataRoute['handler'],
): ODataRoute {
  return build(resource, { method: 'POST', operation }, options, handler);
}

/** `<Set>(<key>)[/<operation>]` whose handler finds its row itself (a key that is not an id, a row not in a table). */
export function keyed(
  resource: Resource,
  method: ODataRoute['method'],
  operation: string | undefined,
  options: RouteOptions,
  handler: ODataRoute['handler'],
): ODataRoute {
  return build(resource, { method, key: true, operation }, options, handler);
}

/** A 409: the row's state (or a name already taken) does not allow what was asked. */
export function conflict(message: string): HttpError {
  return new HttpError(409, ErrorCode.conflict, message);
}
