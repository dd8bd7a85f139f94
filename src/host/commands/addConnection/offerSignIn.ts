import type { Connection } from '../../../core/connections';
import { childId, RowIds } from '../../../core/rows/rowIds';
import type { Services } from '../../services';
import { confirmed } from '../../guards/confirmed';
import { t } from '../../../core/l10n';

type Uses = Pick<Services, 'accountFor' | 'commands' | 'explorer' | 'input' | 'log'>;

/** How long the new row may take to show its Sign in row (the editor draws the tree when it gets to it). */
const SIGN_IN_ROW_WAIT_MS = 5000;
const SIGN_IN_ROW_POLL_MS = 100;

/**
 * The next step after Add Connection, as Get Started's next step is: the new connection's row is open (the tree
 * draws it so, ExplorerTree.openWhenAdded) with its Sign in row selected (Enter signs in), and the notification offers
 * Sign In for that connection. Both at once: the notification does not wait for the tree. Already signed in (a
 * connection added again while its account stayed): nothing to offer.
 */
export async function offerSignIn(ctx: Uses, connection: Connection): Promise<void> {
  if (ctx.accountFor(connection.id)) return;
  const shown = showSignInRow(ctx, connection);
  const chosen = await confirmed(ctx.input, {
    message: t("Added the connection '{0}'. Sign in to see its folders.", connection.label),
    actions: [t('Sign In')],
    modal: false,
    severity: 'information',
  });
  await shown;
  if (chosen) await ctx.commands.signIn(connection.id);
}

/** Reveals the connection's row, then selects its Sign in row once the open row has loaded it (bounded wait). */
async function showSignInRow(ctx: Pick<Services, 'explorer' | 'log'>, connection: Connection): Promise<void> {
  const rowId = RowIds.connection(connection.id);
  try {
    const row = ctx.explorer.find(rowId);
    if (!row) return;
    await ctx.explorer.reveal(row);
    const signInRowId = childId(rowId, 'signIn');
    for (let waited = 0; waited < SIGN_IN_ROW_WAIT_MS; waited += SIGN_IN_ROW_POLL_MS) {
      const signInRow = ctx.explorer.find(signInRowId);
      if (signInRow) return await ctx.explorer.reveal(signInRow);
      await new Promise((resolve) => setTimeout(resolve, SIGN_IN_ROW_POLL_MS));
    }
    ctx.log.warn(`The Sign in row of ${connection.label} was not shown within ${SIGN_IN_ROW_WAIT_MS} ms.`);
  } catch (error) {
    // Showing the row is a convenience: the notification still offers Sign In.
    ctx.log.warn(
      `The new connection's row could not be shown: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
