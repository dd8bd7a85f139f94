import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import { isOutcomeUnknown, OrchestratorError } from '../../core/http/errors';
import { formatNumber, t } from '../../core/l10n';
import { eq } from '../../core/odata/filter';
import { readNupkgInfo, type NupkgInfo } from '../../core/orchestrator/nupkgInfo';
import { UPLOAD_MAX_BYTES } from '../../core/orchestrator/packageUpload';
import { plainText } from '../../core/presentation/plainText';
import { RowIds } from '../../core/rows/rowIds';
import { makeRow, type FolderById } from '../../core/rows/rows';
import { guardChange } from '../guards/guardChange';
import type { Services } from '../services';
import { nls } from './contribution';
import { pickConnectionToChange } from './pickConnectionToChange';
import { pickFolder } from './pickFolder';
import type { CommandDefinition, CommandRun } from './registry';
import { runCommand } from './runCommand';
import { reasonOf, tellOutcomeUnknown } from './unknownOutcome';
import { updateProcessToLatest } from './updateProcessVersion';

export type UploadUses = Pick<
  Services,
  'accountFor' | 'active' | 'clientFor' | 'commands' | 'connections' | 'explorer' | 'input' | 'log'
>;

/** What an upload did, for the caller (Publish Workspace Project) and the tests. */
export interface UploadOutcome {
  packageId: string;
  version: string;
  connection: string;
  /** The new version is the package's latest in the feed (read back after the upload). */
  latest: boolean;
  /** The processes of the folder updated to it. */
  updated: string[];
  /** A library: sent to the tenant's library feed (no folder, no processes to update). */
  library: boolean;
}

/**
 * Upload Package…: a .nupkg from the File Explorer's context menu or the palette (a file dialog). The package is read
 * first (id and version, from its .nuspec) so the questions say what will be sent; a file that is not a package is
 * refused before any request. Then one UploadPackage, never repeated; afterwards the folder's Packages row reloads and
 * the folder's processes that run an older version of the package are offered Update to Latest Version. A library
 * project's package goes to the tenant's library feed instead: no folder is asked, the Libraries row reloads.
 */
export const uploadPackage: CommandDefinition<UploadUses> = {
  id: CommandId.uploadPackage,
  contributes: {
    title: nls('Upload Package…'),
    icon: '$(cloud-upload)',
    palette: 'signedIn',
    changes: true,
    fileExplorer: [{ when: 'resourceExtname == .nupkg', group: '7_orchestrator', order: 1 }],
  },
  title: t('Upload Package'),
  asksFirst: true,
  async run(run, file) {
    // The File Explorer passes the file it was opened on; the palette, nothing.
    const { input } = run.ctx;
    const chosen =
      file instanceof vscode.Uri
        ? file
        : await input.openFile({
            title: t('Upload Package: choose a .nupkg'),
            filters: { Packages: ['nupkg'] },
          });
    if (!chosen) return undefined;
    return uploadPackageFile(run, chosen);
  },
};

const fileNameOf = (file: vscode.Uri) => file.path.slice(file.path.lastIndexOf('/') + 1);

/** The package's bytes and what it says it is; a file too big or not a package is refused here (nothing sent). */
async function readPackage(file: vscode.Uri): Promise<{ bytes: Uint8Array; info: NupkgInfo }> {
  const name = fileNameOf(file);
  const { size } = await vscode.workspace.fs.stat(file);
  if (size > UPLOAD_MAX_BYTES)
    throw new Error(
      t(
        '{0} is {1} bytes; packages above {2} bytes are not uploaded. Nothing was sent.',
        name,
        formatNumber(size),
        formatNumber(UPLOAD_MAX_BYTES),
      ),
    );
  const bytes = await vscode.workspace.fs.readFile(file);
  const info = readNupkgInfo(bytes);
  if ('problem' in info) throw new Error(t('{0} is not a package: {1} Nothing was sent.', name, info.problem));
  return { bytes, info };
}

/** The sentence for a refusal the service explains (409, 400, 413); other failures keep the transport's words. */
function refusal(error: OrchestratorError, info: NupkgInfo, name: string, connection: Connection): Error | undefined {
  const service = connection.label;
  switch (error.status) {
    case 409:
      return new Error(
        t(
          '{0} {1} is already in the feed of {2}: nothing was changed. Raise the version (project.json "projectVersion") and upload again.',
          info.id,
          info.version,
          service,
        ),
      );
    case 400:
      return new Error(t('{0} refused {1} as a package: {2} Nothing was changed.', service, name, error.message));
    case 403:
      return info.library
        ? new Error(
            t(
              '{0} refused {1}: uploading a library needs the Libraries.Create permission ({2}). Nothing was changed.',
              service,
              name,
              error.message,
            ),
          )
        : undefined;
    case 413:
      return new Error(
        t('{0} is larger than {1} accepts (its package size limit): nothing was changed.', name, service),
      );
    default:
      return undefined;
  }
}

