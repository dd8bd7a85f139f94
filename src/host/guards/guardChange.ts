import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import { confirmed } from './confirmed';

export interface Change {
  /** What will change, as a sentence: "Deactivate tenant staging". */
  what: string;
  /** Shown under the question: consequences. */
  detail: string;
  /** The confirm button. */
  action: string;
  /** Ask even on a connection with protection "normal" (destructive or host-wide changes). */
  alwaysConfirm?: boolean;
  /** The user has just confirmed it in the command's own summary step: only a read-only connection still refuses. */
  confirmed?: boolean;
}

/**
 * Every change command passes here first: a read-only connection refuses with what to do, a "confirm" connection (or a
 * change that always needs it) asks with a modal; declining cancels the command quietly.
 */
export async function guardChange(
  ctx: Pick<Services, 'connections' | 'input'>,
  drawn: Connection,
  change: Change,
): Promise<void> {
  // The settings may have changed since the row was drawn: the protection in force now decides.
  const connection = ctx.connections.get(drawn.id) ?? drawn;
  if (connection.protection === 'readOnly') {
    throw new Error(
      t(
        '{0} is read-only, so "{1}" was not done. To allow changes, run "Orchestrator: Edit Connection…" and choose another protection level.',
        connection.label,
        change.what,
      ),
    );
  }
  if ((connection.protection === 'confirm' || change.alwaysConfirm) && !change.confirmed) {
    const protectionNote =
      connection.protection === 'confirm' ? t(' ({0} asks before every change)', connection.label) : '';
    const yes = await confirmed(ctx.input, {
      message: `${change.what}?`,
      detail: `${change.detail}${protectionNote}`,
      actions: [change.action],
      modal: true,
    });
    if (!yes) throw new vscode.CancellationError();
  }
}
