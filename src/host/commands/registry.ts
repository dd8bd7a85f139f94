import * as vscode from 'vscode';
import type { Ctx } from '../../ctx';
import type { CommandId } from '../../constants';
import { showAbout } from './showAbout';
import { openInPortal } from './openInPortal';
import {
  hideFolder,
  pinFolder,
  showHiddenFolders,
  stopShowingHiddenFolders,
  unhideFolder,
  unpinFolder,
} from './folderChoices';
import { addConnection } from './addConnection';
import { editConnection } from './editConnection';
import { removeConnection } from './removeConnection';
import { signIn } from './signIn';
import { signOut } from './signOut';
import { signInWithAccessToken } from './signInWithAccessToken';
import { setIdeaServiceCredentials } from './setIdeaServiceCredentials';
import { switchActiveFolder } from './switchActiveFolder';
import { refreshServiceDefinition } from './refreshServiceDefinition';
import {
  copyKey,
  setActiveFolder,
  treeClearFilter,
  treeFilter,
  treeFilterByState,
  treeFind,
  treeLoadMore,
  treeRefresh,
  treeRetry,
} from './treeCommands';
import { downloadPackage } from './downloadPackage';
import { activateTenant, deactivateTenant } from './setTenantActive';
import { rollBackProcess, updateProcessToLatest } from './updateProcessVersion';
import { addQueueItem } from './addQueueItem';
import { bulkAddQueueItems } from './bulkAddQueueItems';
import { startJob } from './startJob';
import { killJob, stopJob } from './stopJob';
import { tailLogs } from './tailLogs';
import { stopTailing } from './stopTailing';
import { showWatchedJobs } from './showWatchedJobs';
import { showJobOutput } from './showJobOutput';
import { editPackageArguments } from './editPackageArguments';
import { editProcessInputValues } from './editProcessInputValues';
import { showQueueItem } from './showQueueItem';
import { submitIdea } from './submitIdea';
import { showIdea } from './showIdea';
import { changeIdeaStatus } from './changeIdeaStatus';
import { addIdeaTags } from './addIdeaTags';
import { manageIdeaCollaborators } from './manageIdeaCollaborators';
import { attachIdeaDocument } from './attachIdeaDocument';
import { applyDocument } from './applyDocument';
import { discardDocumentDraft } from './discardDocumentDraft';
import { compareDocumentWithService } from './compareDocumentWithService';
import { plainText } from '../../core/presentation/plainText';
import { abortSignalOf } from './abortSignal';
import { t } from '../../core/l10n';

/** What a command handler receives besides its arguments: the parts of the context it uses, and its cancellation. */
export interface CommandRun<C> {
  readonly ctx: C;
  readonly token: vscode.CancellationToken;
  /** The same cancellation as an AbortSignal, for the core clients (which speak AbortSignal, not vscode). */
  readonly signal: AbortSignal;
  /** Title shown if the command takes long enough to need a progress notification. */
  progressTitle(title: string): void;
}

/**
 * A command, typed by the parts of the context it and its helpers use: `CommandDefinition<Uses>` with
 * `type Uses = Pick<Ctx, 'clientFor' | 'input'>`, or `CommandDefinition<unknown>` when it uses none. The registry runs
 * every command with the whole Ctx, which has every part.
 */
export interface CommandDefinition<C> {
  readonly id: CommandId;
  readonly title: string;
  /** The command shows its own progress (e.g. sign-in waiting for the browser): no second notification. */
  readonly ownProgress?: boolean;
  /** The command asks the user first (input box, quick pick, dialog): progress shows only once it calls progressTitle. */
  readonly asksFirst?: boolean;
  // A property, not a method: a method's parameters are not checked strictly, and then a command that uses more of
  // the context than it is given would still be accepted.
  readonly run: (run: CommandRun<C>, ...args: unknown[]) => Promise<unknown>;
}

/** What the wrapper itself uses of the context. */
type RunnerUses = Pick<Ctx, 'log'>;

/** Below this a command finishes before a notification would be readable; above it the user sees progress. */
const PROGRESS_DELAY_MS = 300;

const commands: readonly CommandDefinition<Ctx>[] = [
  showAbout,
  openInPortal,
  addConnection,
  editConnection,
  removeConnection,
  signIn,
  signOut,
  signInWithAccessToken,
  setIdeaServiceCredentials,
  switchActiveFolder,
  refreshServiceDefinition,
  treeRefresh,
  treeRetry,
  treeLoadMore,
  treeFilter,
  treeClearFilter,
  setActiveFolder,
  pinFolder,
  unpinFolder,
  hideFolder,
  unhideFolder,
  showHiddenFolders,
  stopShowingHiddenFolders,
  copyKey,
  treeFilterByState,
  treeFind,
  downloadPackage,
  activateTenant,
  deactivateTenant,
  updateProcessToLatest,
  rollBackProcess,
  addQueueItem,
  bulkAddQueueItems,
  startJob,
  stopJob,
  killJob,
  tailLogs,
  stopTailing,
  showWatchedJobs,
  showJobOutput,
  editPackageArguments,
  editProcessInputValues,
  showQueueItem,
  submitIdea,
  showIdea,
  changeIdeaStatus,
  addIdeaTags,
  manageIdeaCollaborators,
  attachIdeaDocument,
  applyDocument,
  discardDocumentDraft,
  compareDocumentWithService,
];

export function registerAllCommands(ctx: Ctx): vscode.Disposable[] {
  return commands.map((command) =>
    vscode.commands.registerCommand(command.id, (...args: unknown[]) => runCommand(ctx, command, args)),
  );
}

/**
 * The one wrapper every command runs through: it shows progress once a command runs longer than PROGRESS_DELAY_MS,
 * lets the user cancel it from that notification, and reports every failure the same way (log + notification).
 */
export async function runCommand<C extends RunnerUses>(
  ctx: C,
  command: CommandDefinition<C>,
  args: unknown[],
): Promise<unknown> {
  const cancellation = new vscode.CancellationTokenSource();
  let title = command.title;
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let work: Promise<unknown> = Promise.resolve();
  const arm = () => {
    if (timer || command.ownProgress) return;
    timer = setTimeout(() => {
      if (settled) return;
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true },
        (_progress, progressToken) => {
          progressToken.onCancellationRequested(() => cancellation.cancel());
          return work.catch(() => undefined);
        },
      );
    }, PROGRESS_DELAY_MS);
  };
  // A command that asks first arms the progress when it starts its slow part (progressTitle), not while the user types.
  work = command.run(
    {
      ctx,
      token: cancellation.token,
      signal: abortSignalOf(cancellation.token),
      progressTitle: (next) => ((title = next), arm()),
    },
    ...args,
  );
  if (!command.asksFirst) arm();
  try {
    return await work;
  } catch (error) {
    if (cancellation.token.isCancellationRequested || error instanceof vscode.CancellationError) {
      ctx.log.info(`${command.id} cancelled`);
      return undefined;
    }
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.error(`${command.id} failed: ${message}`);
    // The message quotes service text (a queue name, a reference): shown as plain text, never as a link. The log
    // records exactly what was shown, for bug reports and the integration suite.
    const failure = t('{0} failed: {1}', command.title, message);
    ctx.log.info(`Notified: ${plainText(failure)}`);
    void vscode.window.showErrorMessage(plainText(failure), t('Show Log')).then((choice) => {
      if (choice === t('Show Log')) ctx.log.show();
    });
    return undefined;
  } finally {
    settled = true;
    clearTimeout(timer);
    cancellation.dispose();
  }
}
