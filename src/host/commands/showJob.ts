import { CommandId } from '../../constants';
import { optionalRowOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import { askInFolder } from './askInFolder';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { inExplorer, nls, paletteCommand, RowKinds, withButton } from './contribution';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the palette takes: a job's key (a UUID, as the web portal and the job's notifications show it). */
export function checkJobKey(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return t("Type the job's key (a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301).");
  return UUID.test(value) ? undefined : t("'{0}' is not a job key (a UUID).", value.slice(0, 60));
}

type Uses = Pick<Services, 'accountFor' | 'active' | 'clientFor' | 'commands' | 'connections' | 'input' | 'panels'>;

/** The job panel: a click (or Enter) on a job row, its menu, or the palette by key. */
export const showJob: CommandDefinition<Uses> = {
  id: CommandId.showJob,
  contributes: paletteCommand(nls('Show Job'), '$(open-preview)', 'signedIn', {
    rows: withButton(inExplorer(RowKinds.job, '0_run', 0)),
  }),
  title: t('Show Job'),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const row = optionalRowOf(node, 'job');
    if (row) {
      await ctx.panels.showJob(
        { connectionId: row.connection.id, folderId: row.folder.id, jobKey: row.job.Key },
        plainText(row.job.ReleaseName ?? row.job.Id, { maxLength: 100 }),
      );
      return row.job.Key;
    }
    const asked = await askInFolder(
      ctx,
      {
        connectionQuestion: t('Show a job of which connection?'),
        folderTitle: t('Show Job: folder'),
        title: t('Show Job: key'),
        prompt: (folder) => t('A job of {0}', folder),
        placeHolder: t('Key (UUID)'),
        check: checkJobKey,
      },
      signal,
    );
    if (!asked) return undefined;
    const { connection, folder, reference: key } = asked;
    progressTitle(t('Finding the job…'));
    // Read once here so a wrong key says so in the palette's terms, not in an empty panel.
    const job = await ctx.clientFor(connection).jobs.get(key, { folder: { id: folder.id }, signal });
    await ctx.panels.showJob(
      { connectionId: connection.id, folderId: folder.id, jobKey: job.Key },
      plainText(job.ReleaseName ?? job.Id, { maxLength: 100 }),
    );
    return job.Key;
  },
};
