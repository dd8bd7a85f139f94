import * as vscode from 'vscode';
import type { SchedulerState } from '../../core/http/scheduler';
import type { CollectionLook, PagedSource } from './pagedSource';
import { CommandId } from '../../constants';
import { CollectionContext, collectionContextValue, ContextValue } from '../../core/rows/contextValues';
import { childId } from '../../core/rows/rowIds';
import type { Row } from '../../core/rows/rows';
import { errorRow, messageNode, type TreeNode } from './treeNode';
import { LIST_LIMIT } from './listLimit';
import { formatNumber, t } from '../../core/l10n';

export const PAGE_SIZE = 50;

/**
 * A collection row (Processes, Jobs, a queue's items…): the first page in one request when expanded, then a
 * "Load more…" row; a failure becomes an error row with Retry; an empty result a row with the next action. Rows
 * that did not parse are counted in a warning row, not shown broken. At LIST_LIMIT rows the list offers its filter
 * and the rows after these, which replace the ones shown (listLimit.ts): it never holds more.
 */
export class PagedNode<T> implements TreeNode {
  /** The rows shown: those of the current window, from `windowStart` on. */
  private rows: TreeNode[] = [];
  /** How many items come before the rows shown (0 until the user asks for the rows after the first LIST_LIMIT). */
  private windowStart = 0;
  /**
   * The rows above a later window, kept while they say the same: the tree reveals the one the user is taken to, and
   * the editor finds a row it reveals only as the very object the tree gave it.
   */
  private windowHead: { key: string; rows: TreeNode[] } | undefined;
  private total: number | undefined;
  private skipped = 0;
  private received = 0;
  private failure: unknown;
  private loaded = false;
  private exhausted = false;
  private loading: Promise<void> | undefined;
  private controller = new AbortController();
  /** Counts resets: a load started before the last reset (Refresh, a new filter) must not write into what it reset. */
  private generation = 0;
  /** The user's filter text; shown on the row, cleared with its own action. */
  filterText: string | undefined;
  /** The states the user chose with Filter by State (none: every state). */
  filterStates: readonly string[] = [];

  constructor(
    readonly id: string,
    private readonly look: CollectionLook,
    private readonly source: PagedSource<T>,
    private readonly changed: (node: TreeNode) => void,
  ) {}

  get row(): Row | undefined {
    return this.look.row;
  }

