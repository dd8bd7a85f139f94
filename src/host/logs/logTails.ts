import * as vscode from 'vscode';
import type { Connection } from '../../core/connections';
import type { FolderContext } from '../../core/http/connection';
import type { Job, Robot } from '../../core/orchestrator/schemas';
import type { Services } from '../services';
import { didFirstStep, FirstStep } from '../firstSteps';
import { t } from '../../core/l10n';
import { onFirstUse } from '../../core/onFirstUse';
import type { LogTail } from './logTail';

/** What this needs from the extension's context, and nothing more. */
export type LogTailsDeps = Pick<Services, 'accountFor' | 'clientFor' | 'log'>;

export const LOG_SCHEME = 'orchestrator-log';

export type TailSubject =
  { kind: 'job'; job: Pick<Job, 'Key' | 'Id' | 'ReleaseName'> } | { kind: 'robot'; robot: Pick<Robot, 'Id' | 'Name'> };

/** The last line of a tail whose connection's account signed out. */
export const signedOutNote = (label: string) =>
  t('Tailing stopped: you are signed out of {0}. Sign in and run Tail Logs again to continue.', label);

/** The tail engine (logTail.ts) loads with the first tail, not at activation. */
const tailEngine = onFirstUse(() => import('./logTail'));

/** The document is rewritten at most this often, however fast lines arrive. */
const REDRAW_MS = 200;

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
  private disposed = false;

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
    // The engine loads with the first tail; nothing is awaited between looking the tail up and keeping it.
    const { startTail } = await tailEngine();
    // Disposed while the engine loaded (a reload during the first tail): start nothing that nobody would stop.
    if (this.disposed) throw new vscode.CancellationError();
    let tail = this.tails.get(id);
    if (!tail || tail.state !== 'following') {
      tail?.stop();
      tail = startTail(this.ctx, id, connection, folder, subject, (started) => this.schedule(started));
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
    this.disposed = true;
    clearTimeout(this.timer);
    for (const tail of this.tails.values()) tail.stop();
    for (const d of this.disposables) d.dispose();
  }
}
