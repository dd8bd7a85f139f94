import type { TreeNode } from './treeNode';

/** How long the editor must have asked for no children before held redraws go out: it asks level by level. */
export const REDRAW_QUIET_MS = 250;

/**
 * Holds back the redraw of a row while the editor is taking rows' children.
 *
 * The extension host forgets a row's children whenever the row is redrawn. The editor asks for the children of several
 * rows in one batch, answered when the slowest of them is done, and after a Refresh it asks again level by level for
 * every expanded row. A row redrawn in between (showing its count, or the unread alerts, as soon as its own children
 * are read) makes the host forget rows the editor is about to show or to expand: expanding one then shows nothing
 * ("No tree item with id … found"), and Refresh repeats it. So a row whose children were taken lately is redrawn only
 * once the editor has asked for nothing for a moment; any other row at once.
 */
export class HeldRedraws {
  private pending = 0;
  /** Rows whose children were taken since the editor was last quiet. */
  private readonly takenLately = new Set<string>();
  private readonly held = new Map<string, TreeNode>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly fire: (node: TreeNode) => void,
    private readonly quietMs = REDRAW_QUIET_MS,
  ) {}

  /** Runs one read of a row's children for the editor. */
  async read<T>(node: TreeNode, children: () => Promise<T>): Promise<T> {
    this.pending++;
    this.takenLately.add(node.id);
    clearTimeout(this.timer);
    try {
      return await children();
    } finally {
      if (--this.pending === 0) this.timer = setTimeout(() => this.release(), this.quietMs);
    }
  }

  redraw(node: TreeNode): void {
    if (this.takenLately.has(node.id)) this.held.set(node.id, node);
    else this.fire(node);
  }

  /** Settles once nothing is being read or held back (at once when that is so already). */
  settled(): Promise<void> {
    if (this.pending === 0 && this.held.size === 0 && this.takenLately.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Forgets what is held (the whole tree is redrawn anyway). */
  clear(): void {
    this.held.clear();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.held.clear();
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private release(): void {
    if (this.pending > 0) return;
    this.takenLately.clear();
    const held = [...this.held.values()];
    this.held.clear();
    for (const node of held) this.fire(node);
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
