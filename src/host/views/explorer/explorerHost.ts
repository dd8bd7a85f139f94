import type { Connection } from '../../../core/connections';
import type { FolderLocations } from '../../../core/folderLocations';
import type { FolderPreferences } from '../../../core/folderPreferences';
import type { HiddenFolders } from '../../../core/rows/contextValues';
import type { SchedulerState } from '../../../core/http/scheduler';
import type { OrchestratorClient } from '../../../core/orchestrator/client';
import type { TreeNode } from '../treeNode';

/** What the Orchestrator tree's nodes need from the extension: clients, accounts, and a way to redraw a row. */
export interface ExplorerHost {
  clientFor(connection: Connection): OrchestratorClient;
  isSignedIn(connection: Connection): boolean;
  changed(node: TreeNode | undefined): void;
  now(): number;
  /** The tenant's rate-limit budget (for the auto-refresh), once a client exists for it. */
  budgetOf(connection: Connection): SchedulerState | undefined;
  /** The folders the user hid or pinned in this connection, and whether its hidden folders are shown now. */
  folderPreferences(connection: Connection): { preferences: FolderPreferences; showHidden: boolean };
  hiddenFolders(connection: Connection): HiddenFolders;
  /** A connection added in this window (Add Connection): its row starts open, at its Sign in row. */
  isJustAdded(connection: Connection): boolean;
  /** Where this connection's folders live, as this window has seen them (one record per connection). */
  folderLocations(connection: Connection): FolderLocations;
}
