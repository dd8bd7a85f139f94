import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import type { FolderContext } from '../../core/http/connection';
import type { Job, Robot } from '../../core/orchestrator/schemas';
import type { CommandDefinition } from './registry';

/** Tail Logs: a job's log until it has finished and every line is read, or a robot's from ten minutes ago on. */
export const tailLogs: CommandDefinition = {
  id: CommandId.tailLogs,
  title: 'Tail Logs',
  async run({ ctx }, node) {
    const value = (node as { value?: { connection?: Connection; folder?: FolderContext; job?: Job; robot?: Robot } } | undefined)?.value;
    if (!value?.connection || !value.folder || (!value.job && !value.robot)) throw new Error('Choose a job under Jobs, or a robot under Robots & Sessions, in the Orchestrator view.');
    const tail = await ctx.tails.open(value.connection, value.folder, value.job ? { kind: 'job', job: value.job } : { kind: 'robot', robot: value.robot! });
    return tail.id;
  },
};
