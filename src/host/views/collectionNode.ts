import type { Page } from '../../core/odata/envelope';
import { and, type Filter } from '../../core/odata/filter';
import type { ODataQuery } from '../../core/odata/query';
import type { CollectionContext } from '../../core/rows/contextValues';
import type { Row } from '../../core/rows/rows';
import { PagedNode } from './pagedNode';
import { narrowingFilter, type PagedSource } from './pagedSource';
import type { TreeNode } from './treeNode';

/**
 * One list row filled from a service collection (a folder's Jobs, the tenant's Webhooks, a queue's items): which call
 * fills it, in what order, what Filter searches, how a row looks, what an empty list says.
 */
export interface Collection<T> extends Omit<PagedSource<T>, 'load' | 'filterField' | 'empty'> {
  id: string;
  label: string;
  icon: string;
  /** One page for this query; the caller adds the folder where the collection is folder-scoped. */
  list: (query: ODataQuery, signal: AbortSignal) => Promise<Page<T>>;
  order: ODataQuery['orderBy'];
  /** What Filter searches: the service's field, and the same in the user's words. */
  filter?: { field: string; words: string };
  /** The field Filter by State narrows (Jobs, Alerts). */
  stateField?: string;
  /** Always part of the query (a queue's items: the queue and the status). */
  fixed?: Filter;
  expand?: string[];
  /** What an empty collection says (with what to do about it). */
  empty: string;
  contextValue?: CollectionContext;
  /** What a command run on the collection's own row acts on (CollectionLook.row). */
  row?: Row;
}

export function collectionNode<T>(c: Collection<T>, changed: (node: TreeNode) => void): PagedNode<T> {
  const { id, label, icon, list, order, filter, stateField, fixed, expand, empty, contextValue, row, ...shown } = c;
  const source: PagedSource<T> = {
    ...shown,
    load: (top, skip, signal, narrowing) =>
      list(
        {
          top,
          skip,
          count: skip === 0,
          filter: and(fixed, narrowingFilter(narrowing, filter?.field, stateField)),
          orderBy: order,
          expand,
        },
        signal,
      ),
    filterField: filter?.words,
    empty: { text: empty },
  };
  return new PagedNode(id, { label, icon, contextValue, row }, source, changed);
}
