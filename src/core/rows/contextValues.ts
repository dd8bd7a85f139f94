import type { FolderMarks } from '../folderPreferences';

/**
 * Context values: what a row tells package.json's menus (`viewItem == …`, `viewItem =~ /…/`), in one place. The
 * manifest test checks every menu pattern against the values declared here, and every value against the menus.
 */
export const ContextValue = {
  connectionSignedIn: 'connection.signedIn',
  connectionSignedOut: 'connection.signedOut',
  /** A row that only groups others (License, Pipeline, Categories). */
  group: 'group',
  tenantGroup: 'group.tenant',
  packagesGroup: 'group.packages',
  folder: 'folder',
  process: 'process',
  processOutdated: 'process.outdated',
  jobRunning: 'job.running',
  jobFinal: 'job.final',
  queue: 'queue',
  queueItem: 'queueItem',
  package: 'package',
  packageVersion: 'packageVersion',
  packageVersionLatest: 'packageVersion.latest',
  robot: 'robot',
  asset: 'asset',
  library: 'library',
  webhook: 'webhook',
  alert: 'alert',
  alertUnread: 'alert.unread',
  license: 'license',
  tenantActive: 'tenant.active',
  tenantInactive: 'tenant.inactive',
  ideasConnection: 'ideasConnection',
  phase: 'phase',
  idea: 'idea',
  storeIdea: 'storeIdea',
  category: 'category',
  review: 'review',
  component: 'component',
  application: 'application',
  /** An empty state or a hint. */
  message: 'message', // l10n: code (a context value)
  /** A failed load, with Retry. */
  error: 'error',
  loadMore: 'loadMore',
} as const;
export type ContextValue = (typeof ContextValue)[keyof typeof ContextValue];

/** The rows that are not something to find or act on (Find leaves them out). */
export const MESSAGE_CONTEXT_VALUES: readonly string[] = [
  ContextValue.message,
  ContextValue.error,
  ContextValue.loadMore,
];

/**
 * The words a row's context value carries after its kind, for menus that depend on them (Filter, Pin, Hide, Show
 * Hidden Folders): the command definitions name these, never a pattern.
 */
export const RowFlag = {
  /** A collection that can be narrowed by text. */
  filterable: 'filterable',
  /** A collection that can be narrowed by state. */
  stateful: 'stateful',
  /** A collection narrowed now. */
  filtered: 'filtered',
  /** A folder the user pinned. */
  pinned: 'pinned',
  /** A folder the user hid (shown while Show Hidden Folders is on). */
  hidden: 'hidden',
  /** A signed-in connection with folders the user hid. */
  hiddenFolders: 'hiddenFolders',
  /** A signed-in connection showing the folders the user hid. */
  hiddenFoldersShown: 'hiddenFoldersShown',
  /** A queue item that failed (application or business exception): Retry. */
  failedItem: 'failed',
  /** A queue item not yet processed, the only status the service deletes: Delete. */
  newItem: 'new', // l10n: code (a context value)
} as const;
export type RowFlag = (typeof RowFlag)[keyof typeof RowFlag];

/** What a collection row can do, and whether it is narrowed now: the flags its context value carries. */
export interface CollectionFlags {
  /** It can be narrowed by text. */
  filterable: boolean;
  /** It can be narrowed by state. */
  stateful: boolean;
  /** It is narrowed now. */
  filtered: boolean;
}

/** A collection row's context value starts with what it lists; the flags after it say what Filter can do. */
export const CollectionContext = {
  collection: 'collection',
  queueItems: 'collection queueItems', // l10n: code
  assets: 'collection assets', // l10n: code
  tenants: 'collection tenants', // l10n: code
  ideas: 'collection ideas', // l10n: code
} as const;
export type CollectionContext = (typeof CollectionContext)[keyof typeof CollectionContext];

