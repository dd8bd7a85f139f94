// One helper per kind of route, so a route table is rows of data plus what is really each route's own.
import { ErrorCode, HttpError } from '../../server/errors';
import { empty, json, type Reply } from '../../server/http';
import type { EntitySetDef } from '../../odata/query';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder, list, one, requireKeyInt, sets } from '../respond';
import type { EntitySets } from '../sets';
import type { TenantState } from '../state';
import { bodyOf } from './body';

type SetName = keyof EntitySets;
type RowOf<K extends SetName> = EntitySets[K] extends EntitySetDef<infer R> ? R : never;
type Body = ReturnType<typeof bodyOf>;

/** What a route says about itself besides its method, set, key and handler (see `ODataRoute`). */
export type RouteOptions = Partial<Omit<ODataRoute, 'method' | 'set' | 'key' | 'operation' | 'handler'>>;

/** An entity set as the routes reach it: where its rows live and how a message names one. */
export interface Entity<K extends SetName> {
  set: K;
  /** How a 404 names one row: `Queue item 7 does not exist.` */
  what: string;
  /** The scope of its routes unless a row says otherwise. */
  scope: ODataRoute['scope'];
  /** The tenant's table of these rows: where a create adds and a delete removes. */
  table?(tenant: TenantState): RowOf<K>[];
  /** The rows the caller may reach; without it, the table's (of a folder-scoped entity, those of the folder). */
  rows?(call: Call): RowOf<K>[];
}

type RouteOf<K extends SetName> = { entity: Entity<K> } & RouteOptions;

/** A folder's entities kept in a tenant table: the caller reaches those of the request's folder (`inFolder`). */
export function folderEntity<K extends SetName>(
  set: K,
  what: string,
  table: (tenant: TenantState) => RowOf<K>[],
): Entity<K> {
  return { set, what, scope: 'folder', table };
}

/** The tenant's entities kept in one table: the caller reaches them all. */
export function tenantEntity<K extends SetName>(
  set: K,
  what: string,
  table: (tenant: TenantState) => RowOf<K>[],
): Entity<K> {
  return { set, what, scope: 'tenant', table };
}

/** The rows of the entity the caller may reach. */
export function rowsOf<K extends SetName>(call: Call, entity: Entity<K>): RowOf<K>[] {
  if (entity.rows) return entity.rows(call);
  const table = entity.table!(call.tenant);
  return entity.scope === 'tenant' ? table : inFolder(call, table as (RowOf<K> & { $folderId?: unknown })[]);
}

/** The row the request's key (or the id given) names, among those the caller may reach; else a 404. */
export function rowOf<K extends SetName>(call: Call, entity: Entity<K>, id: unknown = requireKeyInt(call, entity.set)) {
  return byKey(rowsOf(call, entity), id, entity.what);
}

/** The set's definition, typed by its rows (every `EntitySets` entry is the definition of its own rows). */
function setOf<K extends SetName>(call: Call, name: K): EntitySetDef<RowOf<K>> {
  return sets(call)[name] as unknown as EntitySetDef<RowOf<K>>;
}

/** A reply of one row as its entity set shapes it. */
export function oneOf<K extends SetName>(call: Call, entity: Entity<K>, row: RowOf<K>): Reply {
  return one(call, setOf(call, entity.set), row);
}

/** A reply `{ '@odata.context': …#<context>, value }`, as the service answers a function returning a value. */
export function valueReply(call: Call, context: string, value: unknown, extra: Record<string, unknown> = {}): Reply {
  return json({ '@odata.context': `${call.odataBase}/$metadata#${context}`, ...extra, value });
}

function route<K extends SetName>(
  method: ODataRoute['method'],
  { entity, ...options }: RouteOf<K>,
  handler: ODataRoute['handler'],
  keyed: boolean,
  operation?: string,
): ODataRoute {
  return {
    method,
    set: entity.set,
    ...(keyed ? { key: true } : {}),
    ...(operation ? { operation } : {}),
    scope: entity.scope,
    ...options,
    handler,
  };
}

/**
 * GET <Set> (or a function `<Set>/<operation>` answering rows of the set): the rows the caller may reach, or those
 * `rows` picks, with the query options applied.
 */
