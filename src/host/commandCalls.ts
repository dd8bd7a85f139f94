import type { RowOf } from '../core/rows/rows';

/**
 * Our own commands that other code runs (a notification's button, a command's next step), as functions: each runs the
 * command as its menu entry does — its code loaded on first use, then through the one wrapper (registry.ts's
 * runCommand), which shows its progress and reports its failure — and returns what the command returns (undefined
 * when it failed or was cancelled). Typed arguments instead of `executeCommand` with an id: the compiler checks them.
 */
export interface CommandCalls {
  addConnection(): Promise<unknown>;
  signIn(connectionId: string): Promise<unknown>;
  signInWithAccessToken(connectionId: string): Promise<unknown>;
  refreshServiceDefinition(connectionId: string): Promise<unknown>;
  tailLogs(row: RowOf<'job' | 'robot'>): Promise<unknown>;
  showJobOutput(row: RowOf<'job'>): Promise<unknown>;
  stopJob(row: RowOf<'job'>): Promise<unknown>;
  killJob(row: RowOf<'job'>): Promise<unknown>;
  /** Run Again: Start Job's steps on the job's process and arguments. */
  startJob(row: RowOf<'job'>): Promise<unknown>;
  openInPortal(row: RowOf<'job'>): Promise<unknown>;
}
