// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as vscode from 'vscode';
import { failureText } from '../../core/agents/resultText';
import { errorMessage } from '../../core/errorMessage';
import { isOutcomeUnknown, OrchestratorError, unknownOutcomeReason } from '../../core/http/errors';
import { abortSignalOf } from '../guards/abortSignal';
import { guardChange } from '../guards/guardChange';
import type { Services } from '../services';
import { ToolAnswer, type PlannedCall, type Tool, type ToolConfirmation } from './toolDefinition';
import { toolLoaders } from './toolRegistry';
import { withChatLink } from './chatLinks';
import { toolConnection } from './toolConnection';
import { ideaToolConnection } from './tools/ideaConnection';
import { t } from '../../core/l10n';
import type { ToolName } from './toolNames';

// The one way a tool call runs, from the chat (`vscode.lm.invokeTool` with the chat's token) or from anywhere else
// (another extension, the MCP server): its input is checked before anything is sent, a change is refused on a
// read-only connection with 0 requests and confirmed by the user (in the chat's own confirmation, else a modal here),
// and every failure is an answer that says what to do — never an exception the model cannot read.

/** A name the manifest declares that has code here (the manifest is written from the definitions). */
export const isToolName = (name: string): name is ToolName => Object.hasOwn(toolLoaders, name);

export type ToolUses = Pick<Services, 'connections' | 'input' | 'log'>;

/** What the chat shows before a call: progress (with a link to what it names), and a change's confirmation. */
export async function prepareTool(
  ctx: Services,
  name: string,
  input: unknown,
): Promise<
  | {
      invocationMessage: string | vscode.MarkdownString;
      confirmationMessages?: { title: string; message: string };
    }
  | undefined
> {
  if (!isToolName(name)) return undefined;
  const planned = (await toolLoaders[name]()).plan(input);
  if ('refused' in planned) return { invocationMessage: t('Checking the input of {0}', name) };
  const invocationMessage = progressOf(ctx, planned);
  // A connection that is unknown or signed out is answered by the call itself (invokeTool): nothing to confirm.
  const confirmation = confirmationOrAnswer(ctx, planned);
  // A read-only connection is refused by the call itself (0 requests): nothing to confirm.
  if (!confirmation || ctx.connections.get(confirmation.connection.id)?.protection === 'readOnly')
    return { invocationMessage };
  return {
    invocationMessage,
    confirmationMessages: { title: confirmation.title, message: confirmation.message },
  };
}

/** The progress, with a link to the job, item or idea the call names when its connection is known (0 requests). */
function progressOf(ctx: Services, planned: PlannedCall<Services>): string | vscode.MarkdownString {
  const target = planned.opens;
  if (!target) return planned.progress;
  try {
    const connection =
      target.kind === 'idea' ? ideaToolConnection(ctx, target.connection) : toolConnection(ctx, target.connection);
    // By id: the link in the chat's history still opens the same connection after the active one changed.
    return withChatLink(planned.progress, { ...target, connection: connection.id });
  } catch (error) {
    if (error instanceof ToolAnswer) return planned.progress;
    throw error;
  }
}

/**
 * Runs a call. `confirmedInChat`: the chat showed prepareTool's confirmation and the user accepted it; otherwise a
 * change is confirmed here, whatever the connection's protection level (a caller outside the chat is not the user).
 */
export async function invokeTool(
  ctx: Services,
  name: ToolName,
  input: unknown,
  options: { confirmedInChat: boolean; token: vscode.CancellationToken },
): Promise<string> {
  let tool: Tool<Services>;
  try {
    tool = await toolLoaders[name]();
  } catch (error) {
    return failureText(`The tool could not be loaded (${errorMessage(error)}).`, 'Reinstall the extension.');
  }
  const planned = tool.plan(input);
  if ('refused' in planned)
    return failureText(`The input is not valid: ${planned.refused}.`, 'Fix the input and call the tool again.');
  const signal = abortSignalOf(options.token);
  try {
    const confirmation = confirmationOf(ctx, planned);
    if (confirmation)
      await guardChange(ctx, confirmation.connection, {
        what: confirmation.title,
        detail: confirmation.message,
        action: confirmation.action,
        alwaysConfirm: true,
        // A connection that asks before every change asks here too, whatever the chat's own confirmation did (its
        // "always allow" included): the protection level is the user's, not the chat's.
        confirmed: options.confirmedInChat && ctx.connections.get(confirmation.connection.id)?.protection !== 'confirm',
      });
    const result = await planned.run({ ctx, signal });
    ctx.log.info(`Tool ${name} answered (${result.length} characters).`);
    return result;
  } catch (error) {
    ctx.log.info(`Tool ${name} failed: ${errorMessage(error)}`);
    return answerOf(error, tool.about.changes);
  }
}

/** A call as the editor makes it: the answer as the result the editor takes. */
export async function toolResult(
  ctx: Services,
  name: string,
  options: vscode.LanguageModelToolInvocationOptions<unknown>,
  token: vscode.CancellationToken,
): Promise<vscode.LanguageModelToolResult> {
  const text = !isToolName(name)
    ? failureText(`No tool is named ${JSON.stringify(name)}.`, 'Reinstall the extension.')
    : await invokeTool(ctx, name, options.input, {
        // The chat passes its token: it has shown prepareTool's confirmation and the user accepted.
        confirmedInChat: options.toolInvocationToken !== undefined,
        token,
      });
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

function confirmationOrAnswer(ctx: Services, planned: PlannedCall<Services>): ToolConfirmation | undefined {
  try {
    return confirmationOf(ctx, planned);
  } catch (error) {
    if (error instanceof ToolAnswer) return undefined;
    throw error;
  }
}

function confirmationOf(ctx: Services, planned: PlannedCall<Services>): ToolConfirmation | undefined {
  return planned.confirm?.(ctx);
}

/** A failure in words the model can act on. */
function answerOf(error: unknown, changes: boolean): string {
  if (error instanceof ToolAnswer) return failureText(error.message, 'See above.');
  if (error instanceof vscode.CancellationError)
    return failureText('The user declined or cancelled the call.', 'Do not call it again unless the user asks.');
  if (isOutcomeUnknown(error))
    return failureText(
      `The change was sent but the service did not confirm it (${unknownOutcomeReason(error)}); it may or may not have been applied.`,
      'Do not send it again. Check first with the read tool of what it changes (the jobs, the queue items or the ideas).',
    );
  if (error instanceof OrchestratorError) {
    const todo =
      error.status === 401
        ? 'Ask the user to sign in again ("Orchestrator: Sign In").'
        : error.status === 403
          ? 'The signed-in account lacks a permission for this in that folder; ask the user or an administrator.'
          : error.status === 404
            ? 'Check the names and keys (find them with the read tools) and call again.'
            : error.status === 429
              ? 'The tenant is rate limited: wait a minute before calling again.'
              : changes
                ? 'Nothing was changed unless the message says so; check before retrying.'
                : 'Try again later.';
    return failureText(`The service refused the request (${error.status ?? error.kind}).`, todo, error.message);
  }
  if (error instanceof Error && /read-only/.test(error.message))
    return failureText(error.message, 'Ask the user; do not look for another way to make the change.');
  return failureText(errorMessage(error), changes ? 'Check what happened before trying again.' : 'Try again later.');
}
