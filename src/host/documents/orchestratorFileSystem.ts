import { plainText } from '../../core/presentation/plainText';
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { Connection } from '../../core/connections';
import { parseDocumentUri, SCHEME, connectionSlug, type DocumentTarget } from '../../core/documents/orchestratorUri';
import { OrchestratorError } from '../../core/http/errors';
import type { ArgumentEntry } from '../../core/orchestrator/schemas';
import { DocumentDrafts } from './documentDrafts';
import { Stored } from '../storedState';
import { t } from '../../core/l10n';
import { onFirstUse } from '../../core/onFirstUse';

/** The documents' text code (with the JSON parser it uses) loads with the first document opened, not at activation. */
export const documentTexts = onFirstUse(() => import('../../core/documents/argumentsDocument'));
const argumentChecks = onFirstUse(() => import('../../core/orchestrator/validation'));

/** What this needs from the extension's context, and nothing more. */
export type DocumentsDeps = Pick<
  Services,
  'accountFor' | 'auth' | 'clientFor' | 'connections' | 'log' | 'sessions' | 'state' | 'track'
>;

interface Opened {
  /** The service's text when the document was last read or applied. */
  base: string;
  mtime: number;
  /** Declared inputs of the process's package (input-value documents), for the checks as you type and on apply. */
  declared?: ArgumentEntry[];
}

/**
 * The `orchestrator:` file system: package arguments, process input values and job output arguments (read-only), as
 * JSON documents in ordinary editors. Reading asks the service; **saving sends nothing**: it keeps the text as a
 * draft (DocumentDrafts), so auto-save can never write a half-typed value to a live service. Only Apply to Service
 * (documentApply.ts) sends a draft, after the user has seen what will change.
 */
export class OrchestratorFileSystem implements vscode.FileSystemProvider {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly opened = new Map<string, Opened>();
  readonly drafts: DocumentDrafts;

  constructor(private readonly ctx: DocumentsDeps) {
    this.drafts = ctx.track(
      new DocumentDrafts(ctx.state, {
        connectionIds: () => ctx.connections.all().map((connection) => connection.id),
        accountOf: (connectionId) => ctx.accountFor(connectionId)?.id,
        log: (message) => ctx.log.info(message),
      }),
    );
    // Earlier versions' drafts find their owner once the sessions are read (and at each later sign-in).
    ctx.track(ctx.sessions.onDidChange(() => void this.drafts.adoptEarlierDrafts()));
    // Signing out from the Accounts menu deletes the account's drafts too (the editor asked there; Sign Out asks itself).
    ctx.track(ctx.auth.onSignOut((account) => this.drafts.forgetAccount(account.id)));
    ctx.track(vscode.workspace.registerFileSystemProvider(SCHEME, this, { isCaseSensitive: true }));
    ctx.track(this.changes);
  }

