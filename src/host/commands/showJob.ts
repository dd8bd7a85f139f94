import { CommandId, ViewId } from '../../constants';
import { optionalRowOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import { pickConnection } from './pickConnection';
import { pickFolder } from './pickFolder';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls, withButton } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

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
  contributes: {
    title: nls('Show Job'),
    icon: '$(open-preview)',
    palette: 'signedIn',
    rows: withButton({
      views: ViewId.explorer,
      rows: [ContextValue.jobRunning, ContextValue.jobFinal],
      group: '0_run',
      order: 0,
    }),
  },
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
    const connection = await pickConnection(ctx, undefined, t('Show a job of which connection?'), (c) =>
      Boolean(ctx.accountFor(c.id)),
    );
    if (!connection) return undefined;
    const folder = await pickFolder(ctx, connection, t('Show Job: folder'), signal);
    if (!folder) return undefined;
    const key = await ctx.input.input({
      title: t('Show Job: key'),
      prompt: plainText(t('A job of {0}', folder.label)),
      placeHolder: t('Key (UUID)'),
      ignoreFocusOut: true,
      validateInput: checkJobKey,
    });
    if (key === undefined) return undefined;
    const problem = checkJobKey(key);
    if (problem) throw new Error(problem);
    progressTitle(t('Finding the job…'));
    // Read once here so a wrong key says so in the palette's terms, not in an empty panel.
    const job = await ctx.clientFor(connection).jobs.get(key.trim(), { folder: { id: folder.id }, signal });
    await ctx.panels.showJob(
      { connectionId: connection.id, folderId: folder.id, jobKey: job.Key },
      plainText(job.ReleaseName ?? job.Id, { maxLength: 100 }),
    );
    return job.Key;
  },
};
