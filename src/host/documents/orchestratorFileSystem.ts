import * as vscode from 'vscode';
import type { Ctx } from '../../ctx';
import type { Connection } from '../../core/connections';
import { connectionSlug, documentUri, parseDocumentUri, SCHEME, type DocumentTarget } from '../../core/documents/orchestratorUri';
import { packageArgumentsText, parsePackageArguments, parseReleaseInput, releaseInputText, sameJson } from '../../core/documents/argumentsDocument';
import { isArgumentsRefusal } from '../../core/documents/refusals';
import { OrchestratorError } from '../../core/http/errors';
import { parseArgumentDeclarations } from '../../core/orchestrator/validation';
import type { ArgumentEntry } from '../../core/orchestrator/schemas';
import { guardChange } from '../commands/guardChange';

const REFUSED_KEY = 'orchestrator.argumentsRefused';

interface Opened {
  /** The service's text when the document was read (or last saved): a save checks the service still holds it. */
  base: string;
  mtime: number;
  /** Declared inputs of the process's package (release documents), for the checks on save and as you type. */
  declared?: ArgumentEntry[];
}

/**
 * The `orchestrator:` file system: package arguments (SetArguments), process input values (PATCH Releases) and job
 * output arguments (read-only), as JSON documents in ordinary editors. A save is checked before anything is sent,
 * passes the connection's protection, and is refused when the service changed the value since it was opened (a diff
 * is shown). Every failure throws, so the editor keeps the edit and says why: nothing typed is lost.
 */
export class OrchestratorFileSystem implements vscode.FileSystemProvider {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly opened = new Map<string, Opened>();
  private readonly diagnostics: vscode.DiagnosticCollection;

  constructor(private readonly ctx: Ctx) {
    this.diagnostics = ctx.track(vscode.languages.createDiagnosticCollection('orchestrator'));
    ctx.track(vscode.workspace.onDidChangeTextDocument((event) => this.checkAsTyped(event.document)));
    ctx.track(vscode.workspace.onDidCloseTextDocument((document) => this.diagnostics.delete(document.uri)));
    ctx.track(vscode.workspace.registerFileSystemProvider(SCHEME, this, { isCaseSensitive: true }));
    ctx.track(this.changes);
  }

  /** The document that shows a target (for commands and the tree). */
  static uriOf(target: DocumentTarget): vscode.Uri {
    return vscode.Uri.parse(documentUri(target).toString());
  }

  /** Why a document cannot be saved, or undefined when it can. */
  readOnlyReason(uri: vscode.Uri): string | undefined {
    const { target, server, connection } = this.resolve(uri);
    if (server) return 'This is the service\'s current copy, shown for comparison.';
    if (target.kind === 'jobOutput') return 'Output arguments are written by the job.';
    if (connection.protection === 'readOnly') return `${connection.label} is read-only. To allow changes, run "Orchestrator: Edit Connection…" and choose another protection level.`;
    if (target.kind === 'packageArguments' && this.refused(connection).has(`${target.packageId}:${target.version}`)) {
      return `The service refuses to change the arguments of ${target.packageId} ${target.version}: the package was uploaded through the API, the packages page or the package feed. Publish a new version to change them; input values can still be set on a process or a job.`;
    }
    return undefined;
  }

