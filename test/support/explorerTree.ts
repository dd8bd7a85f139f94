// The Orchestrator tree of one connection over a fake client, for unit tests (it loads the tree's nodes, which need
// `vscode`: the unit layer's stub).
import type { TreeNode } from '../../src/host/views/treeNode';
import { NodeTree } from '../../src/host/views/nodeTree';
import { ConnectionNode } from '../../src/host/views/explorer/connectionNode';
import { fakeExplorerHost, testConnection } from './explorerHost';
import { fakeOrchestratorClient, type Answers } from './fakeOrchestratorClient';

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
