// An ExplorerHost for tests that build the Orchestrator tree's nodes by hand (signed in, no folder hidden or pinned,
// no budget, time zero; a test gives what it cares about) and a connection for them. It loads nothing of `vscode`:
// the bench's tree driver imports it before it installs the stub (explorerTree.ts has the whole tree).
import { FolderLocations } from '../../src/core/folderLocations';
import { NO_FOLDER_PREFERENCES } from '../../src/core/folderPreferences';
import type { Connection } from '../../src/core/connections';
import type { ExplorerHost } from '../../src/host/views/explorer/explorerHost';
import { aConnection } from './entities';

export function fakeExplorerHost(given: Partial<ExplorerHost> & Pick<ExplorerHost, 'clientFor'>): ExplorerHost {
  const locations = new FolderLocations();
  return {
    isSignedIn: () => true,
    changed: () => undefined,
    now: () => 0,
    budgetOf: () => undefined,
    folderPreferences: () => ({ preferences: NO_FOLDER_PREFERENCES, showHidden: false }),
    hiddenFolders: () => 'none',
    isJustAdded: () => false,
    folderLocations: () => locations,
    ...given,
  };
}

/** A cloud connection as the tree's nodes take it (protection as the test needs). */
export const testConnection = (protection: Connection['protection'] = 'normal') => aConnection({ protection });