  item(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.look.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.look.icon);
    item.contextValue = collectionContextValue(this.look.contextValue ?? CollectionContext.collection, {
      filterable: Boolean(this.source.filterField),
      stateful: this.source.states !== undefined,
      filtered: this.narrowed,
    });
    const count =
      this.loaded && !this.failure
        ? this.total !== undefined
          ? formatNumber(this.total)
          : `${this.windowStart + this.rows.length}${this.exhausted ? '' : '+'}`
        : undefined;
    item.description =
      [this.describeNarrowing(), this.source.badge?.(), count].filter(Boolean).join(' · ') || undefined;
    return item;
  }

  get narrowed(): boolean {
    return this.filterText !== undefined || this.filterStates.length > 0;
  }

  /** Whether the user paged beyond the first page (the auto-refresh leaves such a collection alone). */
  get pagedBeyondFirst(): boolean {
    return this.received > PAGE_SIZE;
  }

  /** The tenant's budget for an auto-refreshed collection; undefined for the others. */
  get autoRefresh(): (() => SchedulerState | undefined) | undefined {
    return this.source.autoRefresh;
  }

  private describeNarrowing(): string | undefined {
    const parts = [
      this.filterText ? `“${this.filterText}”` : undefined,
      this.filterStates.length ? this.filterStates.join(', ') : undefined,
    ].filter(Boolean);
    return parts.length ? t('filter: {0}', parts.join(' · ')) : undefined;
  }

  async children(): Promise<TreeNode[]> {
    if (!this.loaded) {
      // A reset while the page is read (Refresh after Stop Job) makes that read moot: read again for the new state.
      while (!this.loaded) await this.loadPage();
      // The row's description (count) changed with the first page: redraw it (the tree holds the redraw back until
      // the editor has taken these children).
      this.changed(this);
    }
    const limited =
      this.windowStart > 0 || (this.full && !this.exhausted) ? await import('./listLimitRows') : undefined;
    const nodes: TreeNode[] = [];
    if (limited && this.windowStart > 0) {
      const key = `${this.windowStart}/${this.received}/${this.total}`;
      if (this.windowHead?.key !== key)
        this.windowHead = { key, rows: limited.windowRows(this, this.windowStart + 1, this.received, this.total) };
      nodes.push(...this.windowHead.rows);
    }
    nodes.push(...this.rows);
    if (this.skipped > 0)
      nodes.push(
        messageNode(
          childId(this.id, 'skipped'),
          t('{0} row(s) could not be read and are not shown (see the log).', this.skipped),
          'warning',
        ),
      );
    if (this.failure !== undefined) {
      nodes.push(errorRow(this, this.failure, this.source.what, this.source.where));
    } else if (this.received === this.windowStart) {
      // Nothing read in this window (rows that could not be read count as read: Load more goes on past them). A
      // later window found empty (its items went away meanwhile) says only where the user is, above.
      if (this.windowStart === 0) nodes.push(this.emptyRow());
    } else if (!this.exhausted && limited && this.full) {
      nodes.push(...limited.limitRows(this, this.total === undefined ? undefined : this.total - this.received));
    } else if (!this.exhausted) {
      const remaining = this.total !== undefined ? formatNumber(this.total - this.received) : undefined;
      nodes.push(
        messageNode(
          childId(this.id, 'more'),
          remaining === undefined ? t('Load more…') : t('Load more… ({0} more)', remaining),
          'ellipsis',
          { command: CommandId.treeLoadMore, title: t('Load more'), arguments: [this] },
          ContextValue.loadMore,
        ),
      );
    }
    return nodes;
  }

  private emptyRow(): TreeNode {
    if (!this.narrowed)
      return messageNode(childId(this.id, 'empty'), this.source.empty.text, 'info', this.source.empty.command);
    return messageNode(
      childId(this.id, 'empty'),
      t('Nothing matches {0}. Clear the filter', this.describeNarrowing()!.slice('filter: '.length)),
      'filter',
      { command: CommandId.treeClearFilter, title: t('Clear Filter'), arguments: [this] },
    );
  }

  /** Whether the window holds LIST_LIMIT items: the next page replaces the rows shown instead of adding to them. */
  private get full(): boolean {
    return this.received - this.windowStart >= LIST_LIMIT;
  }

  /**
   * Reads the next page (one request) and tells the tree to redraw this row; on a full list, that page starts a new
   * window in place of the rows shown, and the id of its first row is returned: the list is shorter than it was, and
   * the editor keeps the view scrolled where row 1,000 was, far below it (on rows of other lists). Paging goes on
   * from where it was ($skip): nothing is read twice.
   */
  async loadMore(): Promise<string | undefined> {
    const opensWindow = !this.loading && this.full && !this.exhausted && this.failure === undefined;
    if (opensWindow) {
      this.windowStart = this.received;
      this.rows = [];
      this.skipped = 0;
    }
    await this.loadPage();
    this.changed(this);
    return opensWindow ? childId(this.id, 'window') : undefined;
  }

  private loadPage(): Promise<void> {
    this.loading ??= this.readPage();
    return this.loading;
  }

  /** One page into the current state; a read superseded by a reset (its request aborted, or answered late) writes nothing. */
  private async readPage(): Promise<void> {
    const generation = this.generation;
    const current = () => generation === this.generation;
    try {
      const page = await this.source.load(PAGE_SIZE, this.received, this.controller.signal, {
        text: this.filterText,
        states: this.filterStates.length ? this.filterStates : undefined,
      });
      if (!current()) return;
      if (this.received === 0 && page.count !== undefined) this.total = page.count;
      this.rows.push(...page.items.map((row) => this.source.make(row)));
      this.skipped += page.skipped.length;
      const got = page.items.length + page.skipped.length;
      this.received += got;
      this.exhausted = got < PAGE_SIZE || (this.total !== undefined && this.received >= this.total);
      this.failure = undefined;
    } catch (error) {
      if (current()) this.failure = error;
    } finally {
      if (current()) {
        this.loaded = true;
        this.loading = undefined;
      }
    }
  }

  /** Narrows the collection by text (or clears the text with undefined) and reloads it from the first page. */
  setFilter(text: string | undefined): void {
    this.filterText = text?.trim() ? text.trim() : undefined;
    this.reload();
  }

  /** Narrows the collection to these states (none: all) and reloads it from the first page. */
  setStates(states: readonly string[]): void {
    this.filterStates = states.filter((s) => this.source.states?.includes(s));
    this.reload();
  }

  clearFilters(): void {
    this.filterText = undefined;
    this.filterStates = [];
    this.reload();
  }

  private reload(): void {
    this.reset();
    this.changed(this);
  }

  get filterField(): string | undefined {
    return this.source.filterField;
  }

  get states(): readonly string[] | undefined {
    return this.source.states;
  }

  reset(): void {
    this.generation++;
    this.controller.abort();
    this.controller = new AbortController();
    this.rows = [];
    this.windowStart = 0;
    this.windowHead = undefined;
    this.total = undefined;
    this.skipped = 0;
    this.received = 0;
    this.failure = undefined;
    this.loaded = false;
    this.exhausted = false;
    this.loading = undefined;
  }
}
