import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import type { FolderContext } from '../../core/http/connection';
import { OrchestratorError } from '../../core/http/errors';
import { displayLocale, formatNumber, t } from '../../core/l10n';
import { formatLogLine, LineWindow } from '../../core/logs/logLines';
import { DRAIN_RETRIES } from '../../core/logs/tail';
import { followLog } from '../../core/logs/follow';
import { userSettings } from '../settings';
import { LOG_SCHEME, signedOutNote, type LogTailsDeps, type TailSubject } from './logTails';
import { errorMessage } from '../../core/errorMessage';

type TailState = 'following' | 'finished' | 'stopped' | 'failed';

/** How far back a robot tail starts: a robot's log goes back months; the tail follows from a little before now. */
const ROBOT_LOOKBACK_MS = 10 * 60_000;

/** The document a tail writes: its id (one tail per job or robot), title, first line and how many lines it keeps. */
export interface TailDocument {
  id: string;
  connectionId: string;
  title: string;
  header: string;
  maxLines: number;
}

/** What to tail: the job or robot, where it runs, and the id its tail is kept by. */
export interface TailRequest {
  id: string;
  connection: Connection;
  folder: FolderContext;
  subject: TailSubject;
}

/**
 * One tail: the core engine feeding a read-only `.log` document. A document rather than an output channel because
 * several tails can be read side by side, the editor's find, folding and go-to-line work on it, closing its tab is
 * a clear "stop", and every line carries the robot's own timestamp (a LogOutputChannel stamps arrival time).
 */
export class LogTail {
  readonly uri: vscode.Uri;
  private readonly window: LineWindow;
  private readonly controller = new AbortController();
  state: TailState = 'following';
  /** Lines received from the service (after the level filter), for the status and for tests. */
  received = 0;
  readonly done: Promise<void>;
  /** Why it was stopped, when not by the reader (a sign-out): the document's last note says so. */
  stopReason: string | undefined;

  readonly id: string;
  readonly connectionId: string;
  readonly title: string;
  private readonly header: string;

  constructor(
    document: TailDocument,
    private readonly redraw: (tail: LogTail) => void,
    run: (tail: LogTail, signal: AbortSignal) => Promise<void>,
  ) {
    this.id = document.id;
    this.connectionId = document.connectionId;
    this.title = document.title;
    this.header = document.header;
    this.uri = vscode.Uri.from({
      scheme: LOG_SCHEME,
      path: `/${this.title.replace(/[\\/]/g, '_')}.log`,
      query: this.id,
    });
    this.window = new LineWindow(document.maxLines);
    this.done = run(this, this.controller.signal);
  }

  /** The log lines now in the document (the last maxLines), oldest first, without the tail's own notes. */
  lines(): string[] {
    return this.window.all().filter((line) => !line.startsWith('# '));
  }

  get dropped(): number {
    return this.window.dropped;
  }

  append(lines: string[]): void {
    this.received += lines.length;
    this.window.push(lines);
    this.redraw(this);
  }

  /** A line of the tail's own (a retry, the end), in the stream where it happened; starts with "# ". */
  note(text: string): void {
    this.window.push([`# ${text}`]);
    this.redraw(this);
  }

  stop(reason?: string): void {
    if (this.state === 'following') {
      this.state = 'stopped';
      this.stopReason = reason;
    }
    this.controller.abort(new vscode.CancellationError());
  }

  text(): string {
    const dropped =
      this.window.dropped > 0
        ? [
            t(
              '# {0} older lines were dropped to keep the last {1} (setting orchestrator.logs.maxLines).',
              formatNumber(this.window.dropped),
              formatNumber(this.window.cap),
            ),
          ]
        : [];
    const status =
      this.state === 'following' ? t('# Following… (Orchestrator: Stop Tailing, or close this tab, to stop)') : '';
    return [this.header, ...dropped, ...this.window.all(), status].filter(Boolean).join('\n') + '\n';
  }
}

/**
 * Starts one tail: its header, its document's title and the engine reading the job's or robot's log into it. Loaded
 * with the first tail (logTails.ts imports it then), so activation does not parse the engine.
 */
export function startTail(
  ctx: LogTailsDeps,
  { id, connection, folder, subject }: TailRequest,
  schedule: (tail: LogTail) => void,
): LogTail {
  const { logMinimumLevel: minLevel, logMaxLines: maxLines } = userSettings(vscode.workspace.getConfiguration());
  const title =
    subject.kind === 'job'
      ? `${subject.job.ReleaseName ?? t('Job')} #${subject.job.Id}`
      : t('Robot {0}', subject.robot.Name ?? '');
  const header = t(
    '# {0} on {1}. Levels {2} and above (setting orchestrator.logs.minimumLevel); times are local.',
    subject.kind === 'job'
      ? t('Job {0} ({1})', subject.job.ReleaseName ?? '', subject.job.Key)
      : t(
          'Robot {0}, from {1}',
          subject.robot.Name ?? '',
          new Date(Date.now() - ROBOT_LOOKBACK_MS).toLocaleTimeString(displayLocale()),
        ),
    connection.label,
    minLevel,
  );
  const document = { id, connectionId: connection.id, title, header, maxLines };
  return new LogTail(document, schedule, async (tail, signal) => {
    try {
      // Inside the try: a connection signed out meanwhile ends the tail with its note, never "Following…" for good.
      const client = ctx.clientFor(connection);
      const followed =
        subject.kind === 'job'
          ? { jobKey: subject.job.Key }
          : { robotName: subject.robot.Name, since: new Date(Date.now() - ROBOT_LOOKBACK_MS) };
      for await (const event of followLog(client, folder, followed, { minLevel, signal })) {
        if (event.kind === 'lines') tail.append(event.lines.map(formatLogLine));
        else if (event.kind === 'trouble')
          tail.note(
            t(
              '{0} Reading again in {1} s; nothing will be missed.',
              errorMessage(event.error),
              Math.round(event.retryInMs / 1000),
            ),
          );
        else {
          tail.state = 'finished';
          tail.note(
            event.complete
              ? t('The job has finished and every line has been read. The tail has ended.')
              : t(
                  'The job has finished, but the service did not show its last lines after {0} more reads, so the last lines may be missing. Run Tail Logs on the job again to read its whole log from the start, or Open in Web Portal.',
                  DRAIN_RETRIES,
                ),
          );
        }
      }
    } catch (error) {
      if (signal.aborted) {
        tail.note(tail.stopReason ?? t('Tailing stopped.'));
        return;
      }
      // A read that met the sign-out half way (the account is gone, the stop is on its way): say so, not "failed".
      if (!ctx.accountFor(connection.id)) {
        tail.state = 'stopped';
        tail.note(signedOutNote(connection.label));
        return;
      }
      tail.state = 'failed';
      const windowHit =
        error instanceof OrchestratorError && (error.errorCode === 1680 || /10,000|result window/i.test(error.message));
      tail.note(
        windowHit
          ? t(
              'The service only returns the first 10,000 entries of one query (its search index window). This tail reads by time and should not reach it; run Tail Logs again to continue from now.',
            )
          : t('The tail stopped: {0} Run Tail Logs again to continue.', errorMessage(error)),
      );
      ctx.log.warn(`Tail ${tail.title} failed: ${errorMessage(error)}`);
    }
  });
}
