// An ExplorerHost for tests that build the Orchestrator tree's nodes by hand: signed in, no folder hidden or pinned,
// no budget, time zero; a test gives what it cares about.
import { NO_FOLDER_PREFERENCES } from '../../src/core/folderPreferences';
import type { ExplorerHost } from '../../src/host/views/explorer/explorerHost';

export function fakeExplorerHost(given: Partial<ExplorerHost> & Pick<ExplorerHost, 'clientFor'>): ExplorerHost {
  return {
    isSignedIn: () => true,
    changed: () => undefined,
    now: () => 0,
    budgetOf: () => undefined,
    folderPreferences: () => ({ preferences: NO_FOLDER_PREFERENCES, showHidden: false }),
    hiddenFolders: () => 'none',
    ...given,
  };
}
