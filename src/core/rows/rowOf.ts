import { isRow, isRowOf, type Row, type RowKind, type RowOf } from './rows';
import { t } from '../l10n';

/**
 * What a command was run on, typed: commands get their argument as `unknown` (a tree node from a menu, a row handed
 * on by another command, anything from another extension), and take a row out of it here, never by a cast.
 */

/** How a refusal names a row of each kind, and the view it is in. */
const WHERE: Record<RowKind, { what: string; view: 'Orchestrator' | 'Ideas' }> = {
  connection: { what: t('a connection'), view: 'Orchestrator' },
  folder: { what: t('a folder'), view: 'Orchestrator' },
  process: { what: t('a process under Processes'), view: 'Orchestrator' },
  job: { what: t('a job under Jobs'), view: 'Orchestrator' },
  queue: { what: t('a queue under Queues'), view: 'Orchestrator' },
  queueItem: { what: t('an item of a queue under Queues'), view: 'Orchestrator' },
  package: { what: t('a package'), view: 'Orchestrator' },
  packageVersion: { what: t("one of a package's versions"), view: 'Orchestrator' },
  robot: { what: t('a robot under Robots & Sessions'), view: 'Orchestrator' },
  asset: { what: t('an asset under Assets'), view: 'Orchestrator' },
  folderAssets: { what: t("a folder's Assets row"), view: 'Orchestrator' },
  library: { what: t('a library under Tenant › Libraries'), view: 'Orchestrator' },
  webhook: { what: t('a webhook under Tenant › Webhooks'), view: 'Orchestrator' },
  alert: { what: t('an alert under Tenant › Alerts'), view: 'Orchestrator' },
  license: { what: t('a line under Tenant › License'), view: 'Orchestrator' },
  hostTenant: { what: t('a tenant under Tenant › Tenants (host administrators only)'), view: 'Orchestrator' },
  ideasConnection: { what: t('a connection'), view: 'Ideas' },
  idea: { what: t('an automation idea'), view: 'Ideas' },
  storeIdea: { what: t('an automation under Automation Store'), view: 'Ideas' },
  review: { what: t('a review under Automation Store'), view: 'Ideas' },
  category: { what: t('a category under Categories'), view: 'Ideas' },
  component: { what: t('a component under Components'), view: 'Ideas' },
  application: { what: t('an application under Application Inventory'), view: 'Ideas' },
};

/** The views' names as the manifest gives them (package.nls.json), for the display language. */
const VIEW_NAMES = { Orchestrator: t('Orchestrator'), Ideas: t('Ideas') };

/** "Choose a job under Jobs, or a robot under Robots & Sessions, in the Orchestrator view." */
export function refusal(kinds: readonly RowKind[]): string {
  const phrases = kinds.map((kind) => WHERE[kind].what);
  const views = [...new Set(kinds.map((kind) => VIEW_NAMES[WHERE[kind].view]))];
  const choices =
    phrases.length <= 1 ? phrases.join('') : t('{0}, or {1},', phrases.slice(0, -1).join(', '), phrases.at(-1)!);
  return t('Choose {0} in the {1} view.', choices, views.length === 1 ? views[0]! : t('{0} or {1}', ...views));
}

/** The row an argument carries: the argument itself when it is a row, else the row of the tree node it is. */
export function carriedRow(arg: unknown): Row | undefined {
  if (isRow(arg)) return arg;
  if (typeof arg === 'object' && arg !== null && 'row' in arg && isRow(arg.row)) return arg.row;
  return undefined;
}

/** The row a command acts on, of one of these kinds; anything else is refused in the user's words. */
export function rowOf<K extends RowKind>(arg: unknown, ...kinds: K[]): RowOf<K> {
  const row = carriedRow(arg);
  if (isRowOf(row, kinds)) return row;
  throw new Error(refusal(kinds));
}

/** For commands that also run from the palette: the row when the argument is one of these kinds, else undefined. */
export function optionalRowOf<K extends RowKind>(arg: unknown, ...kinds: K[]): RowOf<K> | undefined {
  const row = carriedRow(arg);
  return isRowOf(row, kinds) ? row : undefined;
}

/**
 * The connection an argument names: an id (notifications, welcome links), any row (its connection), or
 * `{ connectionId }` (callers outside the trees); undefined when it names none.
 */
export function connectionIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const row = carriedRow(arg);
  if (row) return row.connection.id;
  if (typeof arg === 'object' && arg !== null && 'connectionId' in arg && typeof arg.connectionId === 'string')
    return arg.connectionId;
  return undefined;
}
