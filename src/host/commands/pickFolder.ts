import type { Connection } from '../../core/connections';
import { collectAll } from '../../core/odata/paging';
import type { Services } from '../services';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';

/** A folder of a connection by its full path, the active folder first; undefined when the pick is dismissed. */
export async function pickFolder(
  ctx: Pick<Services, 'active' | 'clientFor' | 'input'>,
  connection: Connection,
  title: string,
  signal: AbortSignal,
): Promise<{ id: number; label: string } | undefined> {
  const client = ctx.clientFor(connection);
  const active = ctx.active.get();
  const folders = await collectAll(
    client.folders.iterate({ signal, query: { orderBy: [{ path: 'FullyQualifiedName' }] } }),
  );
  const activeId = active.connectionId === connection.id ? active.folder?.id : undefined;
  const pick = await ctx.input.pick(
    folders
      .map((f) => ({
        label: plainText(f.FullyQualifiedName),
        description: f.Id === activeId ? t('active folder') : undefined,
        id: f.Id,
        path: f.FullyQualifiedName,
      }))
      .sort((a, b) => Number(b.id === activeId) - Number(a.id === activeId)),
    { title, placeHolder: t('Type to filter the folders') },
  );
  return pick ? { id: pick.id, label: pick.path } : undefined;
}
