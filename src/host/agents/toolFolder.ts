// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import { eq, or } from '../../core/odata/filter';
import type { OrchestratorClient } from '../../core/orchestrator/client';
import type { FolderById } from '../../core/rows/rows';
import { ToolAnswer } from './toolDefinition';
import { quoted } from '../../core/agents/resultText';
import type { Connection } from '../../core/connections';
import type { Services } from '../services';
import { toolConnection } from './toolConnection';

/**
 * A folder a tool call names: its full path ("Shared/Finance"), its id (as orchestrator_failures gives it), or its
 * name when that is unique. 1 request.
 */
export async function toolFolder(
  client: OrchestratorClient,
  name: string,
  signal: AbortSignal,
): Promise<{ folder: FolderById; path: string }> {
  const wanted = name.trim().replace(/^\/+|\/+$/g, '');
  const page = await client.folders.list({
    query: {
      filter: or(
        eq('FullyQualifiedName', wanted),
        eq('DisplayName', wanted),
        /^\d{1,15}$/.test(wanted) ? eq('Id', Number(wanted)) : undefined,
      ),
      top: 10,
    },
    signal,
  });
  const exact = page.items.find((f) => f.FullyQualifiedName.toLowerCase() === wanted.toLowerCase());
  const byId = page.items.find((f) => String(f.Id) === wanted);
  const found = exact ?? byId ?? (page.items.length === 1 ? page.items[0] : undefined);
  if (!found)
    throw new ToolAnswer(
      page.items.length === 0
        ? `No folder is named ${JSON.stringify(wanted)}. Find folders with orchestrator_findFolders.`
        : `${page.items.length} folders are named ${JSON.stringify(wanted)}: give the full path (${page.items
            .map((f) => quoted(f.FullyQualifiedName))
            .join(', ')}).`,
    );
  return { folder: { id: found.Id }, path: found.FullyQualifiedName };
}

/** Where a call that names a connection and a folder acts: the connection (0 requests) and the folder (1 request). */
export async function toolPlace(
  ctx: Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>,
  input: { readonly connection?: string; readonly folder: string },
  signal: AbortSignal,
): Promise<{ connection: Connection; client: OrchestratorClient; folder: FolderById; path: string }> {
  const connection = toolConnection(ctx, input.connection);
  const client = ctx.clientFor(connection);
  return { connection, client, ...(await toolFolder(client, input.folder, signal)) };
}
