import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls } from './contribution';

type Uses = Pick<Services, 'activation' | 'log' | 'version'>;

/** Shows which build is running and in which editor; the first thing a bug report needs. */
export const showAbout: CommandDefinition<Uses> = {
  id: CommandId.showAbout,
  contributes: { title: nls('Show Version Information'), palette: 'always' },
  title: t('Show Version Information'),
  async run({ ctx }) {
    const text = t(
      'Orchestrator Workbench {0} on {1} {2} ({3}); activated in {4} ms',
      ctx.version,
      vscode.env.appName,
      vscode.version,
      vscode.env.uiKind === vscode.UIKind.Web ? t('web') : t('desktop'),
      ctx.activation.activateMs.toFixed(1),
    );
    ctx.log.info(text);
    void vscode.window.showInformationMessage(plainText(text));
    return text;
  },
};
