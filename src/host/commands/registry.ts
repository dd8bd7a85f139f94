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

/** The map of where each command's code is loads with the first command run: activation parses no import path. */
const loaderMap = onFirstUse(() => import('./commandLoaders'));

/** A command's definition, by id: its code loads the first time (commandLoaders.ts). */
export const loadCommand = async (id: CommandId): Promise<CommandDefinition<Services>> =>
  (await loaderMap()).commandLoaders[id]();

type Loaders = Partial<Record<CommandId, () => Promise<CommandDefinition<Services>>>>;

/** Every command id (constants.ts), each loading its code on first run. */
const everyCommand = (): Loaders =>
  Object.fromEntries(Object.values(CommandId).map((id) => [id, () => loadCommand(id)]));

export function registerAllCommands(ctx: Services, loaders: Loaders = everyCommand()): vscode.Disposable[] {
  return Object.entries(loaders).map(([id, load]) => vscode.commands.registerCommand(id, runnerOf(ctx, id, load)));
}

/**
 * The commands other code runs, as functions (CommandCalls): each loads its command with `load` (the Ctx passes
 * loadCommand) the first time, and runs it as its registration does.
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
      // The import's own error, under the wrappers that say what to do (the loaders' map is loaded on first use too).
      let cause: unknown = error;
      while (cause instanceof Error && cause.cause !== undefined) cause = cause.cause;
      ctx.log.error(`${id} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
      void vscode.window.showErrorMessage(plainText(message));
      return undefined;
    }
    return run(ctx, command, args);
  };
}
