import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import type { FolderContext } from '../../core/http/connection';
import { OrchestratorError } from '../../core/http/errors';
import { formatLogLine, LineWindow } from '../../core/logs/logLines';
import { isTransientTailFailure, jobLogSource, robotLogSource, tailLogs } from '../../core/logs/tail';
import type { Job, Robot } from '../../core/orchestrator/schemas';
import type { Ctx } from '../../ctx';
import { userSettings } from '../settings';
import { didFirstStep, FirstStep } from '../firstSteps';
import { t } from '../../core/l10n';

/** What this needs from the extension's context, and nothing more. */
export type LogTailsDeps = Pick<Ctx, 'accountFor' | 'clientFor' | 'log'>;

export const LOG_SCHEME = 'orchestrator-log';

export type TailSubject =
  { kind: 'job'; job: Pick<Job, 'Key' | 'Id' | 'ReleaseName'> } | { kind: 'robot'; robot: Pick<Robot, 'Id' | 'Name'> };

type TailState = 'following' | 'finished' | 'stopped' | 'failed';

/** How far back a robot tail starts: a robot's log goes back months; the tail follows from a little before now. */
const ROBOT_LOOKBACK_MS = 10 * 60_000;
/** The last line of a tail whose connection's account signed out. */
export const signedOutNote = (label: string) =>
  t('Tailing stopped: you are signed out of {0}. Sign in and run Tail Logs again to continue.', label);

/** The document is rewritten at most this often, however fast lines arrive. */
const REDRAW_MS = 200;

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

  constructor(
    readonly id: string,
    readonly connectionId: string,
    readonly title: string,
    private readonly header: string,
    maxLines: number,
    private readonly redraw: (tail: LogTail) => void,
    run: (tail: LogTail, signal: AbortSignal) => Promise<void>,
  ) {
    this.uri = vscode.Uri.from({ scheme: LOG_SCHEME, path: `/${title.replace(/[\\/]/g, '_')}.log`, query: id });
    this.window = new LineWindow(maxLines);
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
              this.window.dropped.toLocaleString('en'),
              this.window.cap.toLocaleString('en'),
            ),
          ]
        : [];
    const status =
      this.state === 'following' ? t('# Following… (Orchestrator: Stop Tailing, or close this tab, to stop)') : '';
    return [this.header, ...dropped, ...this.window.all(), status].filter(Boolean).join('\n') + '\n';
  }
}

/**
 * Every log tail of the session, and the read-only documents that show them. Nothing here polls on its own: each
 * tail's engine reads only when its adaptive interval allows (at least a second apart while idle).
 */
