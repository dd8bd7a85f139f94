import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Ctx } from '../../ctx';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';

type Uses = Pick<Ctx, 'activation' | 'log' | 'version'>;

/** Shows which build is running and in which editor; the first thing a bug report needs. */
export const showAbout: CommandDefinition<Uses> = {
  id: CommandId.showAbout,
  title: 'Show Version Information',
  async run({ ctx }) {
    const text = `Orchestrator Workbench ${ctx.version} on ${vscode.env.appName} ${vscode.version} (${vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop'}); activated in ${ctx.activation.activateMs.toFixed(1)} ms`;
    ctx.log.info(text);
    void vscode.window.showInformationMessage(plainText(text));
    return text;
  },
};
