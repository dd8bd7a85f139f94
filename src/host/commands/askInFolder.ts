import type { Connection } from '../../core/connections';
import { plainText } from '../../core/presentation/plainText';
import type { Services } from '../services';
import { pickConnection } from './pickConnection';
import { pickFolder } from './pickFolder';

export interface AskInFolder {
  /** "Show a job of which connection?" */
  connectionQuestion: string;
  /** "Show Job: folder" */
  folderTitle: string;
  /** The reference's step: "Show Job: key". */
  title: string;
  /** Under the box, with the folder's name: "A job of {0}". */
  prompt: (folderLabel: string) => string;
  placeHolder: string;
  /** Why the text is not a reference, or undefined: as typed, and once more before anything is sent. */
  check: (text: string) => string | undefined;
}

/**
 * A palette command's way to one entity: a signed-in connection, a folder, then a reference typed and checked (a key,
 * an id). Undefined when the user stops at any step; a reference that fails its check is refused before any request.
 */
export async function askInFolder(
  ctx: Pick<Services, 'accountFor' | 'active' | 'clientFor' | 'commands' | 'connections' | 'input'>,
  ask: AskInFolder,
  signal: AbortSignal,
): Promise<{ connection: Connection; folder: { id: number; label: string }; reference: string } | undefined> {
  const connection = await pickConnection(ctx, undefined, ask.connectionQuestion, (c) => Boolean(ctx.accountFor(c.id)));
  if (!connection) return undefined;
  const folder = await pickFolder(ctx, connection, ask.folderTitle, signal);
  if (!folder) return undefined;
  const reference = await ctx.input.input({
    title: ask.title,
    prompt: plainText(ask.prompt(folder.label)),
    placeHolder: ask.placeHolder,
    ignoreFocusOut: true,
    validateInput: ask.check,
  });
  if (reference === undefined) return undefined;
  const problem = ask.check(reference);
  if (problem) throw new Error(problem);
  return { connection, folder, reference: reference.trim() };
}