export class LogTails implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly tails = new Map<string, LogTail>();
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;
  private readonly pending = new Set<LogTail>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Documents whose reader left the end (scrolled up to read): they are not moved until the reader comes back. */
  private readonly paused = new Set<string>();
  private lastReveal = 0;

  constructor(private readonly ctx: LogTailsDeps) {
    this.disposables.push(vscode.workspace.registerTextDocumentContentProvider(LOG_SCHEME, this), this.changes);
    // Follow the end like `tail -f`, unless the reader scrolled up; scrolling back to the end follows again.
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        const uri = event.document.uri;
        if (uri.scheme !== LOG_SCHEME || this.paused.has(uri.toString())) return;
        const last = event.document.lineCount - 1;
        for (const editor of vscode.window.visibleTextEditors) {
          if (editor.document !== event.document) continue;
          this.lastReveal = Date.now();
          editor.revealRange(new vscode.Range(last, 0, last, 0), vscode.TextEditorRevealType.Default);
        }
      }),
    );
    this.disposables.push(
      vscode.window.onDidChangeTextEditorVisibleRanges((event) => {
        const document = event.textEditor.document;
        if (document.uri.scheme !== LOG_SCHEME || Date.now() - this.lastReveal < 300) return;
        const atEnd = event.visibleRanges.some((r) => r.end.line >= document.lineCount - 2);
        if (atEnd) this.paused.delete(document.uri.toString());
        else this.paused.add(document.uri.toString());
      }),
    );
    // Closing the tab stops the tail: nobody reads it any more.
    this.disposables.push(
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        for (const tab of event.closed) {
          const input = tab.input;
          if (input instanceof vscode.TabInputText && input.uri.scheme === LOG_SCHEME && !this.isOpen(input.uri))
            this.tails.get(input.uri.query)?.stop();
        }
      }),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.tails.get(uri.query)?.text() ?? t('# This tail has ended and is no longer kept. Run Tail Logs again.\n')
    );
  }

  /** Tails that are still following. */
  following(): LogTail[] {
    return [...this.tails.values()].filter((t) => t.state === 'following');
  }

  get(id: string): LogTail | undefined {
    return this.tails.get(id);
  }

  /** Starts (or shows the running) tail of a job or a robot, in its own editor tab. */
  async open(connection: Connection, folder: FolderContext, subject: TailSubject): Promise<LogTail> {
    // A nameless robot would make the filter match every robot of the folder: refused before anything is read.
    if (subject.kind === 'robot' && !subject.robot.Name?.trim())
      throw new Error(
        t(
          "This robot has no name, so its log cannot be told apart from the other robots' logs. Tail one of its jobs instead.",
        ),
      );
    const id =
      subject.kind === 'job'
        ? `job-${subject.job.Key.toLowerCase()}` // l10n: code (an id)
        : `robot-${connection.id}-${'id' in folder ? folder.id : folder.path}-${subject.robot.Id}`; // l10n: code (an id)
    let tail = this.tails.get(id);
    if (!tail || tail.state !== 'following') {
      tail?.stop();
      tail = this.start(id, connection, folder, subject);
      this.tails.set(id, tail);
      didFirstStep(FirstStep.readLog);
    }
    const document = await vscode.workspace.openTextDocument(tail.uri);
    await vscode.languages.setTextDocumentLanguage(document, 'log');
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    this.paused.delete(tail.uri.toString());
    this.lastReveal = Date.now();
    editor.revealRange(new vscode.Range(document.lineCount - 1, 0, document.lineCount - 1, 0));
    return tail;
  }

  stop(id: string): void {
    this.tails.get(id)?.stop();
  }

  /** Stops every tail of a connection that is still following (its account signed out), saying why in each. */
  stopConnection(connectionId: string, label: string): number {
    const stopping = this.following().filter((tail) => tail.connectionId === connectionId);
    for (const tail of stopping) tail.stop(signedOutNote(label));
    return stopping.length;
  }

  private start(id: string, connection: Connection, folder: FolderContext, subject: TailSubject): LogTail {
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
            new Date(Date.now() - ROBOT_LOOKBACK_MS).toLocaleTimeString(),
          ),
      connection.label,
      minLevel,
    );
    return new LogTail(
      id,
      connection.id,
      title,
      header,
      maxLines,
      (t) => this.schedule(t),
      async (tail, signal) => {
        const client = this.ctx.clientFor(connection);
        const source =
          subject.kind === 'job' ? jobLogSource(client, folder, subject.job.Key) : robotLogSource(client, folder);
        try {
          for await (const event of tailLogs(source, {
            ...(subject.kind === 'job'
              ? { jobKey: subject.job.Key }
              : { robotName: subject.robot.Name, since: new Date(Date.now() - ROBOT_LOOKBACK_MS) }),
            minLevel,
            signal,
            isTransient: isTransientTailFailure,
          })) {
            if (event.kind === 'lines') tail.append(event.lines.map(formatLogLine));
            else if (event.kind === 'trouble')
              tail.note(
                t(
                  '{0} Reading again in {1} s; nothing will be missed.',
                  (event.error as Error).message,
                  Math.round(event.retryInMs / 1000),
                ),
              );
            else {
              tail.state = 'finished';
              tail.note(t('The job has finished and every line has been read. The tail has ended.'));
            }
          }
        } catch (error) {
          if (signal.aborted) {
            tail.note(tail.stopReason ?? t('Tailing stopped.'));
            return;
          }
          // A read that met the sign-out half way (the account is gone, the stop is on its way): say so, not "failed".
          if (!this.ctx.accountFor(connection.id)) {
            tail.state = 'stopped';
            tail.note(signedOutNote(connection.label));
            return;
          }
          tail.state = 'failed';
          const windowHit =
            error instanceof OrchestratorError &&
            (error.errorCode === 1680 || /10,000|result window/i.test(error.message));
          tail.note(
            windowHit
              ? t(
                  'The service only returns the first 10,000 entries of one query (its search index window). This tail reads by time and should not reach it; run Tail Logs again to continue from now.',
                )
              : t('The tail stopped: {0} Run Tail Logs again to continue.', (error as Error).message),
          );
          this.ctx.log.warn(`Tail ${tail.title} failed: ${(error as Error).message}`);
        }
      },
    );
  }

  /** Redraws at most every REDRAW_MS, however fast lines arrive. */
  private schedule(tail: LogTail): void {
    this.pending.add(tail);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      for (const t of this.pending) this.changes.fire(t.uri);
      this.pending.clear();
    }, REDRAW_MS);
  }

  private isOpen(uri: vscode.Uri): boolean {
    return vscode.window.tabGroups.all.some((group) =>
      group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()),
    );
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const tail of this.tails.values()) tail.stop();
    for (const d of this.disposables) d.dispose();
  }
}
