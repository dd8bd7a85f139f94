import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { guardChange } from '../guards/guardChange';
import { rowChangeCommand } from './rowChangeCommand';
import { parseTags } from './ideaTags';
import type { CommandDefinition } from './registry';
import type { IdeaChangeUses } from './uses';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { ideaChange, nls } from './contribution';

/** Adds tags to an idea: the service replaces the whole list, so the idea's tags and the new ones are sent together. */
export const addIdeaTags: CommandDefinition<IdeaChangeUses> = rowChangeCommand('idea', {
  id: CommandId.addIdeaTags,
  title: t('Add Tags…'),
  contributes: ideaChange(nls('Add Tags…'), '$(tag)', 2),
  async change({ ctx, signal, progressTitle }, { connection, idea }) {
    const existing = idea.tags ?? [];
    const typed = await ctx.input.input({
      title: plainText(t('Add Tags: {0}', idea.name)),
      prompt: existing.length ? plainText(t('Now: {0}', existing.join(', '))) : t('The idea has no tags yet.'),
      placeHolder: t('Tags separated by commas, e.g. finance, quick-win'),
      ignoreFocusOut: true,
      validateInput: (text) => {
        const parsed = parseTags(text);
        return 'problem' in parsed ? parsed.problem : undefined;
      },
    });
    if (typed === undefined) return undefined;
    const parsed = parseTags(typed);
    if ('problem' in parsed) throw new Error(parsed.problem);
    const added = parsed.tags.filter((t) => !existing.includes(t));
    if (added.length === 0)
      throw new Error(
        t("'{0}' already has {1}.", idea.name, parsed.tags.length === 1 ? t('that tag') : t('those tags')),
      );
    await guardChange(ctx, connection, {
      what: t("Tag '{0}' with {1}", idea.name, added.join(', ')),
      detail: t('The tags are added to the idea.'),
      action: t('Add Tags'),
    });
    progressTitle(t('Tagging {0}…', idea.name));
    const client = await ctx.ideasClientFor(connection);
    const { data: tags } = await client.setTags(idea.id, [...existing, ...added], { signal });
    ctx.ideas.refreshConnection(connection.id);
    await ctx.panels.ideaChanged(connection.id, idea.id, { tags });
    void vscode.window.showInformationMessage(plainText(t("'{0}' is tagged {1}.", idea.name, tags.join(', '))));
    return tags;
  },
});
