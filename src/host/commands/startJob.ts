import { CommandId } from '../../constants';
import { runSteps } from '../ui/multiStep';
import { guardChange } from '../guards/guardChange';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { DeclaredArguments, LastArguments } from './startJob/arguments';
import { startJobs } from './startJob/run';
import { startSteps, type Draft } from './startJob/steps';
import { targetOf } from './startJob/target';
import { t } from '../../core/l10n';
import { inExplorer, nls, RowKinds } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

type Uses = Pick<
  Services,
  'accountFor' | 'active' | 'clientFor' | 'commands' | 'connections' | 'explorer' | 'input' | 'jobs' | 'log' | 'state'
>;

/**
 * Start Job…: from a process, a package (its processes in that folder), a job (Run Again) or the palette
 * (startJob/target.ts). One back-navigable multi-step input (startJob/steps.ts), then one StartJobs POST, never
 * retried; the jobs are watched (startJob/run.ts).
 */
export const startJob: CommandDefinition<Uses> = {
  id: CommandId.startJob,
  contributes: {
    title: nls('Start Job…'),
    icon: '$(play)',
    palette: 'signedIn',
    changes: true,
    rows: [
      inExplorer([...RowKinds.process, ContextValue.package], '0_run', 1),
      inExplorer(RowKinds.process, 'inline', 1),
      inExplorer(RowKinds.job, '0_run', 1),
    ],
  },
  title: t('Start Job'),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const target = await targetOf(ctx, node, signal);
    if (!target) return undefined;
    const { connection, folder } = target;
    // A read-only connection refuses before the user types anything.
    if ((ctx.connections.get(connection.id) ?? connection).protection === 'readOnly')
      await guardChange(ctx, connection, { what: t('Start a job'), detail: '', action: t('Start') });
    const declared = new DeclaredArguments(ctx.clientFor(connection), folder, signal);
    const last = new LastArguments(ctx, connection, folder);
    const state: Draft = {
      release: target.candidates.length === 1 ? target.candidates[0] : undefined,
      strategy: 'JobsCount',
      robotIds: [],
      count: 1,
      texts: {},
      confirmed: false,
    };
    if (state.release) await declared.of(state.release);
    const done = await runSteps(ctx.input, state, (s) => startSteps(ctx, target, s, declared, last, signal));
    if (!done?.confirmed || !done.release) return undefined;
    return startJobs(
      ctx,
      target,
      { ...done, release: done.release },
      await declared.of(done.release),
      last,
      progressTitle,
      signal,
    );
  },
};
