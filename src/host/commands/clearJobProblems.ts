import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { formatNumber, t } from '../../core/l10n';
import { nls, paletteCommand } from './contribution';
import { plainText } from '../../core/presentation/plainText';

type Uses = Pick<Services, 'faultProblems'>;

/** Clears the problems faulted jobs put on the workspace's files (a later successful run clears its process's too). */
export const clearJobProblems: CommandDefinition<Uses> = {
  id: CommandId.clearJobProblems,
  contributes: paletteCommand(nls('Clear Job Problems'), '$(clear-all)', 'always'),
  title: t('Clear Job Problems'),
  async run({ ctx }) {
    const cleared = (await ctx.faultProblems()).clear();
    void vscode.window.showInformationMessage(
      plainText(
        cleared === 0
          ? t('There were no job problems to clear.')
          : t('Cleared {0} job problems.', formatNumber(cleared)),
      ),
    );
    return cleared;
  },
};
