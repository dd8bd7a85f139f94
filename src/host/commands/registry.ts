import * as vscode from 'vscode';
import type { Services } from '../services';
import { CommandId } from '../../constants';
import { plainText } from '../../core/presentation/plainText';
import { onFirstUse } from '../../core/onFirstUse';
import type { CommandContribution } from './contribution';
import { errorMessage } from '../../core/errorMessage';
import type { CommandCalls } from '../commandCalls';

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
 * `type Uses = Pick<Services, 'clientFor' | 'input'>`, or `CommandDefinition<unknown>` when it uses none. The registry
 * runs every command with every part (the Ctx, which builds them all).
 */
export interface CommandDefinition<C> {
  readonly id: CommandId;
  readonly title: string;
  /** The command shows its own progress (e.g. sign-in waiting for the browser): no second notification. */
  readonly ownProgress?: boolean;
  /** The command asks the user first (input box, quick pick, dialog): progress shows only once it calls progressTitle. */
  readonly asksFirst?: boolean;
  /**
   * It acts on every row selected with the clicked one: `run` reads `(clicked, selected[])` through selectedRows
   * (rowSelection.ts). Other commands get the same arguments from a multi-selection and act on the clicked row only.
   */
  readonly acceptsMany?: true;
  /** Where it appears (palette, menus, title bars): package.json is generated from this (`npm run manifest`). */
  readonly contributes: CommandContribution;
  // A property, not a method: a method's parameters are not checked strictly, and then a command that uses more of
  // the context than it is given would still be accepted.
  readonly run: (run: CommandRun<C>, ...args: unknown[]) => Promise<unknown>;
}

/** What the wrapper runs: a definition without where it appears (tests run commands of their own). */
export type RunnableCommand<C> = Omit<CommandDefinition<C>, 'contributes'>;

/** What the wrapper itself uses of the context. */
export type RunnerUses = Pick<Services, 'log'>;

/** The wrapper's code loads with the first command run, not at activation. */
const wrapper = onFirstUse(() => import('./runCommand'));

/**
 * Every command, by id, and where its code is: each module is a chunk of its own, loaded the first time one of its
 * commands runs, so activation parses none of them. A Record, so a command id without code is a type error.
 */
export const commandLoaders: Record<CommandId, () => Promise<CommandDefinition<Services>>> = {
  [CommandId.showAbout]: async () => (await import('./showAbout')).showAbout,
  [CommandId.openInPortal]: async () => (await import('./openInPortal')).openInPortal,
  [CommandId.addConnection]: async () => (await import('./addConnection')).addConnection,
  [CommandId.editConnection]: async () => (await import('./editConnection')).editConnection,
  [CommandId.removeConnection]: async () => (await import('./removeConnection')).removeConnection,
  [CommandId.signIn]: async () => (await import('./signIn')).signIn,
  [CommandId.signOut]: async () => (await import('./signOut')).signOut,
  [CommandId.signInWithAccessToken]: async () => (await import('./signInWithAccessToken')).signInWithAccessToken,
  [CommandId.setIdeaServiceCredentials]: async () =>
    (await import('./setIdeaServiceCredentials')).setIdeaServiceCredentials,
  [CommandId.switchActiveFolder]: async () => (await import('./switchActiveFolder')).switchActiveFolder,
  [CommandId.refreshServiceDefinition]: async () =>
    (await import('./refreshServiceDefinition')).refreshServiceDefinition,
  [CommandId.treeRefresh]: async () => (await import('./treeCommands')).treeRefresh,
  [CommandId.treeRetry]: async () => (await import('./treeCommands')).treeRetry,
  [CommandId.treeLoadMore]: async () => (await import('./treeCommands')).treeLoadMore,
  [CommandId.treeFilter]: async () => (await import('./treeCommands')).treeFilter,
  [CommandId.treeClearFilter]: async () => (await import('./treeCommands')).treeClearFilter,
  [CommandId.setActiveFolder]: async () => (await import('./treeCommands')).setActiveFolder,
  [CommandId.pinFolder]: async () => (await import('./folderChoices')).pinFolder,
  [CommandId.unpinFolder]: async () => (await import('./folderChoices')).unpinFolder,
  [CommandId.hideFolder]: async () => (await import('./folderChoices')).hideFolder,
  [CommandId.unhideFolder]: async () => (await import('./folderChoices')).unhideFolder,
  [CommandId.showHiddenFolders]: async () => (await import('./folderChoices')).showHiddenFolders,
  [CommandId.stopShowingHiddenFolders]: async () => (await import('./folderChoices')).stopShowingHiddenFolders,
  [CommandId.copyKey]: async () => (await import('./treeCommands')).copyKey,
  [CommandId.treeFilterByState]: async () => (await import('./treeCommands')).treeFilterByState,
  [CommandId.treeFind]: async () => (await import('./treeCommands')).treeFind,
  [CommandId.downloadPackage]: async () => (await import('./downloadPackage')).downloadPackage,
  [CommandId.uploadPackage]: async () => (await import('./uploadPackage')).uploadPackage,
  [CommandId.publishWorkspaceProject]: async () => (await import('./publishWorkspaceProject')).publishWorkspaceProject,
  [CommandId.activateTenant]: async () => (await import('./setTenantActive')).activateTenant,
  [CommandId.deactivateTenant]: async () => (await import('./setTenantActive')).deactivateTenant,
  [CommandId.updateProcessToLatest]: async () => (await import('./updateProcessVersion')).updateProcessToLatest,
  [CommandId.rollBackProcess]: async () => (await import('./updateProcessVersion')).rollBackProcess,
  [CommandId.addQueueItem]: async () => (await import('./addQueueItem')).addQueueItem,
  [CommandId.bulkAddQueueItems]: async () => (await import('./bulkAddQueueItems')).bulkAddQueueItems,
  [CommandId.exportQueueItems]: async () => (await import('./exportQueueItems')).exportQueueItems,
  [CommandId.createAsset]: async () => (await import('./createAsset')).createAsset,
  [CommandId.editAsset]: async () => (await import('./editAsset')).editAsset,
  [CommandId.deleteAsset]: async () => (await import('./deleteAsset')).deleteAsset,
  [CommandId.retryQueueItems]: async () => (await import('./retryQueueItems')).retryQueueItems,
  [CommandId.deleteQueueItems]: async () => (await import('./deleteQueueItems')).deleteQueueItems,
  [CommandId.startJob]: async () => (await import('./startJob')).startJob,
  [CommandId.stopJob]: async () => (await import('./stopJob')).stopJob,
  [CommandId.killJob]: async () => (await import('./stopJob')).killJob,
  [CommandId.tailLogs]: async () => (await import('./tailLogs')).tailLogs,
  [CommandId.stopTailing]: async () => (await import('./stopTailing')).stopTailing,
  [CommandId.showWatchedJobs]: async () => (await import('./showWatchedJobs')).showWatchedJobs,
  [CommandId.showJobOutput]: async () => (await import('./showJobOutput')).showJobOutput,
  [CommandId.showJob]: async () => (await import('./showJob')).showJob,
  [CommandId.failuresPeriod]: async () => (await import('./failuresPeriod')).failuresPeriod,
  [CommandId.clearJobProblems]: async () => (await import('./clearJobProblems')).clearJobProblems,
  [CommandId.editPackageArguments]: async () => (await import('./editPackageArguments')).editPackageArguments,
  [CommandId.editProcessInputValues]: async () => (await import('./editProcessInputValues')).editProcessInputValues,
  [CommandId.showQueueItem]: async () => (await import('./showQueueItem')).showQueueItem,
  [CommandId.submitIdea]: async () => (await import('./submitIdea')).submitIdea,
  [CommandId.showIdea]: async () => (await import('./showIdea')).showIdea,
  [CommandId.changeIdeaStatus]: async () => (await import('./changeIdeaStatus')).changeIdeaStatus,
  [CommandId.addIdeaTags]: async () => (await import('./addIdeaTags')).addIdeaTags,
  [CommandId.manageIdeaCollaborators]: async () => (await import('./manageIdeaCollaborators')).manageIdeaCollaborators,
  [CommandId.attachIdeaDocument]: async () => (await import('./attachIdeaDocument')).attachIdeaDocument,
  [CommandId.applyDocument]: async () => (await import('./applyDocument')).applyDocument,
  [CommandId.discardDocumentDraft]: async () => (await import('./discardDocumentDraft')).discardDocumentDraft,
  [CommandId.compareDocumentWithService]: async () =>
    (await import('./compareDocumentWithService')).compareDocumentWithService,
};

