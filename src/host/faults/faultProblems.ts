import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import { errorMessage } from '../../core/errorMessage';
import { t } from '../../core/l10n';
import { eq } from '../../core/odata/filter';
import { plainText } from '../../core/presentation/plainText';
import { makeRow, type FolderById } from '../../core/rows/rows';
import type { Services } from '../services';
import type { WatchedJob } from '../jobs/jobWatcher';
import type { FaultReading, FaultRequests } from './faultReading';

/** What this needs from the extension's context. */
export type FaultProblemsDeps = Pick<Services, 'clientFor' | 'log'>;

interface Problem {
  readonly diagnostic: vscode.Diagnostic;
  readonly uri: vscode.Uri;
  /** The job's row, for the code action (Show Job takes a row). */
  readonly row: ReturnType<typeof makeRow>;
}

/** Problems kept per process: enough for every distinct fault of a day's runs; the Problems panel stays readable. */
export const MAX_PER_PROCESS = 200;

/** A faulted job's reading, or why it could not be read (the integration suite waits for these). */
export type FaultOutcome = { readonly reading: FaultReading } | { readonly jobKey: string; readonly failure: string };

/** A process: its connection, folder and name (a later run of the same one clears its problems). */
const processId = (connection: Connection, folder: FolderById, releaseName: string) =>
  `${connection.id}\n${folder.id}\n${releaseName.toLowerCase()}`;

/**
 * Faults to source: when a watched job ends Faulted, its exception and error lines become problems on the files and
 * lines of the workspace's project of its package; a later successful run of the process, or Clear Job Problems,
 * clears them. A chunk of its own, loaded when the first watched job ends (`Ctx.faultProblems`): activation holds
 * only the listener.
 */
