// An ExplorerHost for tests that build the Orchestrator tree's nodes by hand (signed in, no folder hidden or pinned,
// no budget, time zero; a test gives what it cares about), and a connection for them.
import { FolderLocations } from '../../src/core/folderLocations';
import { NO_FOLDER_PREFERENCES } from '../../src/core/folderPreferences';
import type { ExplorerHost } from '../../src/host/views/explorer/explorerHost';

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
export const testConnection = (protection: 'normal' | 'confirm' | 'readOnly' = 'normal') =>
  ({
    id: 'c1',
    label: 'Sandbox',
    kind: 'cloud',
    serviceUrl: 'https://orchestrator.test',
    account: 'a',
    tenant: 't',
    protection,
  }) as never;
