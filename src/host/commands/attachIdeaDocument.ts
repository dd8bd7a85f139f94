import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { guardChange } from './guardChange';
import { rowOf } from '../../core/rows/rowOf';
import type { CommandDefinition } from './registry';
import type { IdeaChangeUses } from './uses';
import { plainText } from '../../core/presentation/plainText';

const MAX_NAME = 255;
const MAX_URL = 2_000;

export function checkDocumentName(name: string): string | undefined {
  if (name.trim() === '') return 'Give the document a name.';
  return name.length > MAX_NAME ? `At most ${MAX_NAME} characters (now ${name.length}).` : undefined;
}

/** The service stores a link: an absolute http(s) address of at most 2,000 characters. */
export function checkDocumentUrl(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return "Type the document's address (https://…).";
  if (value.length > MAX_URL) return `At most ${MAX_URL} characters (now ${value.length}).`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `'${value.slice(0, 60)}' is not an address: it must start with https:// or http://.`;
  }
  return url.protocol === 'https:' || url.protocol === 'http:'
    ? undefined
    : `Only http and https addresses can be attached, not ${url.protocol}.`;
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
export const attachIdeaDocument: CommandDefinition<IdeaChangeUses> = {
  id: CommandId.attachIdeaDocument,
  title: 'Attach Document…',
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const { connection, idea } = rowOf(node, 'idea');
    const url = await ctx.input.input({
      title: plainText(`Attach Document: ${idea.name} (1/2)`),
      prompt: "The document's address",
      placeHolder: 'https://…',
      ignoreFocusOut: true,
      validateInput: checkDocumentUrl,
    });
    if (url === undefined) return undefined;
    const suggested = lastSegment(url).slice(0, MAX_NAME);
    const name = await ctx.input.input({
      title: plainText(`Attach Document: ${idea.name} (2/2)`),
      prompt: 'Its name in the idea',
      value: suggested,
      ignoreFocusOut: true,
      validateInput: checkDocumentName,
    });
    if (name === undefined) return undefined;
    const problem = checkDocumentUrl(url) ?? checkDocumentName(name);
    if (problem) throw new Error(problem);
    await guardChange(ctx, connection, {
      what: `Attach '${name.trim()}' to '${idea.name}'`,
      detail: url.trim(),
      action: 'Attach',
    });
    progressTitle(`Attaching ${name.trim()}…`);
    const client = await ctx.ideasClientFor(connection);
    const { data: document } = await client.addDocument(idea.id, { name: name.trim(), url: url.trim() }, { signal });
    await ctx.panels.ideaChanged(connection.id, idea.id);
    void vscode.window.showInformationMessage(plainText(`Attached '${document.name}' to '${idea.name}'.`));
    return document;
  },
};
