import * as vscode from 'vscode';
import { errorMessage } from '../../core/errorMessage';
import { onFirstUse } from '../../core/onFirstUse';
import type { Services } from '../services';
import type { FaultProblems } from './faultProblems';
import type { FaultReading } from './faultReading';

/** A faulted job's reading, or why it could not be read (the integration suite waits for these). */
export type FaultOutcome = { readonly reading: FaultReading } | { readonly jobKey: string; readonly failure: string };

/**
 * What activation holds of faults to source: a listener on the job watcher. The problems, the workspace's projects and
 * the fault reading are a chunk loaded when the first watched job faults (activation parses none of it).
 */
export class JobProblems implements vscode.Disposable {
  private readonly read = new vscode.EventEmitter<FaultOutcome>();
  /** Fires when a faulted job's reading ends. */
  readonly onDidRead = this.read.event;
  private problems: FaultProblems | undefined;
  private loading = false;
  private readonly load = onFirstUse(async () => {
    const { FaultProblems } = await import('./faultProblems');
    return (this.problems = new FaultProblems(this.ctx, (outcome) => this.read.fire(outcome)));
  });
  private readonly listener: vscode.Disposable;

  constructor(private readonly ctx: Pick<Services, 'clientFor' | 'jobs' | 'log'>) {
    this.listener = ctx.jobs.onDidEnd((watched) => {
      // Before any fault there is nothing a success could clear.
      if (watched.job.State !== 'Faulted' && !this.loading) return;
      this.loading = true;
      this.load().then(
        (problems) => problems.ended(watched),
        (error: unknown) => ctx.log.warn(`Faults to source: ${errorMessage(error)}`),
      );
    });
  }

  /** Clear Job Problems: how many there were. */
  clear(): number {
    return this.problems?.clear() ?? 0;
  }

  dispose(): void {
    this.listener.dispose();
    this.problems?.dispose();
    this.read.dispose();
  }
}
