import * as vscode from 'vscode';
import { plainText } from '../../core/presentation/plainText';
import { abortSignalOf } from '../guards/abortSignal';
import { isOutcomeUnknown } from '../../core/http/errors';
import { t } from '../../core/l10n';
import type { FailureWithActions } from './failureWithActions';
import type { RunnableCommand, RunnerUses } from './registry';

/** Below this a command finishes before a notification would be readable; above it the user sees progress. */
const PROGRESS_DELAY_MS = 300;

/**
 * The one wrapper every command runs through: it shows progress once a command runs longer than PROGRESS_DELAY_MS,
 * lets the user cancel it from that notification, and reports every failure the same way (log + notification).
 */
export async function runCommand<C extends RunnerUses>(
  ctx: C,
  command: RunnableCommand<C>,
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
    // Cancel stops waiting, not a change already sent: if its outcome is unknown the user must still hear so.
    const changeMayHaveLanded = isOutcomeUnknown(error) || (error instanceof Error && isOutcomeUnknown(error.cause));
    if (
      (cancellation.token.isCancellationRequested && !changeMayHaveLanded) ||
      error instanceof vscode.CancellationError
    ) {
      ctx.log.info(`${command.id} cancelled`);
      return undefined;
    }
    const message = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    ctx.log.error(`${command.id} failed: ${message}${cause}`);
    // The message quotes service text (a queue name, a reference): shown as plain text, never as a link. The log
    // records exactly what was shown, for bug reports and the integration suite.
    // Scrubbed as the log line is: a secret a service quoted back (in any form it was sent) is never shown.
    const failure = ctx.log.scrub(t('{0} failed: {1}', command.title, message));
    ctx.log.info(`Notified: ${plainText(failure)}`);
    // A failure may offer ways on besides Show Log (FailureWithActions): nothing runs until one is clicked.
    const actions = error instanceof Error ? ((error as Partial<FailureWithActions>).actions ?? {}) : {};
    void vscode.window.showErrorMessage(plainText(failure), ...Object.keys(actions), t('Show Log')).then((choice) => {
      if (choice === t('Show Log')) ctx.log.show();
      else if (choice !== undefined) void actions[choice]?.();
    });
    return undefined;
  } finally {
    settled = true;
    clearTimeout(timer);
    cancellation.dispose();
  }
}
