import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { CommandId } from '../../constants';
import { t } from '../../core/l10n';
import { connectionField, folderField, JOB_KEY } from './tools/toolInputs';

// A chat answer leads into the editor: a tool whose input names one job, queue item or idea shows, with its progress
// in the chat, a link that opens it in its panel. The link runs one command of ours with arguments we wrote; the
// command checks them again (anyone may run a command), and only opens a panel: it never changes anything.

/** What a link opens: a job or a queue item of a folder, or an idea. The connection by its id (stable in history). */
export const ChatLinkTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('job'), connection: connectionField, folder: folderField, jobKey: JOB_KEY }),
  z.object({
    kind: z.literal('queueItem'),
    connection: connectionField,
    folder: folderField,
    itemId: z.int().check(z.positive()),
  }),
  z.object({ kind: z.literal('idea'), connection: connectionField, id: z.int().check(z.positive()) }),
]);
export type ChatLinkTarget = z.infer<typeof ChatLinkTarget>;

/** The progress text, as text (never markup), and the link: trusted for this one command only. */
export function withChatLink(progress: string, target: ChatLinkTarget): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, true);
  markdown.isTrusted = { enabledCommands: [CommandId.openFromChat] };
  markdown.appendText(`${progress} · `);
  // Every character a link's address could end or nest at is escaped (encodeURIComponent leaves ( ) ! ' * ~ as they
  // are): a folder name such as "HR) **x**" stays inside the argument, never closing the link into markup.
  const args = encodeURIComponent(JSON.stringify([target])).replace(
    /[!'()*~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const label =
    target.kind === 'job'
      ? t('Open the job and its log')
      : target.kind === 'queueItem'
        ? t('Open the queue item')
        : t('Open the idea');
  // l10n: code (markdown of a link; its label is translated above)
  markdown.appendMarkdown(`[$(link-external) ${label}](command:${CommandId.openFromChat}?${args})`);
  return markdown;
}
