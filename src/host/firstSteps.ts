import * as vscode from 'vscode';
import { Stored, type StoredState } from './storedState';

/**
 * What the Get Started walkthrough checks off (package.json `walkthroughs`, completion events `onContext:`): each key
 * is set when the user has really done the step — a job started, a log tail opened — not when a command merely ran
 * (a cancelled Start Job completes nothing). Adding a connection and signing in use the keys the menus already have.
 */
export const FirstStep = {
  pickedFolder: 'orchestrator.firstSteps.pickedFolder',
  startedJob: 'orchestrator.firstSteps.startedJob',
  readLog: 'orchestrator.firstSteps.readLog',
  openedQueueItem: 'orchestrator.firstSteps.openedQueueItem',
} as const;
export type FirstStep = (typeof FirstStep)[keyof typeof FirstStep];

/** The user did it: the walkthrough's step gets its check mark (it keeps it; VS Code remembers completed steps). */
export function didFirstStep(step: FirstStep): void {
  void vscode.commands.executeCommand('setContext', step, true);
}

/** The walkthrough's id as `workbench.action.openWalkthrough` takes it. */
export const WALKTHROUGH_ID = 'orchestrator-workbench.orchestrator-workbench#orchestrator.getStarted';

/**
 * Opens Get Started once per user, on the first activation after install, as VS Code does for an extension installed
 * from the Marketplace (which a .vsix installed from a file does not get). Follows the user's
 * `workbench.welcomePage.walkthroughs.openOnInstall`: off, it never opens by itself.
 */
export async function openWalkthroughOnFirstRun(state: StoredState): Promise<void> {
  if (state.get(Stored.getStartedOpened)) return;
  await state.update(Stored.getStartedOpened, true);
  if (!vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall', true))
    return;
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
}