/** Space-separated flags after the collection's base, which the menus match with \b…\b. */
export function collectionContextValue(base: CollectionContext, flags: CollectionFlags): string {
  return [
    base,
    flags.filterable ? RowFlag.filterable : '',
    flags.stateful ? RowFlag.stateful : '',
    flags.filtered ? RowFlag.filtered : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Every context value a collection with this base can have: a narrowed one can be narrowed by text or state. */
function collectionValues(base: CollectionContext): string[] {
  const values: string[] = [];
  for (const filterable of [false, true]) {
    for (const stateful of [false, true]) {
      for (const filtered of [false, true])
        if (!filtered || filterable || stateful)
          values.push(collectionContextValue(base, { filterable, stateful, filtered }));
    }
  }
  return values;
}

/** What a folder row carries after `folder`: the user pinned it, or hid it (shown while Show Hidden Folders is on). */
export function folderContextValue(marks: FolderMarks): string {
  return [ContextValue.folder, marks.pinned ? RowFlag.pinned : '', marks.hidden ? RowFlag.hidden : '']
    .filter(Boolean)
    .join(' ');
}

/** A queue item's row says whether it failed (Retry) or is New (Delete): the other statuses carry no flag. */
export function queueItemContextValue(status: string): string {
  if (status === 'Failed') return `${ContextValue.queueItem} ${RowFlag.failedItem}`;
  if (status === 'New') return `${ContextValue.queueItem} ${RowFlag.newItem}`;
  return ContextValue.queueItem;
}

/** Whether a connection has folders the user hid, and whether they are shown now (Show Hidden Folders). */
export type HiddenFolders = 'none' | 'hidden' | 'shown';

/** A signed-in connection's row says whether it has hidden folders, for Show / Stop Showing Hidden Folders. */
export function connectionContextValue(signedIn: boolean, hidden: HiddenFolders): string {
  if (!signedIn) return ContextValue.connectionSignedOut;
  const flag = { none: '', hidden: RowFlag.hiddenFolders, shown: RowFlag.hiddenFoldersShown }[hidden];
  return flag ? `${ContextValue.connectionSignedIn} ${flag}` : ContextValue.connectionSignedIn;
}

const V = ContextValue;
/** The rows both views have: empty states, failed loads, Load more, and plain collections. */
const inEveryView = [V.message, V.error, V.loadMore, ...collectionValues(CollectionContext.collection)];

/** Every context value a row of each view can have. */
export const VIEW_CONTEXT_VALUES: { readonly explorer: readonly string[]; readonly ideas: readonly string[] } = {
  explorer: [
    ...(['none', 'hidden', 'shown'] as const).map((hidden) => connectionContextValue(true, hidden)),
    V.connectionSignedOut,
    V.group,
    V.tenantGroup,
    V.packagesGroup,
    ...[false, true].flatMap((pinned) => [false, true].map((hidden) => folderContextValue({ pinned, hidden }))),
    V.process,
    V.processOutdated,
    V.jobRunning,
    V.jobFinal,
    V.queue,
    ...['Failed', 'New', 'Successful'].map(queueItemContextValue),
    V.package,
    V.packageVersion,
    V.packageVersionLatest,
    V.robot,
    V.asset,
    V.library,
    V.webhook,
    V.alert,
    V.alertUnread,
    V.license,
    V.tenantActive,
    V.tenantInactive,
    ...inEveryView,
    ...collectionValues(CollectionContext.queueItems),
    ...collectionValues(CollectionContext.assets),
    ...collectionValues(CollectionContext.tenants),
  ],
  ideas: [
    V.ideasConnection,
    V.group,
    V.phase,
    V.idea,
    V.storeIdea,
    V.category,
    V.review,
    V.component,
    V.application,
    ...inEveryView,
    ...collectionValues(CollectionContext.ideas),
  ],
};

/** Rows without a menu on purpose: they show something, and Refresh of their collection reloads them. */
export const MENU_LESS_CONTEXT_VALUES: readonly string[] = [
  V.webhook,
  V.alert,
  V.alertUnread,
  V.license,
  V.category,
  V.review,
  V.component,
  V.application,
  ...MESSAGE_CONTEXT_VALUES,
];

/** How far a connection lets changes go (`protection` in its settings). */
export type Protection = 'normal' | 'confirm' | 'readOnly';

/**
 * The flag a row of a connection carries after its context value, so menus offer change commands only where a change
 * may be made: `viewItem =~ /\bprotection\.(normal|confirm)\b/`. The command still refuses on a read-only connection
 * (the setting may change while a menu is open).
 */
// l10n: code (a context value)
export const protectionFlag = (protection: Protection) => `protection.${protection}`;

/** A row's context value with its connection's protection after it. */
export function withProtection(contextValue: string, protection: Protection): string {
  return `${contextValue} ${protectionFlag(protection)}`;
}

/** The `when` term every change command's row menu carries. */
export const CHANGES_ALLOWED_WHEN = 'viewItem =~ /\\bprotection\\.(normal|confirm)\\b/';
