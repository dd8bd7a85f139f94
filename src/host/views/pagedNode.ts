import * as vscode from 'vscode';
import type { Page } from '../../core/odata/envelope';
import { contains, type Filter } from '../../core/odata/filter';
import { describeFailure } from '../../core/presentation/items';
import { CommandId } from '../../constants';
import { messageNode, type TreeNode } from './treeNode';

export interface PagedSource<T> {
  /** One page: top rows after skip, narrowed by the user's filter if any; asks for the count on the first page. */
  load(top: number, skip: number, signal: AbortSignal, filter: Filter | undefined): Promise<Page<T>>;
  /** The text property the Filter action searches (with contains(), escaped by the builder). */
  filterField?: string;
  make(row: T): TreeNode;
  /** "processes", "jobs", … and "folder Shared" for messages. */
  what: string;
  where: string;
  empty: { text: string; command?: vscode.Command };
}

export const PAGE_SIZE = 50;

/**
 * A collection row (Processes, Jobs, a queue's items…): the first page in one request when expanded, then a
 * "Load more…" row; a failure becomes an error row with Retry; an empty result a row with the next action. Rows
 * that did not parse are counted in a warning row, not shown broken.
 */
export class PagedNode<T> implements TreeNode {
  private rows: TreeNode[] = [];
  private total: number | undefined;
  private skipped = 0;
  private received = 0;
  private failure: unknown;
  private loaded = false;
  private exhausted = false;
  private loading: Promise<void> | undefined;
  private controller = new AbortController();
  /** The user's filter text; shown on the row, cleared with its own action. */
  filterText: string | undefined;

  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly icon: string,
    private readonly source: PagedSource<T>,
    private readonly changed: (node: TreeNode) => void,
    private readonly contextValue = 'collection',
  ) {}

  item(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    const filterable = this.source.filterField ? (this.filterText ? '.filtered' : '.filterable') : '';
    item.contextValue = `${this.contextValue}${filterable}`;
    const count = this.loaded && !this.failure ? (this.total !== undefined ? this.total.toLocaleString('en') : `${this.rows.length}${this.exhausted ? '' : '+'}`) : undefined;
    item.description = [this.filterText ? `filter: “${this.filterText}”` : undefined, count].filter(Boolean).join(' · ') || undefined;
    return item;
  }

  async children(): Promise<TreeNode[]> {
    if (!this.loaded) await this.loadPage();
    const nodes = [...this.rows];
    if (this.skipped > 0) nodes.push(messageNode(`${this.id}/skipped`, `${this.skipped} row(s) could not be read and are not shown (see the log).`, 'warning'));
    if (this.failure !== undefined) {
      nodes.push(messageNode(`${this.id}/error`, `${describeFailure(this.failure, this.source.what, this.source.where)} Retry`, 'error', { command: CommandId.treeRetry, title: 'Retry', arguments: [this] }, 'error'));
    } else if (this.rows.length === 0 && this.filterText) {
      nodes.push(messageNode(`${this.id}/empty`, `Nothing matches “${this.filterText}”. Clear the filter`, 'filter', { command: CommandId.treeClearFilter, title: 'Clear Filter', arguments: [this] }));
    } else if (this.rows.length === 0) {
      nodes.push(messageNode(`${this.id}/empty`, this.source.empty.text, 'info', this.source.empty.command));
    } else if (!this.exhausted) {
      const remaining = this.total !== undefined ? ` (${(this.total - this.received).toLocaleString('en')} more)` : '';
      nodes.push(messageNode(`${this.id}/more`, `Load more…${remaining}`, 'ellipsis', { command: CommandId.treeLoadMore, title: 'Load more', arguments: [this] }, 'loadMore'));
    }
    return nodes;
  }

  /** Reads the next page (one request) and tells the tree to redraw this row. */
  async loadMore(): Promise<void> {
    await this.loadPage();
    this.changed(this);
  }

  private loadPage(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const filter = this.filterText && this.source.filterField ? contains(this.source.filterField, this.filterText) : undefined;
        const page = await this.source.load(PAGE_SIZE, this.received, this.controller.signal, filter);
        if (this.received === 0 && page.count !== undefined) this.total = page.count;
        this.rows.push(...page.items.map((row) => this.source.make(row)));
        this.skipped += page.skipped.length;
        const got = page.items.length + page.skipped.length;
        this.received += got;
        this.exhausted = got < PAGE_SIZE || (this.total !== undefined && this.received >= this.total);
        this.failure = undefined;
      } catch (error) {
        this.failure = error;
      } finally {
        this.loaded = true;
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /** Narrows the collection (or clears the filter with undefined) and reloads it from the first page. */
  setFilter(text: string | undefined): void {
    this.filterText = text?.trim() ? text.trim() : undefined;
    this.reset();
    this.changed(this);
  }

  get filterField(): string | undefined {
    return this.source.filterField;
  }

  reset(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.rows = [];
    this.total = undefined;
    this.skipped = 0;
    this.received = 0;
    this.failure = undefined;
    this.loaded = false;
    this.exhausted = false;
    this.loading = undefined;
  }
}
