// Activation in plain Node (vscode stubbed) on the production bundle: evaluating the module and running activate()
// with a signed-in account stored, several times, each on a fresh module instance; and the requests it sends (none).
import { join } from 'node:path';
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { ACTIVATION_REQUEST_BUDGET } from './budgets';
import type { Figures } from './figures';
import { activateInNode, storedSignIn } from './nodeActivation';

const RUNS = 10;

export async function nodeActivationFigures(figures: Figures, extensionPath: string): Promise<void> {
  const sandbox = await startSandbox({});
  try {
    const signedIn = await storedSignIn(sandbox);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await activateInNode(join(extensionPath, 'dist', 'extension.mjs'), signedIn);
      await run.deactivate();
      runs.push(run);
    }
    const round = (value: number) => Math.round(value * 100) / 100;
    figures.timing(
      'node.load.ms',
      'load the production bundle in Node',
      runs.map((r) => round(r.loadMs)),
      'ms',
      'the first run includes reading the file',
    );
    figures.timing(
      'node.activate.ms',
      'activate() in Node (vscode stubbed)',
      runs.map((r) => round(r.activation.activateMs)),
    );
    figures.add(
      'node.activation.requests',
      'requests during activation in Node (a signed-in account stored)',
      Math.max(...runs.map((r) => r.requests.length)),
      'requests',
      { budget: ACTIVATION_REQUEST_BUDGET },
    );
  } finally {
    await sandbox.close();
  }
}
