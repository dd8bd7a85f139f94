import * as vscode from 'vscode';
import type { Ctx } from '../../../ctx';
import type { TreeNode } from '../treeNode';
import { ConnectionNode, type ExplorerHost } from './nodes';

/** The Orchestrator tree: connections (tenants) → folders → Processes, Jobs, Queues → items, Packages, Robots, Assets. */
export class ExplorerTree implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private roots: ConnectionNode[] = [];
  private readonly host: ExplorerHost;

  constructor(private readonly ctx: Ctx) {
    this.host = {
      clientFor: (connection) => ctx.clientFor(connection),
      isSignedIn: (connection) => ctx.accountFor(connection.id) !== undefined,
      changed: (node) => this.emitter.fire(node),
      now: () => Date.now(),
    };
    this.rebuild();
  }

  /** New connection list or sign-in state: new root nodes (expansion survives through stable ids). */
  rebuild(): void {
    this.roots = this.ctx.connections.all().map((connection) => new ConnectionNode(this.host, connection));
    this.emitter.fire(undefined);
  }

  /** Per-node Refresh: forget what the node loaded and redraw it (everything when no node is given). */
  refresh(node?: TreeNode): void {
    if (!node) {
      this.rebuild();
      return;
    }
    node.reset?.();
    this.emitter.fire(node);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.item();
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.roots;
    return node.children ? node.children() : [];
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
