import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { guardChange } from '../guards/guardChange';
import { rowChangeCommand } from './rowChangeCommand';
import type { CommandDefinition } from './registry';
import type { IdeaChangeUses } from './uses';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { ideaChange, nls } from './contribution';

const MAX_NAME = 255;
const MAX_URL = 2_000;

export function checkDocumentName(name: string): string | undefined {
  if (name.trim() === '') return t('Give the document a name.');
  return name.length > MAX_NAME ? t('At most {0} characters (now {1}).', MAX_NAME, name.length) : undefined;
}

/** The service stores a link: an absolute http(s) address of at most 2,000 characters. */
export function checkDocumentUrl(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return t("Type the document's address (https://…).");
  if (value.length > MAX_URL) return t('At most {0} characters (now {1}).', MAX_URL, value.length);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return t("'{0}' is not an address: it must start with https:// or http://.", value.slice(0, 60));
  }
  return url.protocol === 'https:' || url.protocol === 'http:'
    ? undefined
    : t('Only http and https addresses can be attached, not {0}.', url.protocol);
}

/** The address's file name, suggested as the document's name. */
function lastSegment(url: string): string {
  const segment = url.trim().split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Attaches a document to an idea by name and address (POST /automations/{id}/documents). */
export const attachIdeaDocument: CommandDefinition<IdeaChangeUses> = rowChangeCommand('idea', {
  id: CommandId.attachIdeaDocument,
  title: t('Attach Document…'),
  contributes: ideaChange(nls('Attach Document…'), '$(file-add)', 4),
  async change({ ctx, signal, progressTitle }, { connection, idea }) {
    const url = await ctx.input.input({
      title: plainText(t('Attach Document: {0} (1/2)', idea.name)),
      prompt: t("The document's address"),
      placeHolder: 'https://…',
      ignoreFocusOut: true,
      validateInput: checkDocumentUrl,
    });
    if (url === undefined) return undefined;
    const suggested = lastSegment(url).slice(0, MAX_NAME);
    const name = await ctx.input.input({
      title: plainText(t('Attach Document: {0} (2/2)', idea.name)),
      prompt: t('Its name in the idea'),
      value: suggested,
      ignoreFocusOut: true,
      validateInput: checkDocumentName,
    });
    if (name === undefined) return undefined;
    const problem = checkDocumentUrl(url) ?? checkDocumentName(name);
    if (problem) throw new Error(problem);
    await guardChange(ctx, connection, {
      what: t("Attach '{0}' to '{1}'", name.trim(), idea.name),
      detail: url.trim(),
      action: t('Attach'),
    });
    progressTitle(t('Attaching {0}…', name.trim()));
    const client = await ctx.ideasClientFor(connection);
    const { data: document } = await client.addDocument(idea.id, { name: name.trim(), url: url.trim() }, { signal });
    await ctx.panels.ideaChanged(connection.id, idea.id);
    void vscode.window.showInformationMessage(plainText(t("Attached '{0}' to '{1}'.", document.name, idea.name)));
    return document;
  },
});
