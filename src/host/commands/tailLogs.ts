import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import type { Ctx } from '../../ctx';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';

type Uses = Pick<Ctx, 'tails'>;

/** Tail Logs: a job's log until it has finished and every line is read, or a robot's from ten minutes ago on. */
export const tailLogs: CommandDefinition<Uses> = {
  id: CommandId.tailLogs,
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