/** Uploads one .nupkg: what Upload Package does once it has the file, and what Publish Workspace Project ends with. */
export async function uploadPackageFile(
  { ctx, signal, progressTitle }: CommandRun<UploadUses>,
  file: vscode.Uri,
): Promise<UploadOutcome | undefined> {
  const name = fileNameOf(file);
  const { bytes, info } = await readPackage(file);
  const label = `${info.id} ${info.version}`; // l10n: code (a package's id and version)
  const connection = await pickConnectionToChange(
    ctx,
    undefined,
    info.library ? t('Upload library {0} to which connection?', label) : t('Upload {0} to which connection?', label),
    t('Upload Package'),
    (c) => ctx.accountFor(c.id) !== undefined,
  );
  if (!connection) return undefined;
  // A library is the tenant's: its feed has no folders.
  const folder = info.library
    ? undefined
    : await pickFolder(ctx, connection, t('Upload {0}: the folder whose processes may use it', label), signal);
  if (!info.library && !folder) return undefined;
  await guardChange(ctx, connection, {
    what: info.library
      ? t("Upload library {0} to {1}'s library feed", label, connection.label)
      : t('Upload {0} to {1}', label, connection.label),
    detail: t('{0} ({1} bytes). {2}', name, formatNumber(bytes.byteLength), info.title ?? info.description ?? ''),
    action: t('Upload'),
  });
  progressTitle(t('Uploading {0} ({1} bytes)…', label, formatNumber(bytes.byteLength)));
  const client = ctx.clientFor(connection);
  const where: FolderById | undefined = folder && { id: folder.id };
  const feedRow = where ? RowIds.ofFolder(connection.id, where.id, 'packages') : RowIds.libraries(connection.id);
  try {
    await client.packages.upload(
      { bytes, fileName: name },
      { ...(where && { folder: where }), library: info.library, signal },
    );
  } catch (error) {
    if (!(error instanceof OrchestratorError)) throw error;
    if (isOutcomeUnknown(error)) {
      tellOutcomeUnknown(
        ctx,
        info.library
          ? t(
              '{0} was sent to {1}, but no clean answer came back ({2}). It may have been uploaded: look at its versions under Tenant › Libraries before uploading it again.',
              label,
              connection.label,
              reasonOf(error),
            )
          : t(
              '{0} was sent to {1}, but no clean answer came back ({2}). It may have been uploaded: look at its versions under Packages before uploading it again.',
              label,
              connection.label,
              reasonOf(error),
            ),
        {
          [info.library ? t('Show Libraries') : t('Show Packages')]: () => {
            ctx.explorer.refreshRows(feedRow);
          },
        },
      );
      return undefined;
    }
    throw refusal(error, info, name, connection) ?? error;
  }
  ctx.explorer.refreshRows(feedRow);
  const versions = where
    ? await client.packages.versions(info.id, { folder: where, signal })
    : await client.packages.libraryVersions(info.id, { signal });
  const latest = versions.items.some((v) => v.Version === info.version && v.IsLatestVersion);
  ctx.log.info(t('Uploaded {0} to {1}.', label, connection.label));
  const updated = latest && folder ? await offerUpdates(ctx, { connection, folder, info, signal }) : [];
  if (updated.length === 0)
    void vscode.window.showInformationMessage(
      plainText(
        latest
          ? info.library
            ? t("Uploaded library {0} to {1}'s library feed: the latest version.", label, connection.label)
            : t('Uploaded {0} to {1}: the latest version.', label, connection.label)
          : t('Uploaded {0} to {1}; a higher version stays the latest.', label, connection.label),
      ),
    );
  return {
    packageId: info.id,
    version: info.version,
    connection: connection.label,
    latest,
    updated,
    library: info.library,
  };
}

/**
 * The folder's processes that run an older version of the package, offered (all picked) for Update to Latest
 * Version; each chosen one goes through that command, its protection and its one request.
 */
async function offerUpdates(
  ctx: UploadUses,
  target: { connection: Connection; folder: { id: number; label: string }; info: NupkgInfo; signal: AbortSignal },
): Promise<string[]> {
  const { connection, folder, info, signal } = target;
  const where: FolderById = { id: folder.id };
  const releases = await ctx
    .clientFor(connection)
    .releases.list({ folder: where, signal, query: { filter: eq('ProcessKey', info.id), top: 100 } });
  const outdated = releases.items.filter((r) => r.ProcessVersion !== info.version);
  if (outdated.length === 0) return [];
  const chosen = await ctx.input.pickMany(
    outdated.map((release) => ({
      label: plainText(release.Name),
      description: t('runs {0}', release.ProcessVersion),
      picked: true,
      release,
    })),
    {
      title: t(
        'Uploaded {0} {1}. Update these processes of {2} to it?',
        info.id,
        info.version,
        plainText(folder.label),
      ),
    },
  );
  const updated: string[] = [];
  for (const { release } of chosen ?? []) {
    const row = makeRow({ kind: 'process', connection, folder: where, release });
    if ((await runCommand(ctx, updateProcessToLatest, [row])) !== undefined) updated.push(release.Name);
  }
  if (updated.length > 0)
    void vscode.window.showInformationMessage(
      plainText(t('Updated {0} to {1} {2}.', updated.join(', '), info.id, info.version)),
    );
  return updated;
}
