// l10n: model (what the tool tells the model: English by design; what people see is marked with t or nls)
import * as z from 'zod/mini';
import { quoted, tableText } from '../../../core/agents/resultText';
import { contains } from '../../../core/odata/filter';
import type { Asset } from '../../../core/orchestrator/schemas';
import type { Services } from '../../services';
import { defineTool, nls } from '../toolDefinition';
import { toolPlace } from '../toolFolder';
import { ToolName } from '../toolNames';
import { connectionField, folderField, PLACE_DESCRIBED } from './toolInputs';
import { t } from '../../../core/l10n';

type Uses = Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'>;

const ASSETS_MAX = 50;
/** Text values longer than this are cut: an asset may hold 1,000,000 characters. */
const VALUE_MAX = 300;

/** What the model may read of an asset's value: a credential gives its user name only, never its password. */
function valueOf(asset: Asset): string {
  switch (asset.ValueType) {
    case 'Credential':
      return `username=${quoted(asset.CredentialUsername)} password=never shown`;
    case 'Integer':
      return String(asset.IntValue ?? 'none');
    case 'Bool':
    case 'Boolean':
      return String(asset.BoolValue ?? 'none');
    case 'Text':
      return quoted(asset.StringValue, VALUE_MAX);
    default:
      return 'not shown';
  }
}

const input = z.object({
  connection: connectionField,
  folder: folderField,
  search: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});

export const assets = defineTool<Uses, z.infer<typeof input>>({
  name: ToolName.assets,
  referenceName: 'orchestratorAssets',
  displayName: nls('Orchestrator Assets'),
  userDescription: nls("A folder's assets by name, with their values (a credential's password never)."),
  modelDescription:
    'The assets of one folder whose name contains the search text (all when left out; at most 50): name, type, scope (Global or PerRobot) and value. Text values are cut at 300 characters; integers and booleans as they are; a credential gives its user name only: its password is never read or returned; other types (secrets, connection strings) say not shown, and per-robot values say per robot. Sends 2 requests (the folder, one page of assets).',
  input,
  describe: { ...PLACE_DESCRIBED, search: 'Text the asset name contains (any case).' },
  requests: 2,
  progress: (i) => t('Reading the assets of {0}', i.folder),
  async run({ ctx, signal }, i) {
    const { connection, client, folder, path } = await toolPlace(ctx, i, signal);
    const page = await client.assets.list({
      folder,
      signal,
      query: {
        filter: i.search ? contains('Name', i.search) : undefined,
        orderBy: [{ path: 'Name' }],
        top: ASSETS_MAX,
        count: true,
      },
    });
    return tableText({
      title: `Assets of folder ${quoted(path)} on ${JSON.stringify(connection.label)}${i.search ? ` whose name contains ${quoted(i.search)}` : ''}:`,
      rows: page.items.map((asset) => [
        ['asset', quoted(asset.Name)],
        ['type', quoted(asset.ValueType)],
        ['scope', quoted(asset.ValueScope)],
        ['value', asset.ValueScope === 'PerRobot' ? 'per robot' : valueOf(asset)],
      ]),
      total: page.count,
      narrowBy: 'search',
      empty: 'No assets match.',
    });
  },
});
