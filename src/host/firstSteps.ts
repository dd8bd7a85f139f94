import * as vscode from 'vscode';
import { ContextKey } from '../constants';
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

/** Every key a step's completion event names, with the step's id in package.json. */
const STEP_OF_KEY = {
  [ContextKey.hasConnections]: 'connect',
  [ContextKey.signedIn]: 'signIn',
  [FirstStep.pickedFolder]: 'folder',
  [FirstStep.startedJob]: 'startJob',
  [FirstStep.readLog]: 'readLog',
  [FirstStep.openedQueueItem]: 'queueItem',
} as const;
type StepKey = keyof typeof STEP_OF_KEY;

/** The user did it: the key is set, and the walkthrough's step gets its check mark. */
export function didFirstStep(step: FirstStep): void {
  void vscode.commands.executeCommand('setContext', step, true);
  checkOffStep(step);
}

const checkedOff = new Set<StepKey>();

/**
 * Checks the step off in the editor's own record of the walkthrough, once a window. The `onContext:` event alone is
 * not enough: the editor creates its walkthrough service when the window is first idle (or Get Started opens) and
 * checks a step only when its key changes while that service listens; a key that is already true when it starts —
 * the connections read at activation, or a job started in a busy window — never gets its mark. `welcome.markStepComplete`
 * (what Get Started's own "Mark Done" runs) writes the mark whenever the service starts; an editor without it keeps
 * the context key alone.
 */
export function checkOffStep(key: StepKey): void {
  if (checkedOff.has(key)) return;
  checkedOff.add(key);
  void Promise.resolve(
    vscode.commands.executeCommand('welcome.markStepComplete', `${WALKTHROUGH_ID}#${STEP_OF_KEY[key]}`), // l10n: code
  ).catch(() => undefined); // the step not registered yet still has its mark saved; no such command: the key serves
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
