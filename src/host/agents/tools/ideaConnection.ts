// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import { ideasBaseUrl, type Connection } from '../../../core/connections';
import type { Services } from '../../services';
import { ToolAnswer } from '../toolDefinition';

/** The connection field of the idea tools, for the model. */
export const IDEA_CONNECTION_DESCRIBED =
  'The connection label as the user named it; when left out, the active connection if it has an idea service, else the only one that has.';

/**
 * The connection an idea tool acts on, as Submit Idea picks one: a connection with an idea service. Named (label or
 * id, any case), or the active one when it has an idea service, or the only one that has. Settings only: 0 requests.
 * The idea service's own credentials are checked when its client is made (still before anything is sent).
 */
export function ideaToolConnection(
  ctx: Pick<Services, 'connections' | 'activeConnection'>,
  label: string | undefined,
): Connection {
  const all = ctx.connections.all();
  const withIdeas = all.filter((c) => ideasBaseUrl(c) !== undefined);
  const names = (list: readonly Connection[]) => list.map((c) => JSON.stringify(c.label)).join(', ') || 'none';
  if (label !== undefined) {
    const wanted = label.trim().toLowerCase();
    const named = all.find((c) => c.label.toLowerCase() === wanted || c.id === label.trim());
    if (!named) throw new ToolAnswer(`No connection is named ${JSON.stringify(label)}. Connections: ${names(all)}.`);
    if (!ideasBaseUrl(named))
      throw new ToolAnswer(
        `${JSON.stringify(named.label)} has no idea service. Connections with one: ${names(withIdeas)}. The user adds its URL with "Orchestrator: Edit Connection…".`,
      );
    return named;
  }
  const active = ctx.activeConnection();
  if (active && ideasBaseUrl(active)) return active;
  if (withIdeas.length === 1) return withIdeas[0]!;
  throw new ToolAnswer(
    withIdeas.length === 0
      ? 'No connection has an idea service. The user adds its URL with "Orchestrator: Edit Connection…".'
      : `Several connections have an idea service (${names(withIdeas)}): pass the connection.`,
  );
}
