import type { Connection } from '../connections';
import type { FolderContext } from '../http/connection';
import type { Application, Category, Component, Idea, Review } from '../ideas/schemas';
import type {
  Alert,
  Asset,
  FolderNavigation,
  Job,
  LicenseReport,
  Library,
  Package,
  QueueDefinition,
  QueueItem,
  Release,
  Robot,
  Session,
  Tenant,
  Webhook,
} from '../orchestrator/schemas';

/** A folder as the Orchestrator view knows it: by id (the tree never addresses a folder by its path). */
export type FolderById = Extract<FolderContext, { id: number }>;
/** A folder as the navigation endpoint lists it. */
export type FolderSummary = FolderNavigation['ChildrenPage'][number];

/**
 * What a tree row carries, by kind: what a command run on the row acts on. Every row knows its connection; rows of
 * a folder know the folder. Collection rows (Processes, Jobs, a queue's statuses…) and message rows carry no row:
 * what they offer (Filter, Load more, Retry) is on their node; a folder's Assets row carries `folderAssets`, the
 * folder Create Asset creates in.
 */
export type Row =
  | { kind: 'connection'; connection: Connection }
  | { kind: 'folder'; connection: Connection; folder: FolderById; summary: FolderSummary }
  | { kind: 'process'; connection: Connection; folder: FolderById; release: Release }
  | { kind: 'job'; connection: Connection; folder: FolderById; job: Job }
  | { kind: 'queue'; connection: Connection; folder: FolderById; queue: QueueDefinition }
  | {
      kind: 'queueItem';
      connection: Connection;
      folder: FolderById;
      queue: QueueDefinition;
      queueItem: QueueItemSummary;
    }
  /** A package of a folder's Packages (in use, or in the feed): its latest version. */
  | { kind: 'package'; connection: Connection; folder: FolderById; package: Package }
  | { kind: 'packageVersion'; connection: Connection; folder: FolderById; package: Package }
  | { kind: 'robot'; connection: Connection; folder: FolderById; robot: Robot; session?: Session }
  | { kind: 'asset'; connection: Connection; folder: FolderById; asset: Asset }
  | { kind: 'folderAssets'; connection: Connection; folder: FolderById }
  | { kind: 'library'; connection: Connection; library: Library }
  | { kind: 'webhook'; connection: Connection; webhook: Webhook }
  | { kind: 'alert'; connection: Connection; alert: Alert }
  | { kind: 'license'; connection: Connection; license: LicenseReport }
  /** A tenant of the host (Tenant › Tenants, host administrators only). */
  | { kind: 'hostTenant'; connection: Connection; tenant: Tenant }
  | { kind: 'ideasConnection'; connection: Connection }
  | { kind: 'idea'; connection: Connection; idea: Idea }
  | { kind: 'storeIdea'; connection: Connection; idea: Idea }
  | { kind: 'review'; connection: Connection; idea: Idea; review: Review }
  | { kind: 'category'; connection: Connection; category: Category }
  | { kind: 'component'; connection: Connection; component: Component }
  | { kind: 'application'; connection: Connection; application: Application };

/**
 * What a queue-item row and the commands on it read of the item: a row of a 100,000-item list must not keep the whole
 * item (content, output, row version; about 1.6 KB each). The panel reads the whole item by its id.
 */
export type QueueItemSummary = Pick<
  QueueItem,
  'Id' | 'Reference' | 'Status' | 'Priority' | 'CreationTime' | 'RetryNumber' | 'ProcessingException'
>;

/** The summary a queue-item row keeps: every field set in the same order, so all summaries share one compact shape. */
export function queueItemSummary(item: QueueItem): QueueItemSummary {
  return {
    Id: item.Id,
    Reference: item.Reference,
    Status: item.Status,
    Priority: item.Priority,
    CreationTime: item.CreationTime,
    RetryNumber: item.RetryNumber,
    ProcessingException: item.ProcessingException ? { Reason: item.ProcessingException.Reason } : null,
  };
}

export type RowKind = Row['kind'];
export type RowOf<K extends RowKind> = Extract<Row, { kind: K }>;

/** The rows made here: a command's argument is taken as a row only when it is one of them, never by its shape. */
const made = new WeakSet<object>();

/** A row, as the tree nodes (and commands that hand a row to another command) make it. */
export function makeRow<R extends Row>(row: R): R {
  made.add(row);
  return row;
}

export function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && made.has(value);
}

/** Whether the row is of one of these kinds (and typed as such after). */
export function isRowOf<K extends RowKind>(row: Row | undefined, kinds: readonly K[]): row is RowOf<K> {
  return row !== undefined && kinds.some((kind) => kind === row.kind);
}

/** The key Copy Key copies: processes, jobs, packages and their versions, libraries have one. */
export function keyOf(row: RowOf<'process' | 'job' | 'package' | 'packageVersion' | 'library'>): string {
  switch (row.kind) {
    case 'process':
      return row.release.Key;
    case 'job':
      return row.job.Key;
    case 'package':
    case 'packageVersion':
      return row.package.Key;
    case 'library':
      return row.library.Key;
  }
}
