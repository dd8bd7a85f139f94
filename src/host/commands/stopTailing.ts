import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { LOG_SCHEME } from '../logs/logTails';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { formatNumber, t } from '../../core/l10n';
import { nls, paletteCommand } from './contribution';

type Uses = Pick<Services, 'input' | 'tails'>;

/** Stops a tail: the one in the active editor, else the only one, else the one picked. The lines read stay. */
export const stopTailing: CommandDefinition<Uses> = {
  id: CommandId.stopTailing,
  contributes: paletteCommand(nls('Stop Tailing'), '$(debug-pause)', 'signedIn'),
  title: t('Stop Tailing'),
  asksFirst: true,
  async run({ ctx }, id) {
    const following = ctx.tails.following();
    const active = vscode.window.activeTextEditor?.document.uri;
    let chosen =
      typeof id === 'string'
        ? id
        : active?.scheme === LOG_SCHEME && following.some((t) => t.id === active.query)
          ? active.query
          : following.length === 1
            ? following[0]!.id
            : undefined;
    if (!chosen) {
      if (following.length === 0) {
        void vscode.window.showInformationMessage(t('No log is being tailed.'));
        return undefined;
      }
      chosen = (
        await ctx.input.pick(
          following.map((tail) => ({
            label: plainText(tail.title),
            description: t('{0} lines', formatNumber(tail.received)),
            id: tail.id,
          })),
          { title: t('Stop tailing which log?') },
        )
      )?.id;
      if (!chosen) return undefined;
    }
    ctx.tails.stop(chosen);
    return chosen;
  },
};
