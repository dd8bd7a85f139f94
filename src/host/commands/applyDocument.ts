import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { applyDraft } from '../documents/documentApply';
import { documentOf } from './documentOf';
import type { Ctx } from '../../ctx';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';

type Uses = Pick<Ctx, 'clientFor' | 'connections' | 'documents' | 'explorer' | 'input' | 'log'>;

/** Apply to Service: sends a document's draft after showing what will change (the only way edits reach the service). */
export const applyDocument: CommandDefinition<Uses> = {
  id: CommandId.applyDocument,
  title: t('Apply to Service'),
  asksFirst: true,
  async run({ ctx, progressTitle }, arg) {
    const message = await applyDraft(ctx, documentOf(arg), progressTitle);
    void vscode.window.showInformationMessage(plainText(message));
    return message;
  },
};
