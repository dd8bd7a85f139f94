import * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import { childId, RowIds } from '../../../core/rows/rowIds';
import type { Ctx } from '../../../ctx';
import { confirmed } from '../../ui/userInput';
import { t } from '../../../core/l10n';

type Uses = Pick<Ctx, 'accountFor' | 'explorer' | 'input' | 'log'>;

/**
 * The next step after Add Connection, as Get Started's next step is: the new connection's row is shown expanded, its
 * Sign in row selected (Enter signs in), and the notification offers Sign In for that connection. Already signed in
 * (a connection added again while its account stayed): nothing to offer.
 */
export async function offerSignIn(ctx: Uses, connection: Connection): Promise<void> {
  if (ctx.accountFor(connection.id)) return;
  await showSignInRow(ctx, connection);
  const signIn = t('Sign In');
  const chosen = await confirmed(ctx.input, {
    message: t("Added the connection '{0}'. Sign in to see its folders.", connection.label),
    actions: [signIn],
    modal: false,
    severity: 'information',
  });
  if (chosen) await vscode.commands.executeCommand(CommandId.signIn, connection.id);
}

/** Reveals the connection's row expanded, then selects its Sign in row (loaded by the expansion). */
async function showSignInRow(ctx: Pick<Ctx, 'explorer' | 'log'>, connection: Connection): Promise<void> {
  const rowId = RowIds.connection(connection.id);
  const row = ctx.explorer.find(rowId);
  if (!row) return;
  try {
    await ctx.explorer.reveal(row);
    await ctx.explorer.view.reveal(row, { expand: true, select: true, focus: true });
    const signInRow = ctx.explorer.find(childId(rowId, 'signIn'));
    if (signInRow) await ctx.explorer.reveal(signInRow);
  } catch (error) {
    // Showing the row is a convenience: the notification still offers Sign In.
    ctx.log.warn(
      `The new connection's row could not be shown: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