  /** Says why a document just opened cannot be saved (the editor only shows a lock). */
  explainReadOnly(uri: vscode.Uri): void {
    const reason = this.readOnlyReason(uri);
    if (reason) void vscode.window.showInformationMessage(`Read-only: ${reason}`);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined); // the service pushes nothing; a save checks for changes instead
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    let opened = this.opened.get(key(uri));
    if (!opened) {
      await this.readFile(uri);
      opened = this.opened.get(key(uri))!;
    }
    return { type: vscode.FileType.File, ctime: 0, mtime: opened.mtime, size: Buffer.byteLength(opened.base), ...(this.readOnlyReason(uri) ? { permissions: vscode.FilePermission.Readonly } : {}) };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { target, connection } = this.resolve(uri);
    const { text, declared } = await this.fetch(target, connection);
    const previous = this.opened.get(key(uri));
    this.opened.set(key(uri), { base: text, mtime: previous && previous.base === text ? previous.mtime : Date.now(), declared });
    return Buffer.from(text, 'utf8');
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const { target, connection } = this.resolve(uri);
    const reason = this.readOnlyReason(uri);
    if (reason) throw vscode.FileSystemError.NoPermissions(reason);
    const text = Buffer.from(content).toString('utf8');
    const opened = this.opened.get(key(uri));
    // 1. Checked before anything is sent.
    const declared = opened?.declared ?? (await this.fetch(target, connection)).declared;
    const parsed = target.kind === 'packageArguments' ? parsePackageArguments(text) : parseReleaseInput(text, declared ?? []);
    if (!parsed.ok) throw new vscode.FileSystemError(`Not saved: ${parsed.problems.join(' ')} Your edit is kept.`);
    // 2. The service must still hold what the user started from; otherwise show both and let them merge.
    const current = await this.fetch(target, connection);
    if (opened && !sameJson(current.text, opened.base)) {
      opened.base = current.text; // the user has now seen it: saving again overwrites
      opened.declared = current.declared;
      void vscode.commands.executeCommand('vscode.diff', this.serverUri(target), uri, `${titleOf(target)}: on the service ↔ your edit`);
      throw new vscode.FileSystemError(`Not saved: ${titleOf(target)} changed on the service since you opened it. Compare the two (shown side by side), then save again to overwrite. Your edit is kept.`);
    }
    // 3. The connection's protection.
    await guardChange(this.ctx, connection, { what: `Save ${titleOf(target)} to ${connection.label}`, detail: target.kind === 'packageArguments' ? 'SetArguments replaces every declared argument of this package version.' : 'Jobs started from this process afterwards use these values.', action: 'Save' }).catch((error: unknown) => {
      throw error instanceof vscode.CancellationError ? new vscode.FileSystemError('Not saved: you cancelled. Your edit is kept.') : error;
    });
    const client = this.ctx.clientFor(connection);
    try {
      if (target.kind === 'packageArguments' && parsed.ok) await client.packages.setArguments(`${target.packageId}:${target.version}`, parsed.value as { Input: ArgumentEntry[]; Output: ArgumentEntry[] });
      else if (target.kind === 'releaseInput') await client.releases.setInputArguments(target.releaseId, parsed.value as string, { folder: { id: target.folderId } });
    } catch (error) {
      if (target.kind === 'packageArguments' && isArgumentsRefusal(error)) {
        await this.rememberRefusal(connection, `${target.packageId}:${target.version}`);
        this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
        throw new vscode.FileSystemError(`Not saved: ${(error as Error).message} The document is read-only from now on; your edit is kept (use Save As to keep a copy).`);
      }
      throw new vscode.FileSystemError(`Not saved: ${(error as Error).message} Your edit is kept.`);
    }
    this.opened.set(key(uri), { base: text, mtime: Date.now(), declared });
    this.ctx.log.info(`Saved ${uri.toString()}`);
    if (target.kind === 'releaseInput') this.ctx.explorer.refreshWhere((n) => n.id.endsWith(`/folder/${target.folderId}/processes`));
  }

  readDirectory(): [string, vscode.FileType][] {
    throw vscode.FileSystemError.NoPermissions('Orchestrator documents are opened from the Orchestrator view, not browsed.');
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions('Folders cannot be created here.');
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions('Orchestrator documents cannot be deleted.');
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions('Orchestrator documents cannot be renamed.');
  }

  private serverUri(target: DocumentTarget): vscode.Uri {
    return vscode.Uri.parse(documentUri(target, { server: true }).toString());
  }

  private resolve(uri: vscode.Uri): { target: DocumentTarget; server: boolean; connection: Connection } {
    const parsed = parseDocumentUri(uri.toString());
    if ('problem' in parsed) throw vscode.FileSystemError.FileNotFound(parsed.problem);
    const connection = this.ctx.connections.all().find((c) => connectionSlug(c.id) === parsed.target.connection);
    if (!connection) throw vscode.FileSystemError.Unavailable(`The connection of ${uri.toString()} was removed.`);
    return { ...parsed, connection };
  }

  /** What the service holds now, as the document's text. */
  private async fetch(target: DocumentTarget, connection: Connection): Promise<{ text: string; declared?: ArgumentEntry[] }> {
    const client = this.ctx.clientFor(connection);
    try {
      switch (target.kind) {
        case 'packageArguments':
          return { text: packageArgumentsText(await client.packages.getArguments(`${target.packageId}:${target.version}`)) };
        case 'releaseInput': {
          const folder = { id: target.folderId };
          const release = await client.releases.get(target.releaseId, { folder });
          const metadata = await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`, { folder });
          return { text: releaseInputText(release), declared: parseArgumentDeclarations(metadata.Input) };
        }
        case 'jobOutput': {
          const job = await client.jobs.get(target.jobKey, { folder: { id: target.folderId } });
          return { text: job.OutputArguments ? `${JSON.stringify(JSON.parse(job.OutputArguments), null, 2)}\n` : '{}\n' };
        }
      }
    } catch (error) {
      if (error instanceof OrchestratorError && error.status === 404) throw vscode.FileSystemError.FileNotFound(error.message);
      throw error;
    }
  }

  /** Release documents: the declared types are checked as the user types (package documents have a JSON schema). */
  private checkAsTyped(document: vscode.TextDocument): void {
    if (document.uri.scheme !== SCHEME) return;
    const opened = this.opened.get(key(document.uri));
    if (!opened?.declared) return;
    const parsed = parseReleaseInput(document.getText(), opened.declared);
    this.diagnostics.set(document.uri, parsed.ok ? [] : parsed.problems.map((problem) => Object.assign(new vscode.Diagnostic(new vscode.Range(0, 0, 0, 1), problem, vscode.DiagnosticSeverity.Error), { source: 'Orchestrator' })));
  }

  private refused(connection: Connection): Set<string> {
    return new Set(this.ctx.extension.globalState.get<Record<string, string[]>>(REFUSED_KEY, {})[connection.id] ?? []);
  }

  /** A package version's origin never changes: once refused, it opens read-only from then on (every session). */
  private async rememberRefusal(connection: Connection, packageKey: string): Promise<void> {
    const all = this.ctx.extension.globalState.get<Record<string, string[]>>(REFUSED_KEY, {});
    await this.ctx.extension.globalState.update(REFUSED_KEY, { ...all, [connection.id]: [...new Set([...(all[connection.id] ?? []), packageKey])].slice(-500) });
  }
}

const key = (uri: vscode.Uri) => uri.toString();

function titleOf(target: DocumentTarget): string {
  switch (target.kind) {
    case 'packageArguments':
      return `the arguments of ${target.packageId} ${target.version}`;
    case 'releaseInput':
      return `the input values of ${target.name}`;
    case 'jobOutput':
      return `the output of job ${target.jobKey}`;
  }
}
