// An ExplorerHost for tests that build the Orchestrator tree's nodes by hand (signed in, no folder hidden or pinned,
// no budget, time zero; a test gives what it cares about), a connection for them, and a whole tree over a fake client.
import { FolderLocations } from '../../src/core/folderLocations';
import { NO_FOLDER_PREFERENCES } from '../../src/core/folderPreferences';
import type { Connection } from '../../src/core/connections';
import type { ExplorerHost } from '../../src/host/views/explorer/explorerHost';
import type { TreeNode } from '../../src/host/views/treeNode';
import { NodeTree } from '../../src/host/views/nodeTree';
import { ConnectionNode } from '../../src/host/views/explorer/connectionNode';
import { aConnection } from './entities';
import { fakeOrchestratorClient, type Answers } from './fakeOrchestratorClient';

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

/**
 * The Orchestrator tree of one connection over a fake client answering `answers`: the tree (redraws held back for
 * `quietMs`), its connection row, the client's calls, and the rows redrawn since it was built.
 */
export function explorerTree(answers: Answers, quietMs = 40) {
  const { calls, client } = fakeOrchestratorClient(answers);
  const fired: string[] = [];
  const roots: TreeNode[] = [];
  const tree = new NodeTree('test.view', 'Test', () => roots, quietMs);
  tree.onDidChangeTreeData((node) => fired.push(node?.id ?? '<root>'));
  const host = fakeExplorerHost({ clientFor: () => client, changed: (node) => tree.changed(node) });
  const root = new ConnectionNode(host, testConnection('normal'));
  roots.push(root);
  tree.rebuild();
  fired.length = 0;
  return { tree, root, calls, fired };
}
