import { CommandId } from '../../constants';
import { runSteps } from '../ui/multiStep';
import { abortSignalOf } from './abortSignal';
import { guardChange } from './guardChange';
import type { CommandDefinition } from './registry';
import { DeclaredArguments, LastArguments } from './startJob/arguments';
import { startJobs } from './startJob/run';
import { startSteps, type Draft } from './startJob/steps';
import { targetOf } from './startJob/target';

/** What starting needs besides the process; from the steps, or given by a caller (tests, other extensions). */
export interface StartJobRequest {
  /** JobsCount: robots assigned on pickup (the service's default); All: every robot of the environment. */
  strategy?: 'JobsCount' | 'All' | 'Specific';
  robotIds?: number[];
  count?: number;
  /** Argument name → the text typed for it (parsed and checked exactly as the input boxes do). */
  inputs?: Record<string, string>;
  /** Which process, when the row is a package deployed as several. */
  processName?: string;
}

/**
 * Start Job…: from a process, a package (its processes in that folder), a job (Run Again) or the palette
 * (startJob/target.ts). One back-navigable multi-step input (startJob/steps.ts), then one StartJobs POST, never
 * retried; the jobs are watched (startJob/run.ts).
 */
export const startJob: CommandDefinition = {
  id: CommandId.startJob,
  title: 'Start Job',
  asksFirst: true,
  async run({ ctx, token, progressTitle }, node, given) {
    const signal = abortSignalOf(token);
    const target = await targetOf(ctx, node, signal);
    if (!target) return undefined;
    const { connection, folder } = target;
    // A read-only connection refuses before the user types anything.
    if ((ctx.connections.get(connection.id) ?? connection).protection === 'readOnly') await guardChange(ctx, connection, { what: 'Start a job', detail: '', action: 'Start' });
    const declared = new DeclaredArguments(ctx.clientFor(connection), folder, signal);
    const last = new LastArguments(ctx, connection, folder);
    const request = given && typeof given === 'object' ? (given as StartJobRequest) : undefined;

    let draft: Draft;
    if (request) {
      const release = request.processName ? target.candidates.find((r) => r.Name === request.processName) : target.candidates[0];
      if (!release) throw new Error(`No process named '${request.processName ?? ''}' in ${target.folderLabel}.`);
      draft = { release, strategy: request.strategy ?? 'JobsCount', robotIds: request.robotIds ?? [], count: request.count ?? 1, texts: request.inputs ?? {}, confirmed: false };
    } else {
      const state: Draft = { release: target.candidates.length === 1 ? target.candidates[0] : undefined, strategy: 'JobsCount', robotIds: [], count: 1, texts: {}, confirmed: false };
      if (state.release) await declared.of(state.release);
      const done = await runSteps(state, (s) => startSteps(ctx, target, s, declared, last, signal));
      if (!done?.confirmed || !done.release) return undefined;
      draft = done;
    }
    // Everything is checked again in startJobs, whatever path filled the draft: nothing invalid is sent.
    const release = draft.release!;
    return startJobs(ctx, target, { ...draft, release }, await declared.of(release), last, progressTitle, signal);
  },
};
