import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { jobDuration } from '../../core/orchestrator/jobWatch';
import { makeRow } from '../../core/rows/rows';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls, paletteCommand } from './contribution';

type Uses = Pick<Services, 'commands' | 'input' | 'jobs'>;

/** The status bar's jobs: pick one, then show its logs, stop or kill it. */
export const showWatchedJobs: CommandDefinition<Uses> = {
  id: CommandId.showWatchedJobs,
  contributes: paletteCommand(nls('Show Running Jobs'), '$(pulse)', 'signedIn'),
  title: t('Show Running Jobs'),
  asksFirst: true,
  async run({ ctx }) {
    const jobs = ctx.jobs.running();
    if (jobs.length === 0) {
      void vscode.window.showInformationMessage(t('No job started from this window is running.'));
      return undefined;
    }
    const picked = await ctx.input.pick(
      jobs.map((w) => ({
        label: plainText(w.job.ReleaseName ?? w.job.Key),
        description: plainText(`${w.job.State} · ${jobDuration(w.job)}`),
        detail: plainText(t('{0} · job {1}', w.connection.label, w.job.Id)),
        watched: w,
      })),
      { title: t('Running jobs') },
    );
    if (!picked) return undefined;
    const action = await ctx.input.pick(
      [
        { label: t('$(output) Tail Logs'), run: ctx.commands.tailLogs },
        { label: t('$(debug-stop) Stop'), run: ctx.commands.stopJob },
        { label: t('$(close) Kill'), run: ctx.commands.killJob },
      ],
      { title: picked.label },
    );
    if (!action) return undefined;
    const { connection, folder, job } = picked.watched;
    return action.run(makeRow({ kind: 'job', connection, folder, job }));
  },
};
