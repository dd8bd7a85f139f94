import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { guardChange } from './guardChange';
import { rowOf } from '../../core/rows/rowOf';
import type { CommandDefinition } from './registry';
import type { IdeaChangeUses } from './uses';
import { plainText } from '../../core/presentation/plainText';

const MAX_COMMENT = 1_000;

/**
 * Moves an idea along the workflow (POST /automations/status). Only the moves the service lists for the idea are
 * offered; a service that lists none for it is said so, and one that does not publish them gets the pipeline's
 * statuses with its own refusal explaining.
 */
export const changeIdeaStatus: CommandDefinition<IdeaChangeUses> = {
  id: CommandId.changeIdeaStatus,
  title: 'Change Status…',
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const { connection, idea } = rowOf(node, 'idea');
    const client = await ctx.ideasClientFor(connection);
    const moves =
      idea.allowedTransitions ??
      (await client.pipeline({ signal })).data.flatMap((p) =>
        p.statuses.map((s) => ({ phase: p.phase, status: s.status })),
      );
    const offered = moves.filter((m) => m.phase !== idea.phase || m.status !== idea.status);
    if (offered.length === 0)
      throw new Error(
        `'${idea.name}' is ${idea.phase} · ${idea.status}: the workflow allows no further status from there.`,
      );
    const pick = await ctx.input.pick(
      offered.map((m) => ({
        label: plainText(m.status),
        description: plainText(m.phase === idea.phase ? m.phase : `${m.phase} (next phase)`),
        move: m,
      })),
      {
        title: plainText(`Change Status: ${idea.name}`),
        placeHolder: plainText(`Now ${idea.phase} · ${idea.status}. Move to…`),
      },
    );
    if (!pick) return undefined;
    const comment = await ctx.input.input({
      title: plainText(`Change Status: ${idea.name} → ${pick.move.phase} · ${pick.move.status}`),
      prompt: "A comment for the idea's history (optional; Enter to skip)",
      ignoreFocusOut: true,
      validateInput: (text) =>
        text.length > MAX_COMMENT ? `At most ${MAX_COMMENT} characters (now ${text.length}).` : undefined,
    });
    if (comment === undefined) return undefined;
    const target = { ...pick.move, comment: comment.trim() || undefined };
    if ((target.comment?.length ?? 0) > MAX_COMMENT)
      throw new Error(`A comment has at most ${MAX_COMMENT} characters.`);
    if (
      idea.allowedTransitions &&
      !idea.allowedTransitions.some((m) => m.phase === target.phase && m.status === target.status)
    ) {
      throw new Error(
        `'${idea.name}' cannot move from ${idea.phase} · ${idea.status} to ${target.phase} · ${target.status}. Allowed: ${idea.allowedTransitions.map((m) => `${m.phase} · ${m.status}`).join(', ') || 'none'}.`,
      );
    }
    await guardChange(ctx, connection, {
      what: `Move '${idea.name}' to ${target.phase} · ${target.status}`,
      detail: `It is ${idea.phase} · ${idea.status} now.`,
      action: 'Move',
    });
    progressTitle(`Moving ${idea.name}…`);
    const moved = await client.moveStatus(idea.id, target.phase, target.status, target.comment, { signal });
    ctx.ideas.refreshConnection(connection.id);
    await ctx.panels.ideaChanged(connection.id, idea.id, moved);
    void vscode.window.showInformationMessage(plainText(`'${moved.name}' is now ${moved.phase} · ${moved.status}.`));
    return { phase: moved.phase, status: moved.status };
  },
};