export function registerAllCommands(
  ctx: Services,
  loaders: Partial<typeof commandLoaders> = commandLoaders,
): vscode.Disposable[] {
  return Object.entries(loaders).map(([id, load]) => vscode.commands.registerCommand(id, runnerOf(ctx, id, load)));
}

/**
 * The commands other code runs, as functions (CommandCalls): each loads its command with `load` (the Ctx passes
 * commandLoaders) the first time, and runs it as its registration does.
 */
export function commandCalls<C extends RunnerUses>(
  ctx: C,
  load: (id: CommandId) => Promise<RunnableCommand<C>>,
): CommandCalls {
  const call = (id: CommandId) => runnerOf(ctx, id, () => load(id));
  return {
    addConnection: call(CommandId.addConnection),
    signIn: call(CommandId.signIn),
    signInWithAccessToken: call(CommandId.signInWithAccessToken),
    refreshServiceDefinition: call(CommandId.refreshServiceDefinition),
    tailLogs: call(CommandId.tailLogs),
    showJobOutput: call(CommandId.showJobOutput),
    stopJob: call(CommandId.stopJob),
    killJob: call(CommandId.killJob),
    startJob: call(CommandId.startJob),
    openInPortal: call(CommandId.openInPortal),
    showJob: call(CommandId.showJob),
  };
}

/** Loads the command's code the first time it runs, then runs it through runCommand with the arguments given. */
function runnerOf<C extends RunnerUses>(
  ctx: C,
  id: string,
  load: () => Promise<RunnableCommand<C>>,
): (...args: unknown[]) => Promise<unknown> {
  const loadCommand = onFirstUse(load);
  return async (...args: unknown[]) => {
    let command: RunnableCommand<C>;
    let run: typeof import('./runCommand').runCommand;
    try {
      [command, { runCommand: run }] = await Promise.all([loadCommand(), wrapper()]);
    } catch (error) {
      // Only a damaged installation gets here (a chunk missing from dist/): onFirstUse's error says what to do.
      const message = errorMessage(error);
      const cause = error instanceof Error ? error.cause : undefined;
      ctx.log.error(`${id} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
      void vscode.window.showErrorMessage(plainText(message));
      return undefined;
    }
    return run(ctx, command, args);
  };
}
