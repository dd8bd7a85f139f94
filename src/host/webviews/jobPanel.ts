import * as vscode from 'vscode';
import { sleep } from '../../core/http/retry';
import { OrchestratorError } from '../../core/http/errors';
import type { LogLevel } from '../../core/logs/logLines';
import { JobLogWindow } from '../../core/logs/logWindow';
import { jobLogPages } from '../../core/logs/logPages';
import type { Job } from '../../core/orchestrator/schemas';
import { plainText } from '../../core/presentation/plainText';
import { makeRow } from '../../core/rows/rows';
import { jobAction } from './jobPanelActions';
import {
  LOG_LINES_PER_REQUEST,
  parseJobPanelFromWebview,
  parseJobPanelToWebview,
  type JobPanelAction,
  type JobPanelFromWebview,
  type JobPanelIdentity,
  type JobPanelToWebview,
} from '../../shared/protocol/jobPanel';
import type { Services } from '../services';
import { userSettings } from '../settings';
import { jobDetails, logLineOf } from '../presentation/jobDetails';
import { runHistoryView } from '../presentation/runHistoryView';
import type { RunHistoryView } from '../../shared/protocol/runHistory';
import { readRecentRuns } from '../../core/jobs/recentRuns';
import { readProcessVersion } from '../../core/jobs/processVersion';
import { messageOf, ServicePanel, type ServicePanelDeps, type PanelEvents } from './servicePanel';
import { t } from '../../core/l10n';

/** What this needs from the extension's context, and nothing more. */
export type JobPanelDeps = ServicePanelDeps &
  Pick<Services, 'clientFor' | 'commands' | 'explorer' | 'input' | 'jobs' | 'panels'>;

/** While a job runs, its state and log length are read again this often (Jobs(<key>) is not rate limited). */
const FOLLOW_MS = 2_000;

type Reply = Omit<Extract<JobPanelToWebview, { type: 'reply' }>, 'type' | 'id'>;

/**
 * One job: its fields, arguments and info, and its log inline (any part of a log of a million lines, read a page at a
 * time through JobLogWindow, never held whole). While the job runs its state and log length follow it. One panel per
 * job; it keeps only the job's identity, so a reload reads everything again.
 */
export class JobPanel extends ServicePanel<JobPanelFromWebview, JobPanelToWebview, JobPanelIdentity> {
  private job: Job | undefined;
  /** The lowest level shown: the tails' setting at first, then what the reader picks in the panel. */
  private level: LogLevel = userSettings(vscode.workspace.getConfiguration()).logMinimumLevel;
  private window: JobLogWindow | undefined;
  private readonly following = new AbortController();
  private followingStarted = false;
  private search: AbortController | undefined;
  /** A First Error that runs: a new one, a scroll or a new level supersedes it; closing the panel aborts it. */
  private seeking: AbortController | undefined;
  /** The keys of the runs the history listed: the only ones the page may open (openRun). */
  private listedRuns: ReadonlySet<string> = new Set();
  /** What the last follow read (the job and its log's length), newer than the `show` the page first got. */
  private latest: Pick<Extract<JobPanelToWebview, { type: 'update' }>, 'job' | 'logTotal'> | undefined;
  /** The process's recent runs, read once (one rate-limited Jobs request) until Refresh. */
  private history: Promise<RunHistoryView> | undefined;

  constructor(
    private readonly ctx: JobPanelDeps,
    panel: vscode.WebviewPanel,
    identity: JobPanelIdentity,
    events: PanelEvents,
  ) {
    super(
      ctx,
      panel,
      identity,
      {
        name: t('job'),
        bundle: 'jobPanel',
        parseIncoming: parseJobPanelFromWebview,
        parseOutgoing: parseJobPanelToWebview,
        isContent: (m) => m.type === 'show' || m.type === 'failed',
        failed: (identity, message) => ({ type: 'failed', identity, message }),
      },
      {
        onDispose: () => {
          this.following.abort();
          this.search?.abort();
          this.seeking?.abort();
          events.onDispose();
        },
        // A page loaded again (the panel was hidden) shows the job as it is now, not as it was first read.
        reshow: () => this.reshowLatest(),
        // Only a run the history listed opens: a page cannot open any job of the folder by its key.
        refuse: (message) =>
          message.type === 'openRun' && !this.listedRuns.has(message.jobKey)
            ? // l10n: code (a log line)
              `openRun of ${message.jobKey}, which the run history did not list`
            : undefined,
      },
    );
    void this.load();
  }

  private get folder() {
    return { id: this.identity.folderId };
  }

  private client() {
    return this.ctx.clientFor(this.connection());
  }

  private logWindow(): JobLogWindow {
    this.window ??= new JobLogWindow(jobLogPages(this.client(), this.folder), {
      jobKey: this.identity.jobKey,
      minLevel: this.level,
    });
    return this.window;
  }

  /** Reads the job (one request) and its log's length (one), then follows the job while it runs. */
  protected async fetch(): Promise<void> {
    this.host.post({ type: 'loading' });
    try {
      const connection = this.connection();
      const job = await this.client().jobs.get(this.identity.jobKey, { folder: this.folder });
      this.job = job;
      this.latest = undefined;
      this.window = undefined;
      this.history = undefined;
      let logTotal: number | null = null;
      let logProblem: string | undefined;
      const version = readProcessVersion(this.client(), this.folder, job);
      try {
        logTotal = await this.logWindow().total();
      } catch (error) {
        logProblem = t('The log could not be read: {0}', messageOf(error));
      }
      const processVersion = await version;
      this.panel.title = t('Job: {0}', plainText(job.ReleaseName ?? job.Id, { maxLength: 100 }));
      this.host.post({
        type: 'show',
        identity: this.identity,
        job: jobDetails(job),
        ...(processVersion ? { processVersion } : {}),
        logTotal,
        logProblem,
        level: this.level,
        readOnly: connection.protection === 'readOnly',
      });
      if (jobDetails(job).running && !this.followingStarted) void this.follow();
    } catch (error) {
      this.fail(error, t('Job {0} no longer exists in this folder.', this.identity.jobKey), (message) =>
        t('The job could not be loaded: {0}', message),
      );
    }
  }