  /** Why a document cannot be edited, or undefined when it can. */
  readOnlyReason(uri: vscode.Uri): string | undefined {
    const { target, server, connection } = this.resolve(uri);
    if (server) return t("This is the service's current copy, shown for comparison.");
    if (target.kind === 'jobOutput') return t('Output arguments are written by the job.');
    if (connection.protection === 'readOnly')
      return t(
        '{0} is read-only. To allow changes, run "Orchestrator: Edit Connection…" and choose another protection level.',
        connection.label,
      );
    if (target.kind === 'packageArguments' && this.refused(connection).has(`${target.packageId}:${target.version}`)) {
      return t(
        'The service refuses to change the arguments of {0} {1}: the package was uploaded through the API, the packages page or the package feed. Publish a new version to change them; input values can still be set on a process or a job.',
        target.packageId,
        target.version,
      );
    }
    return undefined;
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined); // the service pushes nothing; Apply checks for changes instead
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    let opened = this.opened.get(key(uri));
    if (opened) await this.adoptDraft(uri);
    if (!opened) {
      await this.readFile(uri);
      opened = this.opened.get(key(uri))!;
    }
    const size = Buffer.byteLength(this.drafts.get(uri)?.text ?? opened.base);
    return {
      type: vscode.FileType.File,
      ctime: 0,
      mtime: opened.mtime,
      size,
      ...(this.readOnlyReason(uri) ? { permissions: vscode.FilePermission.Readonly } : {}),
    };
  }

  /** The service's text, or the user's draft when there is one (a draft is never lost by reopening). */
  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { target, connection } = this.resolve(uri);
    const { text, declared } = await this.fetch(target, connection);
    await this.adoptDraft(uri);
    const previous = this.opened.get(key(uri));
    this.opened.set(key(uri), {
      base: text,
      mtime: previous && previous.base === text ? previous.mtime : Date.now(),
      declared,
    });
    return Buffer.from(this.drafts.get(uri)?.text ?? text, 'utf8');
  }

  /** Saving keeps a draft and sends nothing (see the class comment). Text equal to the service's drops the draft. */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const { target } = this.resolve(uri);
    const reason = this.readOnlyReason(uri);
    if (reason)
      throw vscode.FileSystemError.NoPermissions(t('Read-only: {0} Save As keeps a copy of your text.', reason));
    const { sameJson } = await documentTexts();
    const text = Buffer.from(content).toString('utf8');
    const opened = this.opened.get(key(uri));
    const base = this.drafts.get(uri)?.base ?? opened?.base ?? text;
    if (sameJson(text, base) && sameJson(text, opened?.base ?? base)) await this.drafts.delete(uri);
    else await this.drafts.set(uri, { text, base, savedAt: Date.now() });
    if (opened) opened.mtime = Date.now();
    this.ctx.log.info(`Kept a draft of ${titleOf(target)} (not applied to the service).`);
  }

  readDirectory(): [string, vscode.FileType][] {
    throw vscode.FileSystemError.NoPermissions(
      t('Orchestrator documents are opened from the Orchestrator view, not browsed.'),
    );
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(t('Folders cannot be created here.'));
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions(t('Orchestrator documents cannot be deleted.'));
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(t('Orchestrator documents cannot be renamed.'));
  }

  resolve(uri: vscode.Uri): { target: DocumentTarget; server: boolean; connection: Connection } {
    const parsed = parseDocumentUri(uri);
    if ('problem' in parsed) throw vscode.FileSystemError.FileNotFound(parsed.problem);
    const connection = this.ctx.connections.all().find((c) => connectionSlug(c.id) === parsed.target.connection);
    if (!connection) throw vscode.FileSystemError.Unavailable(t('The connection of {0} was removed.', uri.toString()));
    return { ...parsed, connection };
  }

  /**
   * Moves here a draft saved under another address of this document (DocumentDrafts.adopt); when one moved, the
   * document gets a new time and is told changed, so an editor that kept its text reads it again.
   */
  async adoptDraft(uri: vscode.Uri): Promise<void> {
    if (!(await this.drafts.adopt(uri))) return;
    const opened = this.opened.get(key(uri));
    if (opened) opened.mtime = Date.now();
    this.touched(uri);
  }

  /** The declared inputs of an open input-value document (known once it was read). */
  declaredOf(uri: vscode.Uri): ArgumentEntry[] | undefined {
    return this.opened.get(key(uri))?.declared;
  }

  /** The service now holds `text` for this document (applied, or read again). */
  serviceHolds(uri: vscode.Uri, text: string, declared?: ArgumentEntry[]): void {
    const opened = this.opened.get(key(uri));
    this.opened.set(key(uri), {
      base: text,
      mtime: opened?.mtime ?? Date.now(),
      declared: declared ?? opened?.declared,
    });
  }

  /** Tells the editor a document's state changed (read-only now, or its text on the service). */
  touched(uri: vscode.Uri): void {
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** What the service holds now, as the document's text. */
  async fetch(
    target: DocumentTarget,
    connection: Connection,
  ): Promise<{ text: string; declared?: ArgumentEntry[]; title?: string }> {
    const client = this.ctx.clientFor(connection);
    const { packageArgumentsText, releaseInputText } = await documentTexts();
    try {
      switch (target.kind) {
        case 'packageArguments':
          return {
            text: packageArgumentsText(await client.packages.getArguments(`${target.packageId}:${target.version}`)),
          };
        case 'releaseInput': {
          const folder = { id: target.folderId };
          const release = await client.releases.get(target.releaseId, { folder });
          const metadata = await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`, {
            folder,
          });
          const { parseArgumentDeclarations } = await argumentChecks();
          return {
            text: releaseInputText(release),
            declared: parseArgumentDeclarations(metadata.Input),
            // The file name is only the address's label: what is changed is the process the service names.
            title: titleOf({ ...target, name: plainText(release.Name, { maxLength: 200 }) }),
          };
        }
        case 'jobOutput': {
          const job = await client.jobs.get(target.jobKey, { folder: { id: target.folderId } });
          return {
            text: job.OutputArguments ? `${JSON.stringify(JSON.parse(job.OutputArguments), null, 2)}\n` : '{}\n',
          };
        }
      }
    } catch (error) {
      if (error instanceof OrchestratorError && error.status === 404)
        throw vscode.FileSystemError.FileNotFound(error.message);
      throw error;
    }
  }

  private refused(connection: Connection): Set<string> {
    return new Set(this.ctx.state.get(Stored.refusedArguments)[connection.id] ?? []);
  }

  /** A package version's origin never changes: once refused, it opens read-only from then on (every session). */
  async rememberRefusal(connection: Connection, packageKey: string): Promise<void> {
    const all = this.ctx.state.get(Stored.refusedArguments);
    await this.ctx.state.update(Stored.refusedArguments, {
      ...all,
      [connection.id]: [...new Set([...(all[connection.id] ?? []), packageKey])].slice(-500),
    });
  }
}

const key = (uri: vscode.Uri) => uri.toString();

/** A document in the user's words, for messages. */
export function titleOf(target: DocumentTarget): string {
  switch (target.kind) {
    case 'packageArguments':
      return t('the arguments of {0} {1}', target.packageId, target.version);
    case 'releaseInput':
      return t('the input values of {0}', target.name);
    case 'jobOutput':
      return t('the output of {0}', target.name);
  }
}