export function listRoute<K extends SetName>(
  options: RouteOf<K> & { operation?: string; rows?(call: Call): RowOf<K>[]; alwaysCount?: boolean },
): ODataRoute {
  const { operation, rows = (call) => rowsOf(call, rest.entity), alwaysCount, ...rest } = options;
  return route(
    'GET',
    rest,
    (call) => list(call, setOf(call, rest.entity.set), rows(call), alwaysCount),
    false,
    operation,
  );
}

/** GET <Set>(<key>): one row the caller may reach, else a 404. */
export function getRoute<K extends SetName>(options: RouteOf<K>): ODataRoute {
  return route('GET', options, (call) => oneOf(call, options.entity, rowOf(call, options.entity)), true);
}

/** POST <Set>: `create` builds the row from the body (or refuses); it joins the table and is the reply. */
export function createRoute<K extends SetName>(
  options: RouteOf<K> & { create(call: Call, body: Body): RowOf<K>; added?(call: Call, row: RowOf<K>): void },
): ODataRoute {
  const { create, added, ...rest } = options;
  return route(
    'POST',
    rest,
    (call) => {
      const row = create(call, bodyOf(call.req));
      rest.entity.table!(call.tenant).push(row);
      added?.(call, row);
      call.changed();
      return oneOf(call, rest.entity, row);
    },
    false,
  );
}

/** PUT (or PATCH) <Set>(<key>): `update` changes the row from the body; the reply is `{}` or, with `replyRow`, it. */
export function updateRoute<K extends SetName>(
  options: RouteOf<K> & {
    method?: 'PUT' | 'PATCH';
    replyRow?: boolean;
    update(call: Call, row: RowOf<K>, body: Body): void;
  },
): ODataRoute {
  const { method = 'PUT', replyRow, update, ...rest } = options;
  return route(
    method,
    rest,
    (call) => {
      const row = rowOf(call, rest.entity);
      update(call, row, bodyOf(call.req));
      call.changed();
      return replyRow ? oneOf(call, rest.entity, row) : json({});
    },
    true,
  );
}

/** DELETE <Set>(<key>): `refuse` throws when this row may not go, `removed` takes what hung on it; then a 204. */
export function deleteRoute<K extends SetName>(
  options: RouteOf<K> & {
    refuse?(call: Call, row: RowOf<K>): void;
    removed?(call: Call, row: RowOf<K>): void;
  },
): ODataRoute {
  const { refuse, removed, ...rest } = options;
  return route(
    'DELETE',
    rest,
    (call) => {
      const row = rowOf(call, rest.entity);
      refuse?.(call, row);
      const table = rest.entity.table!(call.tenant);
      table.splice(table.indexOf(row), 1);
      removed?.(call, row);
      call.changed();
      return empty(204);
    },
    true,
  );
}

/**
 * An action on one row, `<Set>(<key>)/<operation>` (or, without an operation, the method on `<Set>(<key>)`):
 * `refusal` names why the row's state does not allow it (a 409); `act` does it and answers. It reads the body
 * itself (some actions take none) and calls `call.changed()` when it changes something.
 */
export function entityAction<K extends SetName>(
  options: RouteOf<K> & {
    method?: ODataRoute['method'];
    operation?: string;
    refusal?(row: RowOf<K>): string | undefined;
    act(call: Call, row: RowOf<K>): Reply;
  },
): ODataRoute {
  const { method = 'POST', operation, refusal, act, ...rest } = options;
  return route(
    method,
    rest,
    (call) => {
      const row = rowOf(call, rest.entity);
      const refused = refusal?.(row);
      if (refused !== undefined) throw conflict(refused);
      return act(call, row);
    },
    true,
    operation,
  );
}

/** A function or action on the set, `<Set>/<operation>`: the handler is its own. */
export function setOperation<K extends SetName>(
  options: RouteOf<K> & { method: ODataRoute['method']; operation: string; handler: ODataRoute['handler'] },
): ODataRoute {
  const { method, operation, handler, ...rest } = options;
  return route(method, rest, handler, false, operation);
}

/** A 409: the row's state (or a name already taken) does not allow what was asked. */
export function conflict(message: string): HttpError {
  return new HttpError(409, ErrorCode.conflict, message);
}