export class FaultProblems implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(t('Orchestrator jobs'));
  /** By process: the problems of its faults since its last successful run. */
  private readonly byProcess = new Map<string, Problem[]>();
  /**
   * A process's successful runs, and the clears: a fault read while either happened is stale. Faults never make
   * each other stale (several runs may fault at once; each one's problems are kept).
   */
  private readonly successes = new Map<string, number>();
  private clears = 0;
  /** Package id per process, read once (`Releases` by name). */
  private readonly processKeys = new Map<string, Promise<string | undefined>>();
  private readonly disposables: vscode.Disposable[] = [];
  /** Aborted on dispose: a fault read in flight sends nothing more and writes no problem after the extension stops. */
  private readonly stopped = new AbortController();
  private readonly read = new vscode.EventEmitter<FaultOutcome>();
  /** Fires when a faulted job's reading ends. */
  readonly onDidRead = this.read.event;

  constructor(private readonly ctx: FaultProblemsDeps) {
    this.disposables.push(
      this.collection,
      this.read,
      vscode.languages.registerCodeActionsProvider('*', this, {
        providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
      }),
    );
  }

  /** Problems shown now, per file (for tests and About). */
  count(): number {
    let count = 0;
    this.collection.forEach((_uri, diagnostics) => (count += diagnostics.length));
    return count;
  }

  /** Clear Job Problems: every process's. */
  clear(): number {
    const cleared = this.count();
    this.clears++;
    this.byProcess.clear();
    this.collection.clear();
    return cleared;
  }

  /** What a fault's reading must still see when it ends, or it is dropped. */
  private moment(id: string): string {
    return `${this.clears}/${this.successes.get(id) ?? 0}`;
  }

  /** A watched job ended: a fault is read, a success clears its process's problems. */
  ended({ connection, folder, job }: WatchedJob): void {
    if (!job.ReleaseName) return;
    const id = processId(connection, folder, job.ReleaseName);
    if (job.State === 'Successful') {
      this.successes.set(id, (this.successes.get(id) ?? 0) + 1);
      if (this.byProcess.delete(id)) this.show();
      return;
    }
    if (job.State !== 'Faulted') return;
    void this.readFault({ connection, folder, job }, id, this.moment(id));
  }

  private async readFault(watched: WatchedJob, id: string, moment: string): Promise<void> {
    const { connection, folder, job } = watched;
    try {
      const [{ readFault }, { workspaceProjects }] = await Promise.all([
        import('./faultReading'),
        import('./workspaceProjects'),
      ]);
      const client = this.ctx.clientFor(connection);
      const reading = await readFault({
        client,
        folder,
        job,
        processKeyOf: (releaseName, requests) => this.processKeyOf(watched, releaseName, requests),
        projects: () => workspaceProjects((problem) => this.ctx.log.warn(`Faults to source: ${problem}`)),
        signal: this.stopped.signal,
      });
      if (this.stopped.signal.aborted) return;
      if (this.moment(id) === moment) {
        const row = makeRow({ kind: 'job', connection, folder, job: reading.job });
        this.add(
          id,
          reading.places.map(({ project, location }) => {
            const uri = vscode.Uri.joinPath(project.folder, ...location.relativePath.split('/'));
            return { uri, row, diagnostic: this.diagnostic(uri, reading, location) };
          }),
        );
        this.show();
      }
      this.ctx.log.info(
        `Faults to source: job ${job.Key} → ${reading.places.length} problems (requests: ${JSON.stringify(reading.requests)}).`,
      );
      this.read.fire({ reading });
    } catch (error) {
      if (this.stopped.signal.aborted) return;
      this.ctx.log.warn(`Faults to source: could not read job ${job.Key}: ${errorMessage(error)}`);
      this.read.fire({ jobKey: job.Key, failure: errorMessage(error) });
    }
  }

  /** A process's new problems with its earlier ones: a place and message once (the newest job's); at most MAX_PER_PROCESS. */
  private add(id: string, problems: readonly Problem[]): void {
    const key = (p: Problem) => `${p.uri.toString()}\n${p.diagnostic.range.start.line}\n${p.diagnostic.message}`;
    const kept = new Map((this.byProcess.get(id) ?? []).map((p) => [key(p), p]));
    for (const problem of problems)
      if (kept.has(key(problem)) || kept.size < MAX_PER_PROCESS) kept.set(key(problem), problem);
    this.byProcess.set(id, [...kept.values()]);
  }

  private processKeyOf(
    { connection, folder }: Pick<WatchedJob, 'connection' | 'folder'>,
    releaseName: string,
    requests: FaultRequests,
  ): Promise<string | undefined> {
    const id = processId(connection, folder, releaseName);
    let known = this.processKeys.get(id);
    if (!known) {
      requests.releases++;
      known = this.ctx
        .clientFor(connection)
        .releases.list({ folder, signal: this.stopped.signal, query: { filter: eq('Name', releaseName), top: 1 } })
        .then((page) => page.items[0]?.ProcessKey);
      this.processKeys.set(id, known);
      // A failed read is tried again at the next fault.
      known.catch(() => this.processKeys.delete(id));
    }
    return known;
  }

  private diagnostic(
    uri: vscode.Uri,
    { job }: FaultReading,
    location: FaultReading['places'][number]['location'],
  ): vscode.Diagnostic {
    const line = location.line - 1;
    const column = (location.column ?? 1) - 1;
    // To the end of the line: the editor cuts a range at the line's end.
    const range = new vscode.Range(line, column, line, Number.MAX_SAFE_INTEGER);
    const diagnostic = new vscode.Diagnostic(range, plainText(location.message), vscode.DiagnosticSeverity.Error);
    diagnostic.source = plainText(job.ReleaseName ?? t('Orchestrator job'));
    diagnostic.relatedInformation = [
      new vscode.DiagnosticRelatedInformation(
        new vscode.Location(uri, range),
        plainText(
          t(
            'Job {0} of {1} ended Faulted at {2} on {3}.',
            job.Key,
            job.ReleaseName ?? '',
            job.EndTime ?? '',
            job.HostMachineName ?? '',
          ),
        ),
      ),
    ];
    return diagnostic;
  }

  private show(): void {
    const byUri = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    for (const problems of this.byProcess.values())
      for (const { uri, diagnostic } of problems) {
        const entry = byUri.get(uri.toString()) ?? { uri, diagnostics: [] };
        entry.diagnostics.push(diagnostic);
        byUri.set(uri.toString(), entry);
      }
    this.collection.clear();
    this.collection.set([...byUri.values()].map(({ uri, diagnostics }) => [uri, diagnostics]));
  }

  /** Show Job (the job panel) on each of this collection's problems under the cursor. */
  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const here = [...this.byProcess.values()].flat().filter((p) => p.uri.toString() === document.uri.toString());
    const actions: vscode.CodeAction[] = [];
    for (const shown of context.diagnostics) {
      const problem = here.find(
        (p) =>
          p.diagnostic.message === shown.message &&
          p.diagnostic.source === shown.source &&
          p.diagnostic.range.start.line === shown.range.start.line,
      );
      if (!problem) continue;
      const action = new vscode.CodeAction(t('Show Job'), vscode.CodeActionKind.QuickFix);
      action.diagnostics = [shown];
      action.command = { command: CommandId.showJob, title: t('Show Job'), arguments: [problem.row] };
      actions.push(action);
    }
    return actions;
  }

  dispose(): void {
    this.stopped.abort();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}
