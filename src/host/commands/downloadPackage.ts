import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { rowOf } from '../../core/rows/rowOf';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { formatNumber, t } from '../../core/l10n';
import { nls, packageCommand } from './contribution';

type Uses = Pick<Services, 'clientFor' | 'input'>;

/** Saves a package version (.nupkg) where the user chooses; from a package row (its latest version) or a version row. */
export const downloadPackage: CommandDefinition<Uses> = {
  id: CommandId.downloadPackage,
  contributes: packageCommand(nls('Download Package…'), '$(cloud-download)', 1),
  asksFirst: true,
  title: t('Download Package'),
  async run({ ctx, signal, progressTitle }, node) {
    const { connection, folder, package: pkg } = rowOf(node, 'package', 'packageVersion');
    const fileName = `${pkg.Id}.${pkg.Version}.nupkg`;
    const base = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await ctx.input.saveFile({
      title: plainText(t('Save {0} {1}', pkg.Id, pkg.Version)),
      saveLabel: t('Download'),
      defaultUri: base ? vscode.Uri.joinPath(base, fileName) : undefined,
      filters: { Packages: ['nupkg'] },
    });
    if (!target) return undefined;
    progressTitle(t('Downloading {0} {1}…', pkg.Id, pkg.Version));
    const { bytes } = await ctx.clientFor(connection).packages.download(pkg.Key, { folder, signal });
    await vscode.workspace.fs.writeFile(target, bytes);
    void vscode.window
      .showInformationMessage(
        plainText(t('Saved {0} ({1} bytes).', fileName, formatNumber(bytes.byteLength))),
        'Reveal',
      )
      .then((choice) => {
        if (choice) void vscode.commands.executeCommand('revealFileInOS', target);
      });
    return target.toString();
  },
};
