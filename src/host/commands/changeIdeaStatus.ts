import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { guardChange } from '../guards/guardChange';
import { rowChangeCommand } from './rowChangeCommand';
import type { CommandDefinition } from './registry';
import type { IdeaChangeUses } from './uses';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { ideaChange, nls } from './contribution';

const MAX_COMMENT = 1_000;

/**
 * Moves an idea along the workflow (POST /automations/status). Only the moves the service lists for the idea are
 * offered; a service that lists none for it is said so, and one that does not publish them gets the pipeline's
 * statuses with its own refusal explaining.
 */
export const changeIdeaStatus: CommandDefinition<IdeaChangeUses> = rowChangeCommand('idea', {
  id: CommandId.changeIdeaStatus,
  title: t('Change Status…'),
  contributes: ideaChange(nls('Change Status…'), '$(arrow-right)', 1),
  async change({ ctx, signal, progressTitle }, { connection, idea }) {
    const client = await ctx.ideasClientFor(connection);
    const moves =
      idea.allowedTransitions ??
      (await client.pipeline({ signal })).data.flatMap((p) =>
        p.statuses.map((s) => ({ phase: p.phase, status: s.status })),
      );
    const offered = moves.filter((m) => m.phase !== idea.phase || m.status !== idea.status);
    if (offered.length === 0)
      throw new Error(
        t("'{0}' is {1} · {2}: the workflow allows no further status from there.", idea.name, idea.phase, idea.status),
      );
    const pick = await ctx.input.pick(
      offered.map((m) => ({
        label: plainText(m.status),
        description: plainText(m.phase === idea.phase ? m.phase : t('{0} (next phase)', m.phase)),
        move: m,
      })),
      {
        title: plainText(t('Change Status: {0}', idea.name)),
        placeHolder: plainText(t('Now {0} · {1}. Move to…', idea.phase, idea.status)),
      },
    );
    if (!pick) return undefined;
    const comment = await ctx.input.input({
      title: plainText(t('Change Status: {0} → {1} · {2}', idea.name, pick.move.phase, pick.move.status)),
      prompt: t("A comment for the idea's history (optional; Enter to skip)"),
      ignoreFocusOut: true,
      validateInput: (text) =>
        text.length > MAX_COMMENT ? t('At most {0} characters (now {1}).', MAX_COMMENT, text.length) : undefined,
    });
    if (comment === undefined) return undefined;
    const target = { ...pick.move, comment: comment.trim() || undefined };
    if ((target.comment?.length ?? 0) > MAX_COMMENT)
      throw new Error(t('A comment has at most {0} characters.', MAX_COMMENT));
    if (
      idea.allowedTransitions &&
      !idea.allowedTransitions.some((m) => m.phase === target.phase && m.status === target.status)
    ) {
      throw new Error(
        t(
          "'{0}' cannot move from {1} · {2} to {3} · {4}. Allowed: {5}.",
          idea.name,
          idea.phase,
          idea.status,
          target.phase,
          target.status,
          idea.allowedTransitions.map((m) => `${m.phase} · ${m.status}`).join(', ') || 'none',
        ),
      );
    }
    await guardChange(ctx, connection, {
      what: t("Move '{0}' to {1} · {2}", idea.name, target.phase, target.status),
      detail: t('It is {0} · {1} now.', idea.phase, idea.status),
      action: t('Move'),
    });
    progressTitle(t('Moving {0}…', idea.name));
    const moved = await client.moveStatus(idea.id, target.phase, target.status, target.comment, { signal });
    ctx.ideas.refreshConnection(connection.id);
    await ctx.panels.ideaChanged(connection.id, idea.id, moved);
    void vscode.window.showInformationMessage(
      plainText(t("'{0}' is now {1} · {2}.", moved.name, moved.phase, moved.status)),
    );
    return { phase: moved.phase, status: moved.status };
  },
});
