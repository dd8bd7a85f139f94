import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import { jobDuration, watchJob } from '../../core/orchestrator/jobWatch';
import type { Job } from '../../core/orchestrator/schemas';
import { makeRow, type FolderById } from '../../core/rows/rows';
import type { Services } from '../services';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { errorMessage } from '../../core/errorMessage';

/** What this needs from the extension's context, and nothing more. */
export type JobWatcherDeps = Pick<Services, 'clientFor' | 'commands' | 'explorer' | 'log'>;

/** A job being watched, as commands and the status bar see it. */
export interface WatchedJob {
  readonly connection: Connection;
  readonly folder: FolderById;
  job: Job;
}

/**
 * Watches started jobs through `Jobs(<key>)` — never by polling the rate-limited list — shows the running ones in the
 * status bar, reloads their folder's Jobs row when a state moves, and says how each one ended.
 */
export class JobWatcher implements vscode.Disposable {
  private readonly watched = new Map<string, WatchedJob & { controller: AbortController }>();
  private readonly item = vscode.window.createStatusBarItem('orchestrator.jobs', vscode.StatusBarAlignment.Left, 49);
  private readonly ended = new vscode.EventEmitter<WatchedJob>();
  /** Fires once per watched job, with its final state (or its last known one if watching failed). */
  readonly onDidEnd = this.ended.event;

  constructor(private readonly ctx: JobWatcherDeps) {
    this.item.name = t('Orchestrator jobs');
    this.item.command = CommandId.showWatchedJobs;
  }

  running(): WatchedJob[] {
    return [...this.watched.values()];
  }

  isWatched(jobKey: string): boolean {
    return this.watched.has(jobKey.toLowerCase());
  }

  watch(connection: Connection, folder: FolderById, job: Job): void {
    const key = job.Key.toLowerCase();
    if (this.watched.has(key)) return;
    const entry = { connection, folder, job, controller: new AbortController() };
    this.watched.set(key, entry);
    this.update();
    void this.follow(entry);
  }

  private async follow(entry: WatchedJob & { controller: AbortController }): Promise<void> {
    const client = () => this.ctx.clientFor(entry.connection);
    let failure: unknown;
    try {
      for await (const job of watchJob((signal) => client().jobs.get(entry.job.Key, { folder: entry.folder, signal }), {
        signal: entry.controller.signal,
      })) {
        entry.job = job;
        this.update();
        this.ctx.explorer.refreshJobsOf(entry.connection.id, entry.folder.id);
      }
    } catch (error) {
      if (entry.controller.signal.aborted) return;
      failure = error;
    } finally {
      this.watched.delete(entry.job.Key.toLowerCase());
      this.update();
    }
    this.ended.fire(entry);
    if (failure) {
      this.ctx.log.warn(`Stopped watching job ${entry.job.Key}: ${errorMessage(failure)}`);
      void vscode.window.showWarningMessage(
        plainText(
          t(
            'Orchestrator lost track of job {0} ({1}). Its state is in the Jobs row of its folder.',
            entry.job.ReleaseName ?? entry.job.Key,
            errorMessage(failure),
          ),
        ),
      );
      return;
    }
    void this.announce(entry);
  }

  /** Successful, Faulted or Stopped, with the duration, and what to look at next. */
  private async announce(entry: WatchedJob): Promise<void> {
    const { job } = entry;
    const name = job.ReleaseName ?? t('Job {0}', job.Id);
    const actions = [t('Show Logs'), ...(job.OutputArguments ? [t('Show Output')] : [])];
    const text =
      job.State === 'Faulted' && job.Info
        ? t('{0}: {1} after {2} — {3}.', name, job.State, jobDuration(job), job.Info)
        : t('{0}: {1} after {2}.', name, job.State, jobDuration(job));
    const show =
      job.State === 'Faulted'
        ? vscode.window.showErrorMessage
        : job.State === 'Stopped'
          ? vscode.window.showWarningMessage
          : vscode.window.showInformationMessage;
    const choice = await show(plainText(text), ...actions);
    const row = makeRow({ kind: 'job', connection: entry.connection, folder: entry.folder, job });
    if (choice === t('Show Logs')) void this.ctx.commands.tailLogs(row);
    if (choice === t('Show Output')) void this.ctx.commands.showJobOutput(row);
  }

  private update(): void {
    const jobs = this.running();
    if (jobs.length === 0) {
      this.item.hide();
      return;
    }
    const active = jobs.filter((j) => j.job.State === 'Running').length;
    // l10n: code (an icon; the words are marked inside)
    this.item.text = `$(sync~spin) ${jobs.length === 1 ? plainText(`${jobs[0]!.job.ReleaseName ?? t('Job')}: ${jobs[0]!.job.State}`) : t('{0} jobs ({1} running)', jobs.length, active)}`;
    this.item.tooltip = t(
      'Jobs started from this window:\n{0}\n\nClick to show their logs or stop one.',
      jobs
        .map((j) => `• ${plainText(`${j.job.ReleaseName ?? j.job.Key} — ${j.job.State}`)} (${jobDuration(j.job)})`)
        .join('\n'),
    );
    this.item.show();
  }

  dispose(): void {
    for (const entry of this.watched.values()) entry.controller.abort();
    this.watched.clear();
    this.item.dispose();
    this.ended.dispose();
  }
}
