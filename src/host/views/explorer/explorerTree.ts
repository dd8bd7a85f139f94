import * as vscode from 'vscode';
import { ViewId } from '../../../constants';
import type { Services } from '../../services';
import { pickForAutoRefresh } from '../../presentation/autoRefresh';
import { NodeTree } from '../nodeTree';
import { PagedNode } from '../pagedNode';
import type { ExplorerHost } from './explorerHost';
import { userSettings } from '../../settings';
import { RowIds } from '../../../core/rows/rowIds';
import { ConnectionNode } from './connectionNode';
import { FolderLocations } from '../../../core/folderLocations';

/** What this needs from the extension's context, and nothing more. */
export type ExplorerTreeDeps = Pick<
  Services,
  'accountFor' | 'clientFor' | 'connections' | 'folderPreferences' | 'schedulerFor'
>;

/** The Orchestrator tree: connections (tenants) → Tenant resources and folders → Processes, Jobs, Queues, Packages, Robots, Assets. */
export class ExplorerTree extends NodeTree {
  private readonly host: ExplorerHost;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Where each connection's folders live, as this window has seen them (pinnedBeyond.ts asks). */
  private readonly locations = new Map<string, FolderLocations>();
  /** Connections added in this window, whose rows open when first shown (addConnection/offerSignIn.ts). */
  private readonly added = new Set<string>();

  constructor(ctx: ExplorerTreeDeps) {
    super(
      ViewId.explorer,
      'Orchestrator',
      () => ctx.connections.all().map((connection) => new ConnectionNode(this.host, connection)),
      undefined,
      // Several jobs, queue items or folders at once: Stop, Retry, Delete, Hide (commands that accept many).
      true,
    );
    this.host = {
      clientFor: (connection) => ctx.clientFor(connection),
      isSignedIn: (connection) => ctx.accountFor(connection.id) !== undefined,
      changed: (node) => this.changed(node),
      now: () => Date.now(),
      budgetOf: (connection) => ctx.schedulerFor(connection.id)?.state(),
      folderPreferences: (connection) => ({
        preferences: ctx.folderPreferences.of(connection.id),
        showHidden: ctx.folderPreferences.showsHidden(connection.id),
      }),
      hiddenFolders: (connection) => ctx.folderPreferences.hiddenFolders(connection.id),
      isJustAdded: (connection) => this.added.has(connection.id),
      folderLocations: (connection) => {
        let record = this.locations.get(connection.id);
        if (!record) this.locations.set(connection.id, (record = new FolderLocations()));
        return record;
      },
    };
    this.rebuild();
    this.scheduleAutoRefresh();
  }

  /**
   * The row of this connection, once added, is shown open (before it is saved: the save rebuilds the roots). Kept for
   * the window, so a later redraw of the row does not fold it again.
   */
  openWhenAdded(connectionId: string): void {
    this.added.add(connectionId);
  }

  /** Re-reads the interval setting (0 turns the auto-refresh off). */
  scheduleAutoRefresh(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const seconds = this.intervalSeconds();
    if (seconds > 0) this.timer = setInterval(() => this.autoRefreshTick(), seconds * 1000);
  }

  private intervalSeconds(): number {
    return userSettings(vscode.workspace.getConfiguration()).autoRefreshSeconds;
  }

  /** Reloads the expanded Jobs collections while the view is visible; returns how many it reloaded. */
  autoRefreshTick(): number {
    const candidates = this.loadedNodes()
      .filter((node): node is PagedNode<unknown> => node instanceof PagedNode && node.autoRefresh !== undefined)
      .map((node) => {
        const state = node.autoRefresh!();
        return {
          node,
          expanded: this.isExpanded(node),
          pagedBeyondFirst: node.pagedBeyondFirst,
          budget: {
            queued: state?.queued ?? 0,
            used: state?.used ?? 0,
            budget: state?.budget ?? 1,
            paused: state?.pausedUntil !== undefined,
          },
        };
      });
    const picked = pickForAutoRefresh(candidates, {
      visible: this.view.visible,
      intervalSeconds: this.intervalSeconds(),
    });
    for (const { node } of picked) this.refresh(node);
    return picked.length;
  }

  /** After a command changed a folder's jobs: reload that folder's Jobs row, if it is loaded. */
  refreshJobsOf(connectionId: string, folderId: number): number {
    return this.refreshRows(RowIds.ofFolder(connectionId, folderId, 'jobs'));
  }

  override dispose(): void {
    if (this.timer) clearInterval(this.timer);
    super.dispose();
  }
}
