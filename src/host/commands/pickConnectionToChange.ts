import type { Connection } from '../../core/connections';
import { t } from '../../core/l10n';
import { connectionIdOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import { confirmed } from '../guards/confirmed';
import { editConnection } from './editConnection';
import { pickConnection } from './pickConnection';
import { runCommand } from './registry';

export const allowsChanges = (connection: Connection) => connection.protection !== 'readOnly';

/**
 * The connection a change command run from the palette acts on: only connections that allow changes are offered.
 * When every connection it could use is read-only, it says so before any other question (naming them, and how to
 * allow changes) instead of walking the user through pickers to a refusal. A connection passed in (a row) is taken as
 * it is: the command's guardChange refuses a read-only one.
 */
export async function pickConnectionToChange(
  ctx: Pick<Services, 'accountFor' | 'commands' | 'connections' | 'input' | 'log'>,
  arg: unknown,
  title: string,
  /** The command, as the user knows it: "Start Job". */
  what: string,
  usable: (c: Connection) => boolean = () => true,
): Promise<Connection | undefined> {
  if (connectionIdOf(arg) === undefined) {
    const candidates = ctx.connections.all().filter(usable);
    if (candidates.length > 0 && !candidates.some(allowsChanges)) {
      await tellReadOnly(ctx, candidates, what);
      return undefined;
    }
  }
  return pickConnection(ctx, arg, title, (c) => usable(c) && allowsChanges(c));
}

/** Names the read-only connections and offers Edit Connection (straight to the connection when there is one). */
async function tellReadOnly(
  ctx: Pick<Services, 'accountFor' | 'commands' | 'connections' | 'input' | 'log'>,
  readOnly: Connection[],
  what: string,
): Promise<void> {
  const names = readOnly.map((c) => c.label).join(', ');
  const message =
    readOnly.length === 1
      ? t(
          '{0} is read-only, so {1} cannot run there. To allow changes, choose another protection level with "Orchestrator: Edit Connection…".',
          names,
          what,
        )
      : t(
          '{0} are read-only, so {1} cannot run there. To allow changes, choose another protection level with "Orchestrator: Edit Connection…".',
          names,
          what,
        );
  ctx.log.info(message);
  const edit = await confirmed(ctx.input, {
    message,
    actions: [t('Edit Connection…')],
    modal: false,
    severity: 'information',
  });
  if (edit) await runCommand(ctx, editConnection, readOnly.length === 1 ? [readOnly[0]!.id] : []);
}
