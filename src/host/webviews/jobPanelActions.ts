import * as vscode from 'vscode';
import type { RowOf } from '../../core/rows/rows';
import type { JobPanelAction, JobPanelToWebview } from '../../shared/protocol/jobPanel';
import type { Services } from '../services';
import { t } from '../../core/l10n';

type Reply = Omit<Extract<JobPanelToWebview, { type: 'reply' }>, 'type' | 'id'>;

/**
 * The job panel's buttons that act on the job as its row's commands do (Start Job's, Stop's and Kill's own steps,
 * checks and guards): what the panel answers. `reload` reads the job again once a stop or kill was sent.
 */
export async function jobAction(
  ctx: Pick<Services, 'commands'>,
  row: RowOf<'job'>,
  action: Exclude<JobPanelAction, 'refresh' | 'follow'>,
  reload: () => void,
): Promise<Reply> {
  const job = row.job;
  switch (action) {
    case 'copyKey':
      await vscode.env.clipboard.writeText(job.Key);
      return { ok: true, message: t('Copied the job key.') };
    case 'tailInOutput':
      await ctx.commands.tailLogs(row);
      return { ok: true };
    case 'runAgain': {
      // Start Job's own steps, filled in with this job's process and arguments: its checks and guard, one request.
      const keys = await ctx.commands.startJob(row);
      return Array.isArray(keys) && keys.length
        ? { ok: true, message: t('Started {0} job(s) again.', keys.length) }
        : { ok: false };
    }
    case 'openInPortal':
      await ctx.commands.openInPortal(row);
      return { ok: true };
    case 'stop':
    case 'kill': {
      const key = await (action === 'stop' ? ctx.commands.stopJob(row) : ctx.commands.killJob(row));
      if (key === undefined) return { ok: false };
      reload();
      return { ok: true, message: action === 'stop' ? t('Asked the robot to stop the job.') : t('Killed the job.') };
    }
  }
}
