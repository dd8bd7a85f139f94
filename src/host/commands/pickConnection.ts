import type { Connection } from '../../core/connections';
import { connectionIdOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { confirmed } from '../guards/confirmed';

/** The connection a command acts on: the one passed in (id, row or tree node), else the only one, else a pick. */
export async function pickConnection(
  ctx: Pick<Services, 'accountFor' | 'commands' | 'connections' | 'input'>,
  arg: unknown,
  title: string,
  filter: (c: Connection) => boolean = () => true,
): Promise<Connection | undefined> {
  const id = connectionIdOf(arg);
  if (id) {
    const found = ctx.connections.get(id);
    if (!found) throw new Error(t("There is no connection '{0}'.", id));
    return found;
  }
  const candidates = ctx.connections.all().filter(filter);
  if (candidates.length === 0) {
    const add = await confirmed(ctx.input, {
      message: t('There is no Orchestrator connection yet.'),
      actions: [t('Add Connection…')],
      modal: false,
      severity: 'information',
    });
    if (add) await ctx.commands.addConnection();
    return undefined;
  }
  if (candidates.length === 1) return candidates[0];
  const pick = await ctx.input.pick(
    candidates.map((c) => ({
      label: plainText(c.label),
      description: plainText(c.kind === 'cloud' ? `${c.account}/${c.tenant}` : c.serviceUrl),
      detail: plainText(ctx.accountFor(c.id)?.label ?? t('signed out')),
      connection: c,
    })),
    { title, matchOnDescription: true },
  );
  return pick?.connection;
}
