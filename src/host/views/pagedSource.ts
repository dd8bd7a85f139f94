import type * as vscode from 'vscode';
import type { Page } from '../../core/odata/envelope';
import type { SchedulerState } from '../../core/http/scheduler';
import { and, anyOf, contains, type Filter } from '../../core/odata/filter';
import type { CollectionContext } from '../../core/rows/contextValues';
import type { Row } from '../../core/rows/rows';
import type { TreeNode } from './treeNode';

/*
 * What a collection row (PagedNode, pagedNode.ts) is made from: where its pages come from, how its row looks, and
 * what the user narrowed it to. Apart from the node so that the code that builds collections (collectionNode.ts, the
 * Ideas view) and the commands that read a narrowing name these without the node's paging.
 */

/** What the user narrowed a collection to: a text (searched with contains(), escaped by the builder) and/or states. */
export interface Narrowing {
  text?: string;
  states?: readonly string[];
}

/** The OData filter for what the user typed and picked: contains() on the text field, any of the chosen states. */
export function narrowingFilter(
  narrowing: Narrowing,
  textField: string | undefined,
  stateField?: string,
): Filter | undefined {
  return and(
    narrowing.text && textField ? contains(textField, narrowing.text) : undefined,
    narrowing.states && stateField ? anyOf(stateField, narrowing.states) : undefined,
  );
}

export interface PagedSource<T> {
  /** One page: top rows after skip, narrowed as the user asked; asks for the count on the first page. */
  load(top: number, skip: number, signal: AbortSignal, narrowing: Narrowing): Promise<Page<T>>;
  /** What Filter searches, in the user's words ("package name", "reference"); absent when it cannot be filtered by text. */
  filterField?: string;
  /** The states Filter by State offers (job states…); absent when the collection has none. */
  states?: readonly string[];
  make(row: T): TreeNode;
  /** "processes", "jobs", … and "folder Shared" for messages. */
  what: string;
  where: string;
  empty: { text: string; command?: vscode.Command };
  /** Present on collections the auto-refresh reloads (Jobs): the state of their tenant's rate-limit budget. */
  autoRefresh?: () => SchedulerState | undefined;
  /** Extra words for the row's description (Alerts: "3 unread"). */
  badge?: () => string | undefined;
}

/** How a collection's own row looks: label, codicon, and the context value its menus go by (by default a plain one). */
export interface CollectionLook {
  label: string;
  icon: string;
  contextValue?: CollectionContext;
  /**
   * What a command run on the collection acts on (a folder's Assets: `folderAssets`, for Create Asset); it also gives the
   * row its connection's protection flag, so change commands show only where changes are allowed.
   */
  row?: Row;
}
