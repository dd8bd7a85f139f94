import { CommandId, ViewId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { nls } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'tails'>;

/** Tail Logs: a job's log until it has finished and every line is read, or a robot's from ten minutes ago on. */
export const tailLogs: CommandDefinition<Uses> = {
  id: CommandId.tailLogs,
  contributes: {
    title: nls('Tail Logs'),
    icon: '$(output)',
    palette: 'never',
    rows: [
      {
        views: ViewId.explorer,
        rows: [ContextValue.jobRunning, ContextValue.jobFinal, ContextValue.robot],
        group: '0_run',
        order: 2,
      },
      { views: ViewId.explorer, rows: [ContextValue.jobRunning], group: 'inline', order: 1 },
    ],
  },
  title: t('Tail Logs'),
  async run({ ctx }, node) {
    const row = rowOf(node, 'job', 'robot');
    const tail = await ctx.tails.open(
      row.connection,
      row.folder,
      row.kind === 'job' ? { kind: 'job', job: row.job } : { kind: 'robot', robot: row.robot },
    );
    return tail.id;
  },
};
