import * as vscode from 'vscode';
import { withProtection } from '../../core/rows/contextValues';
import { HeldRedraws } from './heldRedraws';
import type { TreeNode } from './treeNode';

/**
 * What both trees share: a TreeDataProvider over TreeNodes that remembers each row's parent (so rows can be
 * revealed), the children it last loaded (so Find can search them) and every loaded row by id (so commands find the
 * row they changed by the id src/core/rows/rowIds.ts builds, without walking the tree), plus its TreeView and the
 * expanded rows.
 *
 * Every redraw of a row goes through `changed`, which holds it back while the editor is taking that row's
 * children (see HeldRedraws).
 */
/** The longest a reveal waits for held redraws. */
const REVEAL_WAIT_MS = 2000;

export class NodeTree implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<TreeNode>;
  private roots: TreeNode[] = [];
  private readonly parents = new Map<string, TreeNode>();
  private readonly loaded = new Map<string, TreeNode[]>();
  /** The rows shown now, by id: the roots and the children last loaded under shown rows. */
  private readonly index = new Map<string, TreeNode>();
  /** Ids of the rows the user expanded (the auto-refresh looks only at these). */
  private readonly expanded = new Set<string>();
  private readonly redraws: HeldRedraws;
  private readonly disposables: vscode.Disposable[] = [];

  /**
   * `redrawQuietMs`: how long the editor must have asked for no children before a held redraw goes out.
   * `canSelectMany`: rows can be selected together (Ctrl/Shift+click); a command then gets (clicked, selected[]), and
   * only those that accept many read the second (src/host/commands/rowSelection.ts).
   */
  constructor(
    private readonly viewId: string,
    readonly title: string,
    private readonly makeRoots: () => TreeNode[],
    redrawQuietMs?: number,
    canSelectMany = false,
  ) {
    this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this, showCollapseAll: true, canSelectMany });
    this.redraws = new HeldRedraws((node) => this.emitter.fire(node), redrawQuietMs);
    this.disposables.push(
      this.view,
      this.emitter,
      this.redraws,
      this.view.onDidExpandElement((event) => this.expanded.add(event.element.id)),
      this.view.onDidCollapseElement((event) => this.expanded.delete(event.element.id)),
    );
  }

  /** New roots (connection list or sign-in state changed); expansion survives through stable ids. */
  rebuild(): void {
    this.roots = this.makeRoots();
    this.parents.clear();
    this.loaded.clear();
    this.index.clear();
    for (const root of this.roots) this.index.set(root.id, root);
    this.redraws.clear();
    this.emitter.fire(undefined);
  }

  /** Redraw a row (its children are asked again); held back while the editor is taking that row's children. */
  changed(node: TreeNode | undefined): void {
    if (node) this.redraws.redraw(node);
    else this.emitter.fire(undefined);
  }

  /** Per-node Refresh: forget what the node loaded and redraw it (everything when no node is given). */
  refresh(node?: TreeNode): void {
    if (!node) {
      this.rebuild();
      return;
    }
    node.reset?.();
    this.changed(node);
  }

  /** The loaded row with this id (src/core/rows/rowIds.ts builds it), if the tree shows it now. */
  find(id: string): TreeNode | undefined {
    return this.index.get(id);
  }

  /** Refresh the loaded rows with these ids (after a command changed what they show); how many were loaded. */
  refreshRows(...ids: string[]): number {
    const hits = ids.map((id) => this.find(id)).filter((node) => node !== undefined);
    for (const node of hits) this.refresh(node);
    return hits.length;
  }

  owns(node: TreeNode): boolean {
    return this.find(node.id) === node;
  }

  isExpanded(node: TreeNode): boolean {
    return this.expanded.has(node.id);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const item = node.item();
    // A row of a connection tells the menus how far that connection lets changes go (contextValues.ts).
    if (node.row && item.contextValue)
      item.contextValue = withProtection(item.contextValue, node.row.connection.protection);
    return item;
  }

  /** On hover: the tooltip of a row that builds it only then (RowLeaf). */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    item.tooltip ??= node.tooltip?.();
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.roots;
    return this.redraws.read(node, async () => {
      const children = node.children ? await node.children() : [];
      // A row replaced while its children were read (its parent reloaded) is no longer shown: what it had must not
      // take the place of what its successor, with the same id, has.
      if (!this.owns(node)) return children;
      // Rows replaced by this load (a reloaded page makes new rows) leave the index with what was loaded under them.
      for (const old of this.loaded.get(node.id) ?? []) if (!children.includes(old)) this.forget(old);
      for (const child of children) {
        this.parents.set(child.id, node);
        this.index.set(child.id, child);
      }
      this.loaded.set(node.id, children);
      return children;
    });
  }

  private forget(node: TreeNode): void {
    for (const child of this.loaded.get(node.id) ?? []) this.forget(child);
    this.loaded.delete(node.id);
    if (this.index.get(node.id) === node) {
      this.index.delete(node.id);
      this.parents.delete(node.id);
    }
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return this.parents.get(node.id);
  }

  /** Every row loaded so far, depth first (also inside collapsed rows). Walks ids only: no TreeItem is built. */
  loadedNodes(): TreeNode[] {
    const nodes: TreeNode[] = [];
    const visit = (level: readonly TreeNode[]) => {
      for (const node of level) {
        nodes.push(node);
        const children = this.loaded.get(node.id);
        if (children) visit(children);
      }
    };
    visit(this.roots);
    return nodes;
  }

  /** The labels of the rows above a loaded row, top first. */
  pathOf(node: TreeNode): string[] {
    const path: string[] = [];
    for (let parent = this.getParent(node); parent; parent = this.getParent(parent))
      path.unshift(labelOf(parent.item()));
    return path;
  }

  /** Reveals (selects and focuses) the child of a shown row with this id, once the row's children are read. */
  async revealChild(parent: TreeNode, id: string): Promise<void> {
    const child = (await this.getChildren(parent)).find((node) => node.id === id);
    if (child) await this.reveal(child);
  }

  async reveal(node: TreeNode): Promise<void> {
    // reveal() does not open a folded pane (the view still counts as visible there): open and focus it first.
    await vscode.commands.executeCommand(`${this.viewId}.focus`);
    // A redraw still held back (a count shown after a first page) would land after the reveal and redraw the
    // revealed row's parent under it: let it go out first (bounded: reveal anyway after REVEAL_WAIT_MS).
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.redraws.settled(),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, REVEAL_WAIT_MS))),
    ]);
    clearTimeout(timer);
    await this.view.reveal(node, { select: true, focus: true, expand: false });
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}

export const labelOf = (item: vscode.TreeItem): string =>
  typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