  private reshowLatest(): boolean {
    const shown = this.host.current;
    if (shown?.type !== 'show' || !this.latest) return false;
    this.host.post({ ...shown, ...this.latest });
    return true;
  }

  /** While the job runs: its state and log length every FOLLOW_MS, until it ends or the panel closes. */
  private async follow(): Promise<void> {
    this.followingStarted = true;
    const signal = this.following.signal;
    try {
      for (let running = true; running;) {
        await sleep(FOLLOW_MS, signal);
        const job = await this.client().jobs.get(this.identity.jobKey, { folder: this.folder, signal });
        this.job = job;
        const logTotal = await this.logWindow()
          .recount(signal)
          .catch(() => null);
        const details = jobDetails(job);
        running = details.running;
        this.latest = { job: details, logTotal };
        this.host.post({ type: 'update', ...this.latest });
      }
    } catch (error) {
      if (!signal.aborted) {
        this.ctx.log.warn(`The job panel stopped following ${this.identity.jobKey}: ${messageOf(error)}`);
        // Said in the panel too, with Follow Again: a panel that silently stops moving looks like a job that hangs.
        this.host.post({ type: 'followStopped', reason: plainText(messageOf(error), { maxLength: 1_000 }) });
      }
    } finally {
      this.followingStarted = false;
    }
  }

  protected async onMessage(message: Exclude<JobPanelFromWebview, { type: 'ready' }>): Promise<void> {
    if (message.type === 'logStop') {
      this.search?.abort();
      return;
    }
    let reply: Reply;
    try {
      reply = await this.answer(message);
    } catch (error) {
      reply =
        error instanceof vscode.CancellationError ||
        (error instanceof OrchestratorError && error.isCancellation) ||
        (error instanceof Error && error.name === 'AbortError')
          ? { ok: false }
          : { ok: false, message: messageOf(error) };
    }
    const answer: JobPanelToWebview = { type: 'reply', id: message.id, ...reply };
    // An answer the protocol cannot carry still answers: the page never waits on a request that got nothing.
    this.host.post(
      parseJobPanelToWebview(answer).ok
        ? answer
        : { type: 'reply', id: message.id, ok: false, message: t('The answer is larger than the panel can show.') },
    );
  }

  private async answer(message: Exclude<JobPanelFromWebview, { type: 'ready' | 'logStop' }>): Promise<Reply> {
    switch (message.type) {
      case 'request':
        return this.run(message.action);
      case 'logLines': {
        this.seeking?.abort();
        const to = Math.min(message.to, message.from + LOG_LINES_PER_REQUEST);
        const slots = await this.logWindow().read(message.from, to);
        return { ok: true, lines: { from: message.from, lines: slots.map(logLineOf) } };
      }
      case 'logLevel':
        this.seeking?.abort();
        this.level = message.level;
        this.window = undefined;
        return { ok: true, total: await this.logWindow().total() };
      case 'history':
        // A failed read is not kept: asking again reads again.
        this.history ??= this.readHistory().catch((error: unknown) => {
          this.history = undefined;
          throw error;
        });
        return { ok: true, history: await this.history };
      case 'openRun':
        await this.ctx.panels.showJob({ ...this.identity, jobKey: message.jobKey });
        return { ok: true };
      case 'logFirstError': {
        this.seeking?.abort();
        const seeking = (this.seeking = new AbortController());
        const found = await this.logWindow().firstAtLeast('Error', seeking.signal);
        return { ok: true, found: found ?? null };
      }
      case 'logFind': {
        this.search?.abort();
        const search = (this.search = new AbortController());
        let last = 0;
        const found = await this.logWindow().find(message.text, message.from, {
          signal: search.signal,
          progress: (read, of) => {
            // Progress at most every 10,000 lines: the page's status line, not a flood of messages.
            if (read - last < 10_000 && read < of) return;
            last = read;
            this.host.post({ type: 'logProgress', read, of });
          },
        });
        return { ok: true, found: found ?? null };
      }
    }
  }

  /** The last RECENT_RUNS runs of this job's process in its folder, newest first: one Jobs request. */
  private async readHistory(): Promise<RunHistoryView> {
    const process = this.job?.ReleaseName;
    if (!process) throw new Error(t('The job does not name its process: its history cannot be read.'));
    const runs = await readRecentRuns(this.client(), { folder: this.folder, process });
    this.listedRuns = new Set(runs.map((run) => run.Key));
    return runHistoryView(process, runs);
  }

  private async run(action: JobPanelAction): Promise<Reply> {
    const job = this.job;
    if (action === 'refresh') {
      await this.reload();
      return { ok: true };
    }
    if (action === 'follow') {
      if (!this.followingStarted && this.job && jobDetails(this.job).running) void this.follow();
      return { ok: true };
    }
    if (!job) return { ok: false, message: t('The job is not loaded yet.') };
    const row = makeRow({ kind: 'job', connection: this.connection(), folder: this.folder, job });
    return jobAction(this.ctx, row, action, () => void this.reload());
  }
}
