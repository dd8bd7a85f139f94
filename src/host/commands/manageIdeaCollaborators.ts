import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { IdeaClient } from '../../core/ideas/client';
import { guardChange } from '../guards/guardChange';
import { rowChangeCommand } from './rowChangeCommand';
import type { CommandDefinition } from './registry';
import type { IdeaChangeUses } from './uses';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { ideaChange, nls } from './contribution';

/** Roles a collaborator can have; the spec does not list them, so these are the ones the sandbox and its seed use. */
// l10n: code — the idea service's role names, sent as they are.
export const COLLABORATOR_ROLES = ['Collaborator', 'Idea Owner', 'Process Owner'] as const;
const PAGE = 100;
const MAX_PAGES = 50;

type Change = { add: { userId: number; role: string } } | { remove: number };

/** All collaborators of one idea (the service lists every idea's, page by page). */
async function collaboratorsOf(client: IdeaClient, automationId: number, signal: AbortSignal) {
  const found: { userId: number; role: string }[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await client.collaborators({ page, pageSize: PAGE, signal });
    found.push(...answer.data.filter((c) => c.automationId === automationId));
    if (page * PAGE >= answer.page.total || answer.data.length === 0) break;
  }
  return found;
}

async function allUsers(client: IdeaClient, signal: AbortSignal) {
  const users: Awaited<ReturnType<IdeaClient['users']>>['data'] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await client.users({ page, pageSize: PAGE, signal });
    users.push(...answer.data);
    if (page * PAGE >= answer.page.total || answer.data.length === 0) break;
  }
  return users;
}

/** Lists an idea's collaborators; choosing one removes them (confirmed), "Add Collaborator…" adds a user with a role. */
export const manageIdeaCollaborators: CommandDefinition<IdeaChangeUses> = rowChangeCommand('idea', {
  id: CommandId.manageIdeaCollaborators,
  title: t('Manage Collaborators…'),
  contributes: ideaChange(nls('Manage Collaborators…'), '$(organization)', 3),
  async change({ ctx, signal, progressTitle }, { connection, idea }) {
    const client = await ctx.ideasClientFor(connection);
    const [current, users] = await Promise.all([collaboratorsOf(client, idea.id, signal), allUsers(client, signal)]);
    const nameOf = (userId: number) => {
      const user = users.find((u) => u.id === userId);
      return user ? `${`${user.firstName} ${user.lastName}`.trim() || user.email}` : t('User {0}', userId);
    };
    let change: Change;
    const pick = await ctx.input.pick<{ label: string; description?: string; detail?: string; userId?: number }>(
      [
        { label: t('$(add) Add Collaborator…') },
        ...current.map((c) => ({
          // l10n: code (an icon)
          label: `$(person) ${plainText(nameOf(c.userId))}`,
          description: plainText(c.role),
          detail: t('Choose to remove from the idea'),
          userId: c.userId,
        })),
      ],
      {
        title: plainText(t('Collaborators of {0}', idea.name)),
        placeHolder: current.length ? t('{0} collaborator(s)', current.length) : t('No collaborators yet'),
      },
    );
    if (!pick) return undefined;
    if (pick.userId !== undefined) change = { remove: pick.userId };
    else {
      const taken = new Set(current.map((c) => c.userId));
      const candidates = users.filter((u) => u.status !== 'Inactive' && !taken.has(u.id));
      if (candidates.length === 0) throw new Error(t("Every user already collaborates on '{0}'.", idea.name));
      const user = await ctx.input.pick(
        candidates.map((u) => ({ label: plainText(nameOf(u.id)), description: plainText(u.email), id: u.id })),
        {
          title: plainText(t('Add Collaborator to {0} (1/2)', idea.name)),
          placeHolder: t('Type to filter users'),
          matchOnDescription: true,
        },
      );
      if (!user) return undefined;
      const role = await ctx.input.pick(
        COLLABORATOR_ROLES.map((r) => ({ label: r })),
        { title: plainText(t('Add {0} as… (2/2)', user.label)) },
      );
      if (!role) return undefined;
      change = { add: { userId: user.id, role: role.label } };
    }
    if ('remove' in change) {
      const userId = change.remove;
      if (!current.some((c) => c.userId === userId))
        throw new Error(t("{0} is not a collaborator of '{1}'.", nameOf(userId), idea.name));
      await guardChange(ctx, connection, {
        what: t("Remove {0} from '{1}'", nameOf(userId), idea.name),
        detail: t('They stop being a collaborator of the idea.'),
        action: t('Remove'),
        alwaysConfirm: true,
      });
      progressTitle(t('Removing the collaborator…'));
      await client.removeCollaborator(idea.id, userId, { signal });
      await ctx.panels.ideaChanged(connection.id, idea.id);
      void vscode.window.showInformationMessage(
        plainText(t("{0} no longer collaborates on '{1}'.", nameOf(userId), idea.name)),
      );
      return { removed: userId };
    }
    const { userId, role } = change.add;
    if (!users.some((u) => u.id === userId)) throw new Error(t('There is no user {0} on the idea service.', userId));
    if (current.some((c) => c.userId === userId))
      throw new Error(t("{0} already collaborates on '{1}'.", nameOf(userId), idea.name));
    if (!role.trim() || role.length > 100) throw new Error(t('A role is 1 to 100 characters.'));
    await guardChange(ctx, connection, {
      what: t("Add {0} to '{1}' as {2}", nameOf(userId), idea.name, role),
      detail: t('They become a collaborator of the idea.'),
      action: t('Add'),
    });
    progressTitle(t('Adding the collaborator…'));
    const { data } = await client.addCollaborator(idea.id, userId, role, { signal });
    await ctx.panels.ideaChanged(connection.id, idea.id);
    void vscode.window.showInformationMessage(
      plainText(t("{0} now collaborates on '{1}' as {2}.", nameOf(userId), idea.name, role)),
    );
    return data;
  },
});
