// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import type { Connection } from '../../core/connections';
import type { Services } from '../services';
import { ToolAnswer, type ToolConfirmation } from './toolDefinition';

/**
 * The connection a tool call names (its label, any case), or the active one. Read from the settings only: it sends
 * nothing, so a refusal here (unknown, signed out, read-only) costs 0 requests.
 */
export function toolConnection(
  ctx: Pick<Services, 'connections' | 'accountFor' | 'activeConnection'>,
  label: string | undefined,
): Connection {
  const all = ctx.connections.all();
  const connection =
    label === undefined
      ? ctx.activeConnection()
      : all.find((c) => c.label.toLowerCase() === label.trim().toLowerCase() || c.id === label.trim());
  if (!connection) {
    const known = all.map((c) => JSON.stringify(c.label)).join(', ');
    throw new ToolAnswer(
      label === undefined
        ? 'No connection is set up. The user adds one with "Orchestrator: Add Connection…".'
        : `No connection is named ${JSON.stringify(label)}. Connections: ${known || 'none'}.`,
    );
  }
  if (!ctx.accountFor(connection.id))
    throw new ToolAnswer(
      `${JSON.stringify(connection.label)} is not signed in. Ask the user to run "Orchestrator: Sign In" for it, then call again.`,
    );
  return connection;
}

/**
 * A change tool's confirmation on the connection the call names (0 requests): its words, built from the input and the
 * connection's label.
 */
export const confirmOnConnection =
  <I extends { readonly connection?: string }>(
    words: (input: I, connection: string) => Omit<ToolConfirmation, 'connection'>,
  ) =>
  (ctx: Pick<Services, 'connections' | 'accountFor' | 'activeConnection'>, input: I): ToolConfirmation => {
    const connection = toolConnection(ctx, input.connection);
    return { connection, ...words(input, connection.label) };
  };
