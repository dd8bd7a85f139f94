import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { inExplorer, nls, rowCommand, RowKinds } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<Services, 'tails'>;

/** Tail Logs: a job's log until it has finished and every line is read, or a robot's from ten minutes ago on. */
export const tailLogs: CommandDefinition<Uses> = {
  id: CommandId.tailLogs,
  contributes: rowCommand(nls('Tail Logs'), '$(output)', [
    inExplorer([...RowKinds.job, ContextValue.robot], '0_run', 2),
    inExplorer([ContextValue.jobRunning], 'inline', 1),
  ]),
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
